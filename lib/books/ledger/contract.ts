import { z } from 'zod';
import { operation } from '../../platform/http/operation';
import { named, timestamp, uuidField } from '../../platform/http/shapes';

/** As the journal stores it (reconciliation looks at the raw books). */
const currencyCode = z.string().meta({ description: 'ISO 4217 code' });
const minorUnits = (description: string) =>
  z
    .string()
    .regex(/^-?\d+$/)
    .meta({ description, example: '-1250' });

export const reconciliationSchema = named(
  'LedgerReconciliation',
  z.object({
    balanced: z.boolean().meta({ description: 'True when all three lists below are empty' }),
    checked_at: timestamp,
    entries_checked: z.int().min(0),
    wallets_checked: z.int().min(0),
    unbalanced_entries: z
      .array(
        z.object({
          entry_id: uuidField,
          currency_code: currencyCode,
          difference: minorUnits('Debits − credits, minor units, as a string (exact at any size)'),
        }),
      )
      .meta({ description: 'Entries whose debits and credits differ in a currency (at most 100)' }),
    wallet_differences: z
      .array(
        z.object({
          wallet_id: uuidField,
          merchant_id: uuidField,
          currency_code: currencyCode,
          bucket: z.enum(['holding', 'available']),
          wallet_balance: minorUnits('The balance stored on the wallet, minor units'),
          journal_balance: minorUnits('The balance its journal lines add up to (credits − debits), minor units'),
        }),
      )
      .meta({ description: 'Wallet balances that differ from the journal (at most 100)' }),
    negative_balances: z
      .array(z.object({ wallet_id: uuidField, currency_code: currencyCode }))
      .meta({ description: 'Wallets with a negative holding or available balance (at most 100)' }),
  }),
);

export const getLedgerReconciliation = operation({
  operationId: 'getLedgerReconciliation',
  method: 'GET',
  path: '/api/admin/v1/ledger/reconciliation',
  tag: 'Operator',
  summary: 'Reconcile the ledger',
  description:
    "Proves the books: every journal entry balances per currency, and every wallet's holding and available balances equal the sum of its journal lines. `merchant_id` limits the check to one merchant. Always 200; `balanced` says whether the books reconcile.",
  security: 'adminBearer',
  query: z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }).optional() }),
  data: reconciliationSchema,
});
