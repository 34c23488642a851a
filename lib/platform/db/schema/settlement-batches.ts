import { ownedByTenant, sameTenant, tenantId } from './tenants';
import { integer, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, money, currencyCode } from './columns';
import { merchants } from './merchants';
import { wallets } from './wallets';

/**
 * One settlement of one wallet: the deposits it covered and the amount moved from holding to available.
 * `settled_amount` is less than `net_amount` only when refunds already took money from holding.
 */
export const settlementBatches = pgTable(
  'settlement_batches',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    walletId: uuid()
      .notNull()
      .references(() => wallets.id),
    currencyCode: currencyCode().notNull(),
    transactionCount: integer().notNull(),
    grossAmount: money().notNull(),
    feeAmount: money().notNull(),
    netAmount: money().notNull(),
    settledAmount: money().notNull(),
    /** Deposits completed at or before this moment were due. */
    cutoffAt: moment().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ownedByTenant('settlement_batches', t),
    sameTenant('settlement_batches_wallet_tenant_fk', t.walletId, t, wallets),
    index('settlement_batches_tenant_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
