import { z } from 'zod';
import { CURRENCY_CODES, isCurrencyCode } from '../money/currencies';

/** A whole-number query parameter within bounds, with a default. */
export const integerParam = (field: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, `${field} must be a whole number`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback);

/** Spec 2.6 paging: `page` from 1, `size` up to 100. */
export const pageQuery = (defaultSize: number) => ({
  page: integerParam('page', 1, 1_000_000, 1),
  size: integerParam('size', 1, 100, defaultSize),
});

export const offsetOf = (q: { page: number; size: number }) => (q.page - 1) * q.size;

/** A currency filter in any case: `ghs` → `GHS`; an unknown code is a 422. */
export const currencyFilter = z
  .string()
  .transform((v) => v.toUpperCase())
  .refine(isCurrencyCode, `must be a supported currency code (${CURRENCY_CODES.join(', ')})`);

/** A lowercase enum filter that also accepts other cases (`PENDING` = `pending`). */
export const caseInsensitiveEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(values, { error: `must be one of ${values.join(', ')}` }));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A moment in a query, read as the API writes them (UTC, no zone: `2026-11-24T09:30:00`); a zone may be
 * given. A bare date is the start of that day (`edge` = 'start') or its last instant (`edge` = 'end'),
 * so `created_from=2026-11-24&created_to=2026-11-24` is that whole day.
 */
export const momentParam = (edge: 'start' | 'end') =>
  z
    .string()
    .refine((v) => DATE.test(v) || DATE_TIME.test(v), 'must be a date (2026-11-24) or a UTC date-time (2026-11-24T09:30:00)')
    .transform((v, ctx) => {
      const text = DATE.test(v) ? `${v}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : /(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`;
      const moment = new Date(text);
      // Date accepts 2026-02-31 by rolling over: a day that does not exist is refused, not moved.
      if (Number.isNaN(moment.getTime()) || (DATE.test(v) && moment.toISOString().slice(0, 10) !== v)) {
        ctx.addIssue({ code: 'custom', message: 'is not a real date' });
        return z.NEVER;
      }
      return moment;
    });
