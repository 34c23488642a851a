import { ownedByTenant, tenantId } from './tenants';
import { boolean, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, money, updatedAt } from './columns';
import { merchants } from './merchants';
import { currencies } from './currencies';
import { type WalletStatus } from '../../vocabulary';

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
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
    ownedByTenant('wallets', t),
    unique('wallets_tenant_currency_unique').on(t.tenantId, t.currencyId),
    index('wallets_tenant_idx').on(t.tenantId),
    unique('wallets_id_tenant_unique').on(t.id, t.tenantId),
    // The last line of defence against an overdraft: the database refuses a negative balance.
    check('wallets_available_balance_non_negative', sql`${t.availableBalance} >= 0`),
    check('wallets_holding_balance_non_negative', sql`${t.holdingBalance} >= 0`),
    check('wallets_status_check', sql`${t.status} in ('active', 'frozen', 'suspended')`),
    check('wallets_settlement_hold_visibility_check', sql`${t.settlementHoldVisibility} in ('merchant', 'internal')`),
  ],
);
