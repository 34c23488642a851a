import { z } from 'zod';
import { needs } from '../../access/permissions';
import { WALLET_STATUSES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import {
  amount,
  currencyCode,
  modeQuery,
  named,
  nullableTimestamp,
  timestamp,
  uuidField,
} from '../../platform/http/shapes';
import {
  currencyCodeParams,
  merchantWalletParams,
  merchantWalletsParams,
  operatorWalletInput,
  WALLET_TRANSACTION_TYPES,
  walletStatusInput,
  walletTransactionsQuery,
} from './input';

/** Spec 2.3: one wallet per merchant and currency. */
export const walletSchema = named(
  'Wallet',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    currency_id: uuidField,
    currency_name: currencyCode.meta({
      description: "The wallet's currency: its ISO 4217 code (spec 2.3 names the field `currency_name`)",
    }),
    holding_balance: amount.meta({
      description: 'Collected and not yet settled (major units); cannot be paid out yet',
    }),
    available_balance: amount.meta({
      description: 'Settled (major units): what withdrawals, payouts and conversions can use',
    }),
    balance: amount.meta({ description: 'holding_balance + available_balance, always' }),
    settlement_hold: z.boolean().meta({ description: 'The operator holds settlement: deposits stay in holding' }),
    settlement_hold_reason: z.string().nullable().meta({
      description:
        'Why settlement is held. Merchants see it only when `settlement_hold_visibility` is `merchant` (null otherwise); the operator always sees it',
    }),
    settlement_hold_visibility: z.enum(['merchant', 'internal']).nullable().meta({
      description: "Whether the merchant may read the hold's reason; null when there is no hold",
    }),
    last_deposit_at: nullableTimestamp,
    last_settlement_at: nullableTimestamp,
    last_payout_at: nullableTimestamp,
    status: z.enum(WALLET_STATUSES).meta({
      description:
        '`frozen` is set by the merchant, `suspended` by the operator; both refuse money going out (refunds, conversions, withdrawals, payouts)',
    }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type Wallet = z.infer<typeof walletSchema>;

/** One line of the wallet statement: a ledger line on a merchant wallet. */
export const walletTransactionSchema = named(
  'WalletTransaction',
  z.object({
    id: uuidField.meta({ description: "The ledger line's id" }),
    wallet_id: uuidField,
    merchant_id: uuidField,
    currency_code: currencyCode,
    transaction_type: z.enum(WALLET_TRANSACTION_TYPES).meta({
      description: 'What moved the balance; a payout or withdrawal that fails is returned as `reversal` lines',
    }),
    balance_type: z
      .enum(['holding', 'available'])
      .meta({ description: "Which of the wallet's balances the line moved" }),
    direction: z.enum(['credit', 'debit']).meta({ description: 'credit adds to the balance, debit takes from it' }),
    amount: amount.meta({ description: 'Signed, major units: positive adds to the balance, negative takes from it' }),
    balance_after: amount
      .nullable()
      .meta({ description: 'That balance (`balance_type`) right after this line, major units' }),
    description: z.string().meta({ description: "The ledger entry's description, for people" }),
    entry_id: uuidField.meta({ description: 'The ledger entry the line belongs to; its other lines share this id' }),
    customer_transaction_id: uuidField
      .nullable()
      .meta({ description: 'The deposit, refund, withdrawal or payout behind the line' }),
    settlement_batch_id: uuidField.nullable(),
    conversion_id: uuidField.nullable(),
    created_at: timestamp,
  }),
);
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const listWallets = operation({
  operationId: 'listWallets',
  method: 'GET',
  path: '/api/v1/merchants/wallet',
  tag: 'Wallets',
  summary: 'List wallets',
  description: 'Every wallet of the merchant, one per supported currency, by currency code.',
  security: 'apiKey',
  permission: needs.read,
  data: z.array(walletSchema),
});

export const getWallet = operation({
  operationId: 'getWallet',
  method: 'GET',
  path: '/api/v1/merchants/wallet/{currency_code}',
  tag: 'Wallets',
  summary: 'Get wallet',
  description: 'The wallet in one currency (code in any case). An unsupported code is a 404.',
  security: 'apiKey',
  permission: needs.read,
  params: currencyCodeParams,
  data: walletSchema,
});

export const updateWalletStatus = operation({
  operationId: 'updateWalletStatus',
  method: 'PATCH',
  path: '/api/v1/merchants/wallet/{currency_code}/status',
  tag: 'Wallets',
  summary: 'Freeze or unfreeze wallet',
  description:
    '`frozen` stops money going out of the wallet (deposits still arrive); `active` lifts it. A wallet the operator suspended is a 409 `wallet_suspended`. Records `wallet.status_changed` when the status changes, `wallet.updated` otherwise.',
  security: 'apiKey',
  permission: needs.write,
  params: currencyCodeParams,
  body: walletStatusInput,
  data: walletSchema,
  errors: [409],
});

export const listWalletTransactions = operation({
  operationId: 'listWalletTransactions',
  method: 'GET',
  path: '/api/v1/merchants/wallet/transactions',
  tag: 'Wallets',
  summary: 'Wallet statement',
  description:
    "Every movement of the merchant's wallet balances, newest first, with the balance after it. A deposit shows as a `deposit` line and a `fee` line in holding; a settlement as two lines, out of holding and into available.",
  security: 'apiKey',
  permission: needs.read,
  query: walletTransactionsQuery,
  data: z.array(walletTransactionSchema),
  paginated: true,
});

export const listMerchantWallets = operation({
  operationId: 'listMerchantWallets',
  method: 'GET',
  path: '/api/admin/v1/merchants/{merchant_id}/wallets',
  tag: 'Operator',
  summary: "List a merchant's wallets",
  description:
    "The operator's view of the test or live (`?mode=`, test by default) wallets: settlement hold reasons are shown whatever their visibility. An unknown merchant, or live before live mode was ever enabled, is a 404.",
  security: 'adminBearer',
  params: merchantWalletsParams,
  query: modeQuery,
  data: z.array(walletSchema),
});

export const updateMerchantWallet = operation({
  operationId: 'updateMerchantWallet',
  method: 'PATCH',
  path: '/api/admin/v1/merchants/{merchant_id}/wallets/{currency_code}',
  tag: 'Operator',
  summary: 'Suspend a wallet or hold its settlement',
  description:
    "Sets the wallet's `status` (including `suspended`, which only the operator can lift) and/or a settlement hold: while held, settlement runs skip the wallet. Placing a hold needs a `settlement_hold_reason`; lifting one clears the reason. The visibility defaults to `merchant`. Records `wallet.status_changed` or `wallet.updated`.",
  security: 'adminBearer',
  params: merchantWalletParams,
  query: modeQuery,
  body: operatorWalletInput,
  data: walletSchema,
});
