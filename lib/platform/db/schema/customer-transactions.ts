import { ownedByTenant, sameTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { currencies } from './currencies';
import { wallets } from './wallets';
import { checkouts } from './checkouts';
import { collections } from './collections';
import { settlementBatches } from './settlement-batches';
import { paymentAccounts } from './payment-accounts';
import {
  TRANSACTION_TYPES,
  TRANSACTION_STATUSES,
  SETTLEMENT_STATUSES,
  PAYOUT_STATUSES,
  PAYOUT_KINDS,
  type TransactionType,
  type TransactionStatus,
  type PayoutStatus,
  type PayoutKind,
} from '../../vocabulary';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Money moving between a merchant and the outside world (spec 2.4): deposits from customers, refunds
 * back to them, payouts to recipients. Every row's wallet effect is a ledger entry written in the same
 * transaction (`ledger_entries.customer_transaction_id`).
 */
export const customerTransactions = pgTable(
  'customer_transactions',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id),
    currencyId: uuid()
      .notNull()
      .references(() => currencies.id),
    currencyCode: currencyCode().notNull(),
    transactionType: text().$type<TransactionType>().notNull(),
    status: text().$type<TransactionStatus>().notNull(),
    amount: money().notNull(),
    feeAmount: money().notNull(),
    netAmount: money().notNull(),
    /** Deposits only: how much of `amount` has been refunded so far (never more than `amount`). */
    refundedAmount: money()
      .notNull()
      .default(sql`0`),
    /** Deposits only: the part of `refundedAmount` taken out of holding, which settlement no longer moves. */
    refundedFromHolding: money()
      .notNull()
      .default(sql`0`),
    completedAt: moment(),
    failedAt: moment(),
    settlementStatus: text().$type<(typeof SETTLEMENT_STATUSES)[number]>().notNull().default('unsettled'),
    settledAt: moment(),
    settlementBatchId: uuid().references(() => settlementBatches.id),
    customerEmail: text(),
    customerName: text(),
    customerPhone: text(),
    checkoutSessionId: uuid().references(() => checkouts.id),
    collectionId: uuid().references(() => collections.id),
    /** A second collection for a checkout that was already paid (or could no longer be paid). */
    isDuplicate: boolean().notNull().default(false),
    paymentMethod: text(),
    payoutType: text(),
    recipientName: text(),
    recipientEmail: text(),
    recipientPhone: text(),
    payoutReason: text(),
    bankAccountNumber: text(),
    bankRoutingNumber: text(),
    bankName: text(),
    accountHolderName: text(),
    mobileNumber: text(),
    networkProvider: text(),
    provider: text(),
    providerReference: text(),
    providerMetadata: jsonb().$type<Record<string, unknown>>(),
    metaData: jsonb().$type<Record<string, unknown>>(),
    refundsTransactionId: uuid(),
    externalReference: text(),
    idempotencyKey: text(),
    notes: text(),
    payoutKind: text().$type<PayoutKind>(),
    payoutStatus: text().$type<PayoutStatus>(),
    paymentAccountId: uuid().references(() => paymentAccounts.id),
    processingAt: moment(),
    cancelledAt: moment(),
    /** Money out only: when the rail sent a completed payout back (REVERSED). */
    reversedAt: moment(),
    failureReason: text(),
    cancellationReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('customer_transactions', t),
    sameTenant('customer_transactions_wallet_tenant_fk', t.walletId, t, wallets),
    sameTenant('customer_transactions_checkout_tenant_fk', t.checkoutSessionId, t, checkouts),
    foreignKey({ columns: [t.refundsTransactionId], foreignColumns: [t.id] }),
    // Newest first per merchant, with each filter of the listing served by its own index.
    index('customer_transactions_tenant_created_idx').on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('customer_transactions_tenant_currency_idx').on(
      t.tenantId,
      t.currencyCode,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('customer_transactions_tenant_type_idx').on(
      t.tenantId,
      t.transactionType,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('customer_transactions_tenant_status_idx').on(
      t.tenantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // What the settlement run looks for: completed deposits not yet settled, oldest first per wallet.
    index('customer_transactions_unsettled_idx')
      .on(t.walletId, t.completedAt)
      .where(
        sql`${t.transactionType} = 'deposit' and ${t.status} = 'completed' and ${t.settlementStatus} = 'unsettled'`,
      ),
    index('customer_transactions_batch_idx').on(t.settlementBatchId),
    // Withdrawal and payout history, newest first.
    index('customer_transactions_payout_history_idx')
      .on(t.tenantId, t.payoutKind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.payoutKind} is not null`),
    index('customer_transactions_refunds_idx').on(t.refundsTransactionId),
    // Money out sent to a rail, outcome unknown, oldest first (the unresolved list, the metrics scrape).
    index('customer_transactions_payout_processing_idx')
      .on(t.processingAt)
      .where(sql`${t.payoutStatus} = 'processing'`),
    // A checkout is paid once: one regular deposit per checkout, one flagged deposit per duplicate collection.
    uniqueIndex('customer_transactions_checkout_deposit_unique')
      .on(t.checkoutSessionId)
      .where(sql`${t.transactionType} = 'deposit' and not ${t.isDuplicate}`),
    uniqueIndex('customer_transactions_collection_unique').on(t.collectionId),
    check('customer_transactions_type_check', sql`${t.transactionType} in (${inList(TRANSACTION_TYPES)})`),
    check('customer_transactions_status_check', sql`${t.status} in (${inList(TRANSACTION_STATUSES)})`),
    check(
      'customer_transactions_settlement_status_check',
      sql`${t.settlementStatus} in (${inList(SETTLEMENT_STATUSES)})`,
    ),
    check('customer_transactions_amount_positive', sql`${t.amount} > 0`),
    check('customer_transactions_fee_in_range', sql`${t.feeAmount} >= 0 and ${t.feeAmount} <= ${t.amount}`),
    check('customer_transactions_net_is_amount_minus_fee', sql`${t.netAmount} = ${t.amount} - ${t.feeAmount}`),
    check('customer_transactions_payout_status_check', sql`${t.payoutStatus} in (${inList(PAYOUT_STATUSES)})`),
    check('customer_transactions_payout_kind_check', sql`${t.payoutKind} in (${inList(PAYOUT_KINDS)})`),
    check(
      'customer_transactions_refunded_in_range',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
    check(
      'customer_transactions_refunded_from_holding_in_range',
      sql`${t.refundedFromHolding} >= 0 and ${t.refundedFromHolding} <= ${t.refundedAmount}`,
    ),
  ],
);

/**
 * How many customer transactions a merchant has, per (currency, type, status): the listing's `total`
 * for any combination of its filters is a sum over at most 84 rows instead of a count over all of the
 * merchant's transactions. Kept by a trigger on customer_transactions (drizzle/0012), so no code path
 * can forget it.
 */
export const customerTransactionCounts = pgTable(
  'customer_transaction_counts',
  {
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    currencyCode: currencyCode().notNull(),
    transactionType: text().notNull(),
    status: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    ownedByTenant('customer_transaction_counts', t),
    primaryKey({ columns: [t.tenantId, t.currencyCode, t.transactionType, t.status] }),
  ],
);
