import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../lib/notifications/events/catalog';
import { buildOpenApiDocument } from '../../lib/surfaces/openapi/document';
import { envelopeOf } from '../../lib/notifications/webhooks/envelope';
import { client, type ApiResponse } from '../support/api';
import { testSql } from '../support/database';
import {
  admin,
  hostedPage,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  settleEverything,
  wallet,
} from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { timestampProblems } from '../support/timestamps';

/**
 * Every event the flows below write is what the OpenAPI document's `webhooks` promise: each row of
 * `events` for these merchants, shaped as a delivery (lib/notifications/webhooks/envelope.ts), is validated against
 * `webhooks[event_type].post.requestBody`. The flows reach every event type of the catalogue.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
type Json = Record<string, any>;

const sql = testSql();
const CHECKOUTS = '/api/v1/merchants/checkouts';

/** Every event type must be reached; lower it only with a reason written here. */
const MIN_EVENT_TYPES = EVENT_TYPES.length;

// ─── the payload validator: the generated document's webhook request bodies ───────────────────────

const document = buildOpenApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function payloadValidator(eventType: string): ValidateFunction | undefined {
  if (!validators.has(eventType)) {
    const schema = document.webhooks?.[eventType]?.post?.requestBody?.content?.['application/json']?.schema as
      Json | undefined;
    if (!schema) return undefined;
    // `#/components/...` references resolve inside this wrapper.
    validators.set(eventType, ajv.compile({ ...schema, components: document.components }));
  }
  return validators.get(eventType);
}

// ─── flows ─────────────────────────────────────────────────────────────────────────────────────────

function expectOk(res: ApiResponse, what: string): ApiResponse {
  expect(res.status, `${what}: ${res.text}`).toBe(200);
  return res;
}

/** A checkout and a client acting as its hosted page. */
async function checkoutWithPage(m: Merchant, body: Record<string, unknown> = {}) {
  const created = expectOk(await m.api.post(CHECKOUTS, { ...minimalCheckout, ...body }), 'create checkout');
  const checkout = created.body.data;
  return { checkout, ...hostedPage(checkout) };
}

/** Checkout events: created, processing, paid, failed, timeout, cancelled, expired, claim/approve/reject, payment_received, duplicate. */
async function checkoutFlows(verified: Merchant, unverified: Merchant) {
  // Mobile money: paid; declined → failed; no answer → timeout.
  const paid = await checkoutWithPage(verified);
  expectOk(await paid.page.post(`${paid.base}/mobile-money`, { network: 'mtn_momo', phone: '0244125555' }), 'prompt');
  const declined = await checkoutWithPage(verified);
  expectOk(
    await declined.page.post(`${declined.base}/mobile-money`, { network: 'mtn_momo', phone: '0244121111' }),
    'prompt',
  );
  const silent = await checkoutWithPage(verified);
  expectOk(
    await silent.page.post(`${silent.base}/mobile-money`, { network: 'mtn_momo', phone: '0244123333' }),
    'prompt',
  );
  await runJobsNow(['sandbox_mobile_money_outcome']);
  await sql`update payment_attempts set respond_by = now() - interval '1 second' where checkout_id = ${silent.checkout.id}`;
  await runJobsNow(['time_out_payment_attempt']);

  // Cancelled by the merchant.
  const cancelled = await checkoutWithPage(verified);
  expectOk(await verified.api.post(`${CHECKOUTS}/${cancelled.checkout.id}/cancel`), 'cancel');

  // Expired: its lifetime runs out and the expiry job moves it.
  const expiring = await checkoutWithPage(verified);
  await sql`update checkouts set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour',
            updated_at = now() - interval '2 hours' where id = ${expiring.checkout.id}`;
  await runJobsNow(['expire_checkout']);

  // Bank transfer: claimed, then approved (→ paid) or rejected by the operator.
  const approved = await checkoutWithPage(verified);
  expectOk(await approved.page.post(`${approved.base}/bank-transfer`), 'choose bank transfer');
  expectOk(await approved.page.post(`${approved.base}/bank-transfer/claim`), 'claim');
  expectOk(
    await admin().post(`/api/admin/v1/checkouts/${approved.checkout.id}/approve`, { admin_notes: 'on statement' }),
    'approve',
  );
  const rejected = await checkoutWithPage(verified);
  expectOk(await rejected.page.post(`${rejected.base}/bank-transfer`), 'choose bank transfer');
  expectOk(await rejected.page.post(`${rejected.base}/bank-transfer/claim`), 'claim');
  expectOk(
    await admin().post(`/api/admin/v1/checkouts/${rejected.checkout.id}/reject`, {
      rejection_reason: 'No transfer found',
    }),
    'reject',
  );

  // An unverified merchant's transfer arrives and waits for an operator.
  const waiting = await checkoutWithPage(unverified);
  expectOk(
    await client().post('/api/sandbox/bank-transfers', { payment_reference: waiting.checkout.payment_reference }),
    'transfer',
  );

  // Paid twice: a duplicate payment.
  await paidCheckout(verified, { scenario: 'duplicate' });
}

/** Money: a refund, a settlement run (checkout.completed), a conversion, wallet status and hold changes. */
async function moneyFlows(m: Merchant) {
  const { checkout } = await paidCheckout(m, { amount: 101.01 });
  await paidCheckout(m, { amount: 202.02 });
  await settleEverything(m.id);
  expectOk(
    await m.api.post('/api/v1/merchants/wallet/refunds', {
      checkout_id: checkout.id,
      amount: 5,
      reason: 'one item returned',
    }),
    'refund',
  );

  const quote = expectOk(
    await m.api.post('/api/v1/merchants/conversion/quote', { from_currency: 'GHS', to_currency: 'USD', amount: 10 }),
    'quote',
  );
  expectOk(
    await m.api.post('/api/v1/merchants/conversion', {
      quote_id: quote.body.data.quote_id,
      idempotency_key: `conv-${crypto.randomUUID()}`,
    }),
    'convert',
  );

  expectOk(await m.api.patch('/api/v1/merchants/wallet/KES/status', { status: 'frozen' }), 'freeze');
  expectOk(await m.api.patch('/api/v1/merchants/wallet/KES/status', { status: 'active' }), 'unfreeze');
  expectOk(
    await admin().patch(`/api/admin/v1/merchants/${m.id}/wallets/USD`, {
      settlement_hold: true,
      settlement_hold_reason: 'review',
      settlement_hold_visibility: 'internal',
    }),
    'settlement hold',
  );
}

/** Payment accounts (create, update, delete), withdrawals and payouts to completed, failed and cancelled. */
async function moneyOutFlows(m: Merchant) {
  const accounts = '/api/v1/merchants/payment-accounts';
  const first = expectOk(
    await m.api.post(accounts, {
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: 'GCB Bank',
      account_holder_name: 'Shop',
    }),
    'add account',
  );
  const second = expectOk(
    await m.api.post(accounts, {
      currency_code: 'GHS',
      account_type: 'mobile_money',
      phone_number: '0244123456',
      network_provider: 'mtn_momo',
    }),
    'add account',
  );
  expectOk(await m.api.put(`${accounts}/${second.body.data.id}`, { is_primary: true }), 'update account');
  expectOk(await m.api.delete(`${accounts}/${first.body.data.id}`), 'delete account');

  await paidCheckout(m, { amount: 1010.1 });
  await settleEverything(m.id);
  expect((await wallet(m)).available_balance).toBeGreaterThanOrEqual(500);

  const bank = (accountNumber: string) => ({
    recipient_name: 'Ama Mensah',
    bank_account_number: accountNumber,
    bank_name: 'Stanbic',
    account_holder_name: 'Ama Mensah',
  });
  const withdrawal = (accountNumber: string) => ({
    amount: 20,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: bank(accountNumber),
  });
  const payout = (accountNumber: string) => ({ ...withdrawal(accountNumber), payout_reason: 'supplier invoice 118' });

  for (const [path, body] of [
    ['/api/v1/merchants/withdrawals', withdrawal],
    ['/api/v1/merchants/payouts', payout],
  ] as const) {
    expectOk(await m.api.post(path, body('0011223344')), `${path} to complete`);
    expectOk(await m.api.post(path, body('0011229999')), `${path} to fail`);
    const cancelled = expectOk(await m.api.post(path, body('0011225555')), `${path} to cancel`);
    expectOk(
      await m.api.post(`${path}/${cancelled.body.data.transaction_id}/cancel`, { reason: 'changed my mind' }),
      `${path} cancel`,
    );
  }
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['sandbox_payout_outcome']);
}

/** A webhook endpoint and its test event. */
async function webhookFlows(m: Merchant) {
  const created = expectOk(
    await m.api.post('/api/v1/merchants/webhooks', { url: 'https://93.184.215.14/hooks', events: ['checkout.paid'] }),
    'create webhook',
  );
  expectOk(await m.api.post(`/api/v1/merchants/webhooks/${created.body.data.id}/test`), 'test event');
}

// ─── the check ─────────────────────────────────────────────────────────────────────────────────────

describe('event payloads', () => {
  it('every event the flows write matches its documented webhook payload, and the flows reach every event type', async () => {
    const verified = await newMerchant({ name: 'Events Shop' });
    const unverified = await newMerchant({ name: 'Events Unverified', kyb_status: 'unverified' });
    const money = await newMerchant({ name: 'Events Money' });
    const moneyOut = await newMerchant({ name: 'Events Money Out' });

    await checkoutFlows(verified, unverified);
    await moneyFlows(money);
    await moneyOutFlows(moneyOut);
    await webhookFlows(verified);

    const merchantIds = [verified.id, unverified.id, money.id, moneyOut.id];
    const rows = await sql<{ id: string; event_type: string; created_at: Date; data: Record<string, unknown> }[]>`
      select id, event_type, created_at, data from events where merchant_id = any(${merchantIds}::uuid[]) order by sequence`;

    const problems: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.event_type);
      const validate = payloadValidator(row.event_type);
      if (!validate) {
        problems.push(`no payload schema for ${row.event_type} (lib/surfaces/event-payloads.ts)`);
        continue;
      }
      const body = envelopeOf({ id: row.id, eventType: row.event_type, createdAt: row.created_at, data: row.data });
      for (const problem of timestampProblems(body))
        problems.push(`${row.event_type} ${row.id}: timestamp not in spec 2.1 form: ${problem}`);
      if (!validate(body)) {
        problems.push(`${row.event_type} ${row.id}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
      }
    }
    const unreached = EVENT_TYPES.filter((type) => !seen.has(type));
    if (unreached.length) console.warn(`event-payloads: flows did not reach ${unreached.join(', ')}`);

    expect([...new Set(problems)]).toEqual([]);
    expect(seen.size, `event types not reached: ${unreached.join(', ') || 'none'}`).toBeGreaterThanOrEqual(
      MIN_EVENT_TYPES,
    );
  });
});
