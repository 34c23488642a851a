import { z } from 'zod';

/**
 * A merchant's own JSON object (`provider_metadata`, `api_key_metadata`, `recipient_details` before
 * its type is known): stored and echoed as given, so bounded, or one request could store megabytes
 * or ten thousand keys. Keys are counted at every level (array items too), depth counts the object
 * itself as level 1, size is its JSON text in UTF-8 bytes.
 */
export const FREE_FORM_LIMITS = { keys: 100, depth: 5, bytes: 4096 } as const;
export type FreeFormLimits = { keys: number; depth: number; bytes: number };

/** What is wrong with `value` under `limits`, or null. Walks with a stack of its own, not recursion. */
export function freeFormProblem(value: object, limits: FreeFormLimits = FREE_FORM_LIMITS): string | null {
  const pending: { value: object; depth: number }[] = [{ value, depth: 1 }];
  let keys = 0;
  while (pending.length) {
    const next = pending.pop()!;
    if (next.depth > limits.depth) return `must be at most ${limits.depth} levels deep`;
    for (const child of Object.values(next.value)) {
      if (++keys > limits.keys) return `must have at most ${limits.keys} keys and items in all`;
      if (child !== null && typeof child === 'object') pending.push({ value: child as object, depth: next.depth + 1 });
    }
  }
  if (Buffer.byteLength(JSON.stringify(value)) > limits.bytes) return `must be at most ${limits.bytes} bytes of JSON`;
  return null;
}

/** The schema of every free-form object field: a JSON object within FREE_FORM_LIMITS. */
export function freeFormObject(limits: FreeFormLimits = FREE_FORM_LIMITS) {
  return z
    .record(z.string(), z.unknown(), { error: 'must be an object' })
    .superRefine((value, ctx) => {
      const problem = freeFormProblem(value, limits);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({
      description: `Your own JSON object: at most ${limits.keys} keys and array items in all, ${limits.depth} levels deep and ${limits.bytes} bytes of JSON`,
    });
}
