import { z } from 'zod';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';

export const unresolvedOnRailsSchema = named(
  'UnresolvedOnRails',
  z.object({
    attempts: z.array(
      z.object({
        attempt_id: uuidField,
        checkout_id: uuidField,
        merchant_id: uuidField,
        provider: z.string(),
        provider_reference: z.string().nullable(),
        status: z
          .string()
          .meta({ description: "The attempt's status for the customer (processing, timeout, abandoned)" }),
        amount,
        currency_code: currencyCode,
        last_provider_status: z.string().nullable().meta({
          description: "What the provider's status query last said (pending, unknown, not_found), null if never asked",
        }),
        last_checked_at: nullableTimestamp,
        created_at: timestamp,
      }),
    ),
    payouts: z.array(
      z.object({
        transaction_id: uuidField,
        merchant_id: uuidField,
        kind: z.enum(['withdrawal', 'payout']),
        provider: z.string().nullable(),
        provider_reference: z.string().nullable(),
        amount,
        currency_code: currencyCode,
        processing_since: nullableTimestamp,
      }),
    ),
  }),
);
export type UnresolvedOnRails = z.infer<typeof unresolvedOnRailsSchema>;

export const unresolvedQuery = z.strictObject({
  older_than_minutes: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0)
    .max(43_200)
    .default(30),
});

export const listUnresolvedOnRails = operation({
  operationId: 'listUnresolvedOnRails',
  method: 'GET',
  path: '/api/admin/v1/rails/unresolved',
  tag: 'Operator',
  summary: 'List what the live rails left unresolved',
  description:
    'Live mobile-money attempts whose provider has given no final answer, and withdrawals and payouts still PROCESSING, older than `older_than_minutes` (30 by default), oldest first, at most 200 of each. The service keeps asking the provider for about a day (then logs `rail.attempt_unresolved` / `rail.payout_unresolved`); these are the ones to take up with the provider.',
  security: 'adminBearer',
  query: unresolvedQuery,
  data: unresolvedOnRailsSchema,
});
