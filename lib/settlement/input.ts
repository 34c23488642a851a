import { z } from 'zod';
import { currencyFilter, pageQuery } from '../http/paging';

export const listSettlementsQuery = z.strictObject({ currency_code: currencyFilter.optional(), ...pageQuery(20) });

/** `as_of`: settle as if it were this moment (tests, demos); at most a year ahead. */
export const runSettlementInput = z.strictObject({
  as_of: z.iso
    .datetime({ offset: true, local: true, error: 'must be an ISO 8601 date-time' })
    .transform((v) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`))
    .refine((d) => d.getTime() < Date.now() + 366 * 86_400_000, 'must be within a year from now')
    .optional(),
  merchant_id: z.uuid({ error: 'must be a UUID' }).optional(),
});
