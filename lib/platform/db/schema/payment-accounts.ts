import { ownedByTenant, tenantId } from './tenants';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt, currencyCode } from './columns';
import { merchants } from './merchants';
import { currencies } from './currencies';
import {
  PAYMENT_ACCOUNT_TYPES,
  PAYMENT_ACCOUNT_STATUSES,
  NETWORK_PROVIDERS,
  type PaymentAccountType,
  type PaymentAccountStatus,
  type NetworkProvider,
} from '../../vocabulary';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A merchant's own bank or mobile-money account to withdraw to (spec 4.7). Several per currency, exactly
 * one primary per currency among those not deleted: a partial unique index enforces it, whatever the
 * code does. Deleting keeps the row (`deleted_at`) so old withdrawals still point somewhere.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    currencyId: uuid()
      .notNull()
      .references(() => currencies.id),
    currencyCode: currencyCode().notNull(),
    accountType: text().$type<PaymentAccountType>().notNull(),
    isPrimary: boolean().notNull().default(false),
    status: text().$type<PaymentAccountStatus>().notNull().default('active'),
    accountNumber: text(),
    bankName: text(),
    bankRoutingNumber: text(),
    accountHolderName: text(),
    phoneNumber: text(),
    networkProvider: text().$type<NetworkProvider>(),
    providerMetadata: jsonb().$type<Record<string, unknown>>(),
    deletedAt: moment(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ownedByTenant('payment_accounts', t),
    uniqueIndex('payment_accounts_one_primary_per_currency')
      .on(t.tenantId, t.currencyCode)
      .where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
    index('payment_accounts_tenant_idx').on(t.tenantId, t.currencyCode, t.createdAt),
    check('payment_accounts_type_check', sql`${t.accountType} in (${inList(PAYMENT_ACCOUNT_TYPES)})`),
    check('payment_accounts_status_check', sql`${t.status} in (${inList(PAYMENT_ACCOUNT_STATUSES)})`),
    check(
      'payment_accounts_details_match_type',
      sql`(${t.accountType} = 'bank_account' and ${t.accountNumber} is not null and ${t.bankName} is not null and ${t.accountHolderName} is not null)
          or (${t.accountType} = 'mobile_money' and ${t.phoneNumber} is not null and ${t.networkProvider} in (${inList(NETWORK_PROVIDERS)}))`,
    ),
  ],
);
