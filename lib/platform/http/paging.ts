import { z } from 'zod';
import { documented } from '../documented';

/** A whole-number query parameter within bounds, with a default (an integer in the document). */
export const integerParam = (field: string, min: number, max: number, fallback: number) =>
  documented(
    z
      .string()
      .regex(/^\d+$/, `${field} must be a whole number`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
    { type: 'integer', minimum: min, maximum: max, default: fallback },
  ).default(fallback);

/** Spec 2.6 paging: `page` from 1, `size` up to 100. */
export const pageQuery = (defaultSize: number) => ({
  page: integerParam('page', 1, 1_000_000, 1),
  size: integerParam('size', 1, 100, defaultSize),
});

export const offsetOf = (q: { page: number; size: number }) => (q.page - 1) * q.size;

/** A lowercase enum filter that also accepts other cases (`PENDING` = `pending`). */
export const caseInsensitiveEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  documented(
    z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` })),
    { type: 'string', enum: [...values] },
  );
