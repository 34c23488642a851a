import { z } from 'zod';
import { pageQuery } from '../../platform/http/paging';
import { currencyInput } from '../../platform/http/money-input';
import { timestampInput } from '../../platform/http/timestamp-input';
import { documentedVariants, exclusiveVariants } from '../../platform/documented';

export const listSettlementsQuery = z.strictObject({ currency_code: currencyInput.optional(), ...pageQuery(20) });

/**
 * `as_of`: settle as if it were this moment (tests, demos); at most a year ahead. Which merchants is
 * always said: one (`merchant_id`) or `all_merchants: true`, never by leaving the body out.
 */
const asOf = timestampInput
  .refine((d) => d.getTime() < Date.now() + 366 * 86_400_000, 'must be within a year from now')
  .optional()
  .meta({ description: 'Settle as if it were this moment (UTC when no offset): at most 366 days ahead' });
export const runSettlementInput = documentedVariants(
  z
    .strictObject({
      as_of: asOf,
      merchant_id: z.uuid({ error: 'must be a UUID' }).optional(),
      all_merchants: z.literal(true, { error: 'must be true (or leave it out and give merchant_id)' }).optional(),
    })
    .refine((v) => (v.merchant_id === undefined) !== (v.all_merchants === undefined), {
      path: ['merchant_id'],
      message: 'give either merchant_id or all_merchants: true',
    }),
  exclusiveVariants([
    z.strictObject({ as_of: asOf, merchant_id: z.uuid() }),
    z.strictObject({ as_of: asOf, all_merchants: z.literal(true) }),
  ]),
);
