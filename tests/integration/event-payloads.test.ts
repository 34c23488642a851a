import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../lib/notifications/events/catalog';
import { buildOpenApiDocument } from '../../lib/surfaces/openapi/document';
import { envelopeOf } from '../../lib/notifications/webhooks/envelope';
import { testSql } from '../support/database';
import {
  admin,
  hostedPage,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  settleEverything,
  wallet,
  type Merchant,
} from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { timestampProblems } from '../support/timestamps';
import { caller } from '../support/caller';
import { contract } from '../support/contract';
import { expireDueCheckouts } from '../../lib/checkout/expire-checkouts';
import { reverseCompletedPayout } from '../../lib/money-out/progress';
import { getDb } from '../../lib/platform/db/client';

/**
 * Every event the flows below write is what the OpenAPI document's `webhooks` promise: each row of
 * `events` for these merchants, shaped as a delivery (lib/notifications/webhooks/envelope.ts), is validated against
 * `webhooks[event_type].post.requestBody`. The flows reach every event type of the catalogue.
 */

const sql = testSql();
/** Every event type must be reached; lower it only with a reason written here. */
const MIN_EVENT_TYPES = EVENT_TYPES.length;

// ─── the payload validator: the generated document's webhook request bodies ───────────────────────

/** The parts of the document read here: each event's request body schema. */
const document = buildOpenApiDocument() as {
  webhooks?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: object }> } } }>;
  components: unknown;
};
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

function payloadValidator(eventType: string): ValidateFunction | undefined {
  if (!validators.has(eventType)) {
    const schema = document.webhooks?.[eventType]?.post?.requestBody?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    // `#/components/...` references resolve inside this wrapper.
    validators.set(eventType, ajv.compile({ ...schema, components: document.components }));
  }
  return validators.get(eventType);
}

// ─── flows ─────────────────────────────────────────────────────────────────────────────────────────

/** A checkout and a client acting as its hosted page. */
async function checkoutWithPage(m: Merchant, body: Record<string, unknown> = {}) {
  const created = await m.ok(contract.createCheckout, { body: { ...minimalCheckout, ...body } });
  const checkout = created.body.data;
  return { checkout, ...hostedPage(checkout) };
}

/** Checkout events: created, processing, paid, failed, timeout, cancelled, expired, claim/approve/reject, payment_received, duplicate. */
async function checkoutFlows(verified: Merchant, unverified: Merchant) {
  // Mobile money: paid; declined → failed; no answer → timeout.
  const paid = await checkoutWithPage(verified);
  await paid.page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244125555' } });
  const declined = await checkoutWithPage(verified);
  await declined.page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244121111' } });
  const silent = await checkoutWithPage(verified);
  await silent.page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244123333' } });
  await runJobsNow(['sandbox_mobile_money_outcome']);
  await sql`update payment_attempts set respond_by = now() - interval '1 second' where checkout_id = ${silent.checkout.id}`;
  await runJobsNow(['time_out_payment_attempt']);

  // Cancelled by the merchant.
  const cancelled = await checkoutWithPage(verified);
  await verified.ok(contract.cancelCheckout, { params: { checkout_id: cancelled.checkout.id } });

  // Expired: its lifetime runs out and the worker's sweep moves it.
  const expiring = await checkoutWithPage(verified);
  await sql`update checkouts set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour',
            updated_at = now() - interval '2 hours' where id = ${expiring.checkout.id}`;
  await expireDueCheckouts(getDb());

  // Bank transfer: claimed, then approved (→ paid) or rejected by the operator.
  const approved = await checkoutWithPage(verified);
  await approved.page.ok(contract.chooseBankTransferPayment);
  await approved.page.ok(contract.claimBankTransferPayment);
  await admin().ok(contract.approveCheckout, {
    params: { checkout_id: approved.checkout.id },
    body: { admin_notes: 'on statement' },
  });
  const rejected = await checkoutWithPage(verified);
  await rejected.page.ok(contract.chooseBankTransferPayment);
  await rejected.page.ok(contract.claimBankTransferPayment);
  await admin().ok(contract.rejectCheckout, {
    params: { checkout_id: rejected.checkout.id },
    body: {
      rejection_reason: 'No transfer found',
    },
  });

  // An unverified merchant's short transfer arrives and waits (for the rest, or an operator).
  const waiting = await checkoutWithPage(unverified);
  await caller().ok(contract.simulateBankTransfer, {
    body: { payment_reference: waiting.checkout.payment_reference, scenario: 'short' },
  });

  // Paid twice: a duplicate payment.
  await paidCheckout(verified, { scenario: 'duplicate' });
}

/** Money: a refund, a settlement run (checkout.completed), a conversion, wallet status and hold changes. */
async function moneyFlows(m: Merchant) {
  const { checkout } = await paidCheckout(m, { amount: 101.01 });
  await paidCheckout(m, { amount: 202.02 });
  await settleEverything(m.id);
  await m.ok(contract.createRefund, {
    body: {
      checkout_id: checkout.id,
      amount: 5,
      reason: 'one item returned',
    },
  });

  const quote = await m.ok(contract.createConversionQuote, {
    body: { from_currency: 'GHS', to_currency: 'USD', amount: 10 },
  });
  await m.ok(contract.convertCurrency, {
    body: {
      quote_id: quote.body.data.quote_id,
      idempotency_key: `conv-${crypto.randomUUID()}`,
    },
  });

  await m.ok(contract.updateWalletStatus, { params: { currency_code: 'KES' }, body: { status: 'frozen' } });
  await m.ok(contract.updateWalletStatus, { params: { currency_code: 'KES' }, body: { status: 'active' } });
  await admin().ok(contract.updateMerchantWallet, {
    params: { merchant_id: m.id, currency_code: 'USD' },
    body: {
      settlement_hold: true,
      settlement_hold_reason: 'review',
      settlement_hold_visibility: 'internal',
    },
  });
}

/**
 * Payment accounts (create, update, delete), withdrawals and payouts to completed, failed and cancelled,
 * and a completed one of each reversed (only a live rail reverses: its verb is called as the rail's
 * confirmed `transfer.reversed` calls it, tests/integration/live-rails/paystack-transfer-events.test.ts).
 */
async function moneyOutFlows(m: Merchant) {
  const first = await m.ok(contract.createPaymentAccount, {
    body: {
      currency_code: 'GHS',
      account_type: 'bank_account',
      account_number: '0123456789',
      bank_name: 'GCB Bank',
      account_holder_name: 'Shop',
    },
  });
  const second = await m.ok(contract.createPaymentAccount, {
    body: {
      currency_code: 'GHS',
      account_type: 'mobile_money',
      phone_number: '0244123456',
      network_provider: 'mtn_momo',
    },
  });
  await m.ok(contract.updatePaymentAccount, {
    params: { account_id: second.body.data.id },
    body: { is_primary: true },
  });
  await m.ok(contract.deletePaymentAccount, { params: { account_id: first.body.data.id } });

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
    payout_type: 'bank_transfer' as const,
    recipient_details: bank(accountNumber),
  });
  const payout = (accountNumber: string) => ({ ...withdrawal(accountNumber), payout_reason: 'supplier invoice 118' });
  const cancel = { reason: 'changed my mind' };

  // One to complete, one to fail, one to cancel, of each.
  await m.ok(contract.createWithdrawal, { body: withdrawal('0011223344') });
  await m.ok(contract.createWithdrawal, { body: withdrawal('0011229999') });
  const withdrawn = (await m.ok(contract.createWithdrawal, { body: withdrawal('0011225555') })).body.data;
  await m.ok(contract.cancelWithdrawal, { params: { transaction_id: withdrawn.transaction_id }, body: cancel });
  await m.ok(contract.createPayout, { body: payout('0011223344') });
  await m.ok(contract.createPayout, { body: payout('0011229999') });
  const paidOut = (await m.ok(contract.createPayout, { body: payout('0011225555') })).body.data;
  await m.ok(contract.cancelPayout, { params: { transaction_id: paidOut.transaction_id }, body: cancel });
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['sandbox_payout_outcome']);
  const completed = await sql<{ id: string }[]>`
    select id from customer_transactions where merchant_id = ${m.id} and payout_status = 'completed'`;
  for (const { id } of completed) expect(await reverseCompletedPayout(getDb(), id, 'sandbox: reversed')).toBe(true);
}

/** A webhook endpoint and its test event. */
async function webhookFlows(m: Merchant) {
  const created = await m.ok(contract.createWebhook, {
    body: { url: 'https://93.184.215.14/hooks', events: ['checkout.paid'] },
  });
  await m.ok(contract.sendWebhookTest, { params: { webhook_id: created.body.data.id } });
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
    const rows = await sql<
      { id: string; sequence: string; event_type: string; created_at: Date; data: Record<string, unknown> }[]
    >`
      select id, sequence, event_type, created_at, data from events where merchant_id = any(${merchantIds}::uuid[]) order by sequence`;

    const problems: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.event_type);
      const validate = payloadValidator(row.event_type);
      if (!validate) {
        problems.push(`no payload schema for ${row.event_type} (lib/surfaces/event-payloads.ts)`);
        continue;
      }
      const body = envelopeOf({
        id: row.id,
        sequence: row.sequence,
        eventType: row.event_type,
        createdAt: row.created_at,
        data: row.data,
      });
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
