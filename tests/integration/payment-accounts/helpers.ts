import { expect } from 'vitest';
import { type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Payment accounts (spec 4.7, docs/decisions/money-out.md): the merchant's own destinations for withdrawals.
 * Bank accounts and mobile-money accounts, required fields per type, phones stored in E.164, exactly one
 * primary per currency, soft delete, masked listings, and a payment_account.* event for each change.
 */

/** The response fields of a payment account (the spec leaves them to us: docs/decisions/money-out.md). */
export const ACCOUNT_FIELDS = [
  'id',
  'merchant_id',
  'currency_id',
  'currency_code',
  'account_type',
  'is_primary',
  'status',
  'account_number',
  'bank_name',
  'bank_routing_number',
  'account_holder_name',
  'phone_number',
  'network_provider',
  'provider_metadata',
  'created_at',
  'updated_at',
];

export const sql = testSql();

export type AccountBody = BodyOf<typeof contract.createPaymentAccount>;

export const bank = (over: Partial<AccountBody> = {}) =>
  ({
    currency_code: 'GHS',
    account_type: 'bank_account',
    account_number: '0123456789',
    bank_name: 'GCB Bank',
    account_holder_name: 'Test Shop Ltd',
    ...over,
  }) satisfies AccountBody;

export const momo = (over: Partial<AccountBody> = {}) =>
  ({
    currency_code: 'GHS',
    account_type: 'mobile_money',
    phone_number: '0244123456',
    network_provider: 'mtn_momo',
    ...over,
  }) satisfies AccountBody;

export async function add(m: Merchant, body: AccountBody) {
  const res = await m.call(contract.createPaymentAccount, { body });
  expectStatus(res, 200);
  expect(res.body.status).toBe('success');
  return res.body.data;
}

export async function get(m: Merchant, id: string) {
  const res = await m.call(contract.getPaymentAccount, { params: { account_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

export const accountRows = (merchantId: string) =>
  sql<
    Record<string, unknown>[]
  >`select * from payment_accounts where merchant_id = ${merchantId} order by created_at, id`;

export const primaries = (merchantId: string, currency: string) =>
  sql<{ id: string }[]>`
    select id from payment_accounts
     where merchant_id = ${merchantId} and currency_code = ${currency} and is_primary and deleted_at is null`;

export const accountEvents = (accountId: string) =>
  sql<{ event_type: string; resource_type: string; merchant_id: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, merchant_id, data from events where resource_id = ${accountId} order by sequence`;
