import { z } from 'zod';

/**
 * How a request field that the server reads leniently is written in the OpenAPI document. A field
 * that parses its text (`"20"` → 20, `ghs` → `GHS`) has a string as its zod input, so the document
 * would say only "a string"; the helper that builds the field says here what a client should send,
 * from the same values and bounds the field checks (lib/surfaces/openapi/document.ts applies it).
 * A registry, so that a copy made by `.meta()` or `.refine()` is written as its original.
 */
export const DOCUMENTED_AS = z.registry<Record<string, unknown>>();

export function documented<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  DOCUMENTED_AS.add(schema, json);
  return schema;
}

/**
 * Keywords added to what zod writes for a schema (a refine zod cannot write: `pattern`,
 * `maxProperties`). A zod registry, not a map: a schema refined further (`timestampInput.refine(…)`)
 * is a new instance whose entry here is its parent's.
 */
export const DOCUMENTED_ALSO = z.registry<Record<string, unknown>>();

export function documentedAlso<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  DOCUMENTED_ALSO.add(schema, { ...DOCUMENTED_ALSO.get(schema), ...json });
  return schema;
}

/**
 * A body whose fields depend on each other ("exactly one of", "required for this type"): the server
 * checks it with one object and a refinement, which names the wrong field in its 422; the document
 * shows the shapes it accepts, as `oneOf` (zod's `xor`) of `variants` built from the same field
 * schemas. tests/integration/schema-both-ways.test.ts holds the two to each other.
 */
export const DOCUMENTED_VARIANTS = new WeakMap<z.ZodType, z.ZodType>();

export function documentedVariants<T extends z.ZodType>(schema: T, variants: z.ZodType): T {
  DOCUMENTED_VARIANTS.set(schema, variants);
  return schema;
}

type Shape = z.ZodObject;

/**
 * The variants of such a body as `oneOf`, each ruling out the fields only the others have (`false`
 * in the document, `field?: never` in generated types), so a typed client cannot mix two of them.
 */
export function exclusiveVariants(variants: readonly [Shape, Shape, ...Shape[]]): z.ZodType {
  const every = new Set(variants.flatMap((variant) => Object.keys(variant.shape)));
  const closed = variants.map((variant) =>
    variant.extend(
      Object.fromEntries([...every].filter((key) => !(key in variant.shape)).map((key) => [key, z.never().optional()])),
    ),
  );
  return z.xor(closed as unknown as [Shape, Shape, ...Shape[]]);
}
