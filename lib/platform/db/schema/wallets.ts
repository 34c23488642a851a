import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, money, updatedAt } from './columns';
import { merchants } from './merchants';
import { currencies } from './currencies';

/** `frozen`: set by the merchant; `suspended`: set by an operator. Both refuse money going out. */
export const WALLET_STATUSES = ['active', 'frozen', 'suspended'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    currencyId: uuid()
      .notNull()
      .references(() => currencies.id),
    holdingBalance: money()
      .notNull()
      .default(sql`0`),
    availableBalance: money()
      .notNull()
      .default(sql`0`),
    settlementHold: boolean().notNull().default(false),
    settlementHoldReason: text(),
    settlementHoldVisibility: text().$type<'merchant' | 'internal'>(),
    lastDepositAt: moment(),
    lastSettlementAt: moment(),
    lastPayoutAt: moment(),
    status: text().$type<WalletStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wallets_merchant_currency_unique').on(t.merchantId, t.currencyId),
    index('wallets_merchant_idx').on(t.merchantId),
    // The last line of defence against an overdraft: the database refuses a negative balance.
    check('wallets_available_balance_non_negative', sql`${t.availableBalance} >= 0`),
    check('wallets_holding_balance_non_negative', sql`${t.holdingBalance} >= 0`),
    check('wallets_status_check', sql`${t.status} in ('active', 'frozen', 'suspended')`),
    check('wallets_settlement_hold_visibility_check', sql`${t.settlementHoldVisibility} in ('merchant', 'internal')`),
  ],
);
