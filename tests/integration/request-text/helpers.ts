import { expect } from 'vitest';
import type { ErrorCode } from '../../../lib/platform/http/error-codes';
import { minimalCheckout } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectErrorShape, type ErrorBody } from '../../support/caller';

/**
 * What a body, a query or a path may carry (lib/platform/http/json-scan.ts, storable-text.ts, free-form.ts):
 * text PostgreSQL can store, JSON no deeper than 32 levels, numbers a float carries exactly, and
 * free-form objects within their limits. Each refusal is a 422 naming the field, and changes nothing.
 */

export const sql = testSql();
export const ORIGIN = 'https://shop.example';
export const SOME_ID = '00000000-0000-4000-8000-000000000000';
export const NUL = '\u0000';
export const LONE = '\ud800';

/** Rows of the tables a refused write could have touched: none may change. */
export async function snapshot() {
  const [row] = await sql`select
    (select count(*) from checkouts)::int as checkouts, (select count(*) from events)::int as events,
    (select count(*) from webhook_endpoints)::int as webhooks, (select count(*) from payment_accounts)::int as accounts,
    (select count(*) from api_keys)::int as keys, (select count(*) from embed_sessions)::int as sessions,
    (select count(*) from merchants)::int as merchants, (select count(*) from idempotency_keys)::int as idempotency,
    (select count(*) from branding)::int as branding, (select count(*) from ledger_entries)::int as entries`;
  return row;
}

/** A 422 with `code`, naming `field`; its field errors. */
export function expectRefused(
  res: { status: number; body: unknown; text: string },
  field: string,
  code: ErrorCode = 'validation_error',
): ErrorBody['error']['fields'] {
  expect(res.status, res.text.slice(0, 400)).toBe(422);
  expectErrorShape(res.body, code);
  expect(res.body.error.fields.map((f) => f.field)).toContain(field);
  return res.body.error.fields;
}

export const bank = {
  recipient_name: 'Ama',
  bank_account_number: '0123456789',
  bank_name: 'GCB',
  account_holder_name: 'Ama Mensah',
};

/** [label, method, path, body with `X` where the bad text goes, the field the answer must name]. */
export type Case = [string, string, string, (x: string) => unknown, string];
export const merchantCases: Case[] = [
  [
    'checkout customer_name',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, customer_name: `Ada${x}` }),
    'customer_name',
  ],
  [
    'checkout description',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, description: x }),
    'description',
  ],
  [
    'checkout meta_data value',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, meta_data: { order_id: x } }),
    'meta_data.order_id',
  ],
  [
    'checkout meta_data key',
    'POST',
    '/api/v1/merchants/checkouts',
    (x) => ({ ...minimalCheckout, meta_data: { [`order${x}`]: '1' } }),
    'meta_data',
  ],
  ['refund reason', 'POST', '/api/v1/merchants/wallet/refunds', (x) => ({ checkout_id: SOME_ID, reason: x }), 'reason'],
  [
    'webhook description',
    'POST',
    '/api/v1/merchants/webhooks',
    (x) => ({ url: 'https://hooks.example.com/x', events: ['*'], description: x }),
    'description',
  ],
  [
    'embed session description',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], description: x }),
    'description',
  ],
  [
    'embed session button_label',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], button_label: x }),
    'button_label',
  ],
  [
    'embed session meta_data',
    'POST',
    '/api/v1/merchants/checkouts/embed-sessions',
    (x) => ({ amount: 1, currency_code: 'GHS', allowed_origins: [ORIGIN], meta_data: { a: x } }),
    'meta_data.a',
  ],
  [
    'payment account bank_name',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: x,
      account_holder_name: 'Ama',
    }),
    'bank_name',
  ],
  [
    'payment account bank_routing_number',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: 'GCB',
      bank_routing_number: x,
      account_holder_name: 'Ama',
    }),
    'bank_routing_number',
  ],
  [
    'payment account account_holder_name',
    'PUT',
    `/api/v1/merchants/payment-accounts/${SOME_ID}`,
    (x) => ({ account_holder_name: x }),
    'account_holder_name',
  ],
  [
    'payment account provider_metadata',
    'POST',
    '/api/v1/merchants/payment-accounts',
    (x) => ({
      currency_code: 'GHS',
      account_type: 'mobile_money',
      phone_number: '0244123456',
      network_provider: 'mtn_momo',
      provider_metadata: { deep: { note: x } },
    }),
    'provider_metadata.deep.note',
  ],
  [
    'withdrawal notes',
    'POST',
    '/api/v1/merchants/withdrawals',
    (x) => ({ amount: 1, currency_code: 'GHS', payment_account_id: SOME_ID, notes: x }),
    'notes',
  ],
  [
    'withdrawal recipient_details',
    'POST',
    '/api/v1/merchants/withdrawals',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: { ...bank, bank_name: x },
    }),
    'recipient_details.bank_name',
  ],
  [
    'withdrawal cancel reason',
    'POST',
    `/api/v1/merchants/withdrawals/${SOME_ID}/cancel`,
    (x) => ({ reason: x }),
    'reason',
  ],
  [
    'payout payout_reason',
    'POST',
    '/api/v1/merchants/payouts',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: bank,
      payout_reason: x,
    }),
    'payout_reason',
  ],
  [
    'payout recipient_details',
    'POST',
    '/api/v1/merchants/payouts',
    (x) => ({
      amount: 1,
      currency_code: 'GHS',
      payout_type: 'bank_transfer',
      recipient_details: { ...bank, recipient_name: x },
      payout_reason: 'Supplier',
    }),
    'recipient_details.recipient_name',
  ],
  ['payout cancel reason', 'POST', `/api/v1/merchants/payouts/${SOME_ID}/cancel`, (x) => ({ reason: x }), 'reason'],
  ['API key name', 'POST', '/api/v1/merchants/api-keys', (x) => ({ name: x }), 'name'],
  [
    'API key metadata',
    'POST',
    '/api/v1/merchants/api-keys',
    (x) => ({ name: 'CI', api_key_metadata: { team: [x] } }),
    'api_key_metadata.team.0',
  ],
  ['branding display_name', 'PUT', '/api/v1/merchants/branding', (x) => ({ display_name: x }), 'display_name'],
  [
    'branding logo_url',
    'PUT',
    '/api/v1/merchants/branding',
    (x) => ({ logo_url: `https://cdn.example.com/${x}.png` }),
    'logo_url',
  ],
];
export const operatorCases: Case[] = [
  ['merchant name', 'POST', '/api/admin/v1/merchants', (x) => ({ name: x, email: 'ops@shop.test' }), 'name'],
  ['merchant rename', 'PATCH', `/api/admin/v1/merchants/${SOME_ID}`, (x) => ({ name: x }), 'name'],
  [
    'wallet settlement_hold_reason',
    'PATCH',
    `/api/admin/v1/merchants/${SOME_ID}/wallets/GHS`,
    (x) => ({ settlement_hold: true, settlement_hold_reason: x }),
    'settlement_hold_reason',
  ],
];
