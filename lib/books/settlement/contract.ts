import { z } from 'zod';
import { needs } from '../../access/permissions';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { listSettlementsQuery, runSettlementInput } from './input';

/** One settlement of one wallet: its deposits' totals and what moved from holding to available. */
export const settlementBatchSchema = named(
  'SettlementBatch',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    wallet_id: uuidField,
    currency_code: currencyCode,
    transaction_count: z.int().min(1).meta({ description: 'How many deposits the batch settled' }),
    gross_amount: amount.meta({ description: 'What customers paid for those deposits' }),
    fee_amount: amount.meta({ description: 'Our fees on them' }),
    net_amount: amount.meta({ description: 'gross_amount − fee_amount' }),
    settled_amount: amount.meta({
      description:
        'Moved from holding to available: net_amount less what refunds already took from holding for these deposits',
    }),
    cutoff_at: timestamp.meta({ description: 'Deposits completed at or before this moment were due' }),
    created_at: timestamp,
  }),
);
export type SettlementBatch = z.infer<typeof settlementBatchSchema>;

export const settledDepositSchema = named(
  'SettledDeposit',
  z.object({
    transaction_id: uuidField,
    checkout_session_id: uuidField.nullable(),
    amount,
    fee_amount: amount,
    net_amount: amount,
    completed_at: nullableTimestamp,
    is_duplicate: z.boolean(),
  }),
);

export const settlementBatchDetailSchema = named(
  'SettlementBatchDetail',
  settlementBatchSchema.extend({
    transactions: z.array(settledDepositSchema).meta({ description: 'The deposits the batch settled, oldest first' }),
  }),
);
export type SettlementBatchDetail = z.infer<typeof settlementBatchDetailSchema>;

export const listSettlementBatches = operation({
  operationId: 'listSettlementBatches',
  method: 'GET',
  path: '/api/v1/merchants/wallet/settlements',
  tag: 'Wallets',
  summary: 'List settlements',
  description: 'Settlement batches, newest first, each with the deposits it settled.',
  security: 'apiKey',
  permission: needs.read,
  query: listSettlementsQuery,
  data: z.array(settlementBatchDetailSchema),
  paginated: true,
});

export const runSettlement = operation({
  operationId: 'runSettlement',
  method: 'POST',
  path: '/api/admin/v1/settlements/run',
  tag: 'Operator',
  summary: 'Run settlement now',
  description:
    "Settles one merchant's wallets without a settlement hold (`merchant_id`; an unknown one is a 404), or every merchant's (`all_merchants: true`; one of the two is required): deposits completed at or before `as_of` (default now) minus the settlement delay move from holding to available, one batch per wallet; then checkouts whose payment settled move from `paid` to `completed`. Safe to run twice at once.",
  security: 'adminBearer',
  body: runSettlementInput,
  errors: [404],
  data: z.object({
    cutoff: timestamp.meta({ description: '`as_of` minus the settlement delay' }),
    batches: z.array(settlementBatchSchema).meta({ description: 'The batches this run made' }),
    checkouts_completed: z.int().min(0).meta({ description: 'Checkouts moved from `paid` to `completed`' }),
  }),
});
