import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, currencyCode } from './columns';
import { merchants } from './merchants';
import { wallets } from './wallets';

/**
 * The chart of accounts. Merchant accounts (`merchant_holding`, `merchant_available`) are one per
 * wallet; the others are the platform's, one per currency (and per rail for `rail_clearing`).
 *  - rail_clearing      money a rail holds for us: debited when customers pay, credited when it pays out or refunds
 *  - merchant_holding   collected for a merchant, not yet settled (mirrors wallets.holding_balance)
 *  - merchant_available settled and withdrawable (mirrors wallets.available_balance)
 *  - fees               our revenue
 *  - payouts_in_flight  withdrawals and payouts sent to a rail and not yet confirmed
 *  - fx_position        the other side of conversions, per currency
 */
export const LEDGER_ACCOUNTS = [
  'rail_clearing',
  'merchant_holding',
  'merchant_available',
  'fees',
  'payouts_in_flight',
  'fx_position',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_ENTRY_KINDS = [
  'deposit',
  'settlement',
  'refund',
  'conversion',
  'withdrawal',
  'payout',
  'reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** One balanced journal entry: the lines below sum to zero per currency (a deferred trigger checks it). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    kind: text().$type<LedgerEntryKind>().notNull(),
    description: text().notNull(),
    customerTransactionId: uuid(),
    settlementBatchId: uuid(),
    conversionId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('ledger_entries', t),
    index('ledger_entries_tenant_idx').on(t.tenantId, t.createdAt),
    // The target of the lines' (entry_id, tenant_id) key: an entry never spans test and live.
    unique('ledger_entries_id_tenant_unique').on(t.id, t.tenantId),
    index('ledger_entries_customer_transaction_idx').on(t.customerTransactionId),
    check('ledger_entries_kind_check', sql`${t.kind} in (${inList(LEDGER_ENTRY_KINDS)})`),
  ],
);

/**
 * One side of an entry. Amounts are positive; `direction` says debit or credit. Lines on a merchant
 * wallet carry `wallet_id` and the wallet's balance right after them, so they double as the merchant's
 * wallet statement ("wallet transactions"). Rows are never updated or deleted (a trigger refuses).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: id(),
    /** Insertion order, for statements: created_at ties within a transaction. */
    sequence: bigint({ mode: 'bigint' }).generatedAlwaysAsIdentity().notNull(),
    entryId: uuid()
      .notNull()
      .references(() => ledgerEntries.id),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    account: text().$type<LedgerAccount>().notNull(),
    currencyCode: currencyCode().notNull(),
    rail: text(),
    walletId: uuid().references(() => wallets.id),
    direction: text().$type<'debit' | 'credit'>().notNull(),
    amount: money().notNull(),
    /** What the line is for, as the merchant sees it: deposit, fee, settlement, refund, conversion… */
    purpose: text().notNull(),
    balanceAfter: money(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('ledger_lines', t),
    // Every line is in its entry's tenant, and a wallet line on a wallet of that tenant: no entry crosses modes.
    foreignKey({
      name: 'ledger_lines_entry_tenant_fk',
      columns: [t.entryId, t.tenantId],
      foreignColumns: [ledgerEntries.id, ledgerEntries.tenantId],
    }),
    foreignKey({
      name: 'ledger_lines_wallet_tenant_fk',
      columns: [t.walletId, t.tenantId],
      foreignColumns: [wallets.id, wallets.tenantId],
    }),
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_wallet_statement_idx')
      .on(t.walletId, t.sequence.desc().nullsFirst())
      .where(sql`${t.walletId} is not null`),
    index('ledger_lines_tenant_statement_idx')
      .on(t.tenantId, t.sequence.desc().nullsFirst())
      .where(sql`${t.walletId} is not null`),
    index('ledger_lines_account_idx').on(t.account, t.currencyCode, t.tenantId),
    check('ledger_lines_amount_positive', sql`${t.amount} > 0`),
    check('ledger_lines_direction_check', sql`${t.direction} in ('debit', 'credit')`),
    check('ledger_lines_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check(
      'ledger_lines_wallet_accounts_have_wallet',
      sql`(${t.account} in ('merchant_holding', 'merchant_available')) = (${t.walletId} is not null)`,
    ),
  ],
);
