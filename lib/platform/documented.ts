import type { z } from 'zod';

/**
 * How a request field that the server reads leniently is written in the OpenAPI document. A field
 * that parses its text (`"20"` → 20, `ghs` → `GHS`) has a string as its zod input, so the document
 * would say only "a string"; the helper that builds the field says here what a client should send,
 * from the same values and bounds the field checks (lib/surfaces/openapi/document.ts applies it).
 */
export const DOCUMENTED_AS = new WeakMap<z.ZodType, Record<string, unknown>>();

export function documented<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  DOCUMENTED_AS.set(schema, json);
  return schema;
}
