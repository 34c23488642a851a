import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { admin, hostedPage, liveKeyOf, newMerchant, type Merchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { expectPublishedContractKept } from '../../support/providers/paystack/fixtures';
import { startPaystack, type PaystackServer } from '../../support/providers/paystack';
import type { WebhookRequest } from '../../support/providers/paystack/webhooks';
import { sweepTransfers } from '../../../lib/collections/live/transfer-sweep';
import { getDb } from '../../../lib/platform/db/client';

/**
 * A live checkout paid by bank transfer through Paystack, end to end against its contract server:
 * the page gets an account opened for this payment, the customer pays it, Paystack's signed
 * `charge.success` reaches our route, the status query confirms it, the money lands in the live
 * wallet and the merchant's webhook event is written; the test key sees none of it.
 */
const sql = testSql();
const NOTIFICATIONS = '/api/rails/paystack/notifications';
let paystack: PaystackServer;

/** What Paystack's webhook delivery gets back from our route. */
const answers: { status: number; text: string }[] = [];
async function toOurRoute(request: WebhookRequest): Promise<number> {
  const res = await caller(Object.fromEntries(request.headers)).raw('POST', NOTIFICATIONS, { body: request.rawBody });
  answers.push({ status: res.status, text: res.text });
  return res.status;
}

beforeAll(async () => {
  paystack = await startPaystack({ secretKey: process.env.PAYSTACK_SECRET_KEY, deliver: toOurRoute });
  process.env.PAYSTACK_BASE_URL = paystack.url;
  process.env.LIVE_ROUTES = 'NGN:bank_transfer=paystack';
  resetConfigForTests();
});

afterAll(async () => {
  process.env.PAYSTACK_BASE_URL = 'http://127.0.0.1:9';
  delete process.env.LIVE_ROUTES;
  resetConfigForTests();
  await paystack.close();
  // Everything the service sent Paystack, and every answer, as Paystack's OpenAPI document has them.
  expectPublishedContractKept(paystack);
});

async function liveCheckout(amount = 2500, expiresInMinutes?: number) {
  const merchant = await newMerchant();
  const live = await liveKeyOf(merchant);
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: {
        customer_email: 'ada@example.com',
        amount,
        currency_code: 'NGN',
        ...(expiresInMinutes ? { expires_in_minutes: expiresInMinutes } : {}),
      },
    })
  ).body.data;
  return { merchant, live, checkout, ...hostedPage(checkout) };
}

async function chooseTransfer(page: ReturnType<typeof hostedPage>['page']) {
  await page.ok(contract.chooseBankTransferPayment);
  const session = (await page.ok(contract.getCheckoutSession)).body.data;
  const attempt = session.latest_attempt!;
  const [row] = await sql<{ id: string; provider_reference: string }[]>`
    select id, provider_reference from payment_attempts where id = ${attempt.id}`;
  return { session, attempt, reference: row!.provider_reference };
}

const depositsOf = async (who: Merchant) =>
  (await who.ok(contract.listCustomerTransactions, { query: { transaction_type: 'deposit' } })).body.data;

describe('a live NGN checkout paid by bank transfer through Paystack', () => {
  it('offers only what is routed, without the sandbox banner; the account is the one Paystack opened', async () => {
    const { page, checkout } = await liveCheckout();
    const before = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(before.sandbox).toBe(false);
    expect(before.methods.map((m) => m.method)).toEqual(['bank_transfer']);

    const { attempt, reference } = await chooseTransfer(page);
    const charge = paystack.state.charges.get(reference)!;
    expect(charge).toBeDefined();
    expect(attempt.bank_account).toMatchObject({
      account_number: charge.accountNumber,
      bank_name: charge.bank.name,
    });
    // The exact amount, in kobo, and our attempt id as Paystack's reference.
    expect(charge.amount).toBe(250_000n);
    expect(reference).toBe(attempt.id);
    const [row] = await sql`select status from checkouts where id = ${checkout.id}`;
    expect(row!.status).toBe('awaiting_payment_initiation');
  });

  it('a checkout living 2 hours gets an account for 30 minutes, and the page deadline is the account deadline', async () => {
    const { page, checkout } = await liveCheckout(2500, 120);
    const { attempt, reference } = await chooseTransfer(page);
    const charge = paystack.state.charges.get(reference)!;
    // Never asked for longer than Paystack's accounts live [PS-PWT-SUP: 30 minutes].
    expect(charge.requestedExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(charge.requestedExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(Date.parse(`${checkout.expires_at}Z`)).toBeGreaterThan(Date.now() + 119 * 60_000);
    // What the page counts down to is the deadline Paystack answered for the account.
    expect(attempt.respond_by).not.toBeNull();
    expect(Date.parse(`${attempt.respond_by!}Z`)).toBe(charge.accountExpiresAt.getTime());
  });

  it('an account that lapsed is replaced when the customer asks again; money paid into the old one still counts', async () => {
    const { page, checkout, live } = await liveCheckout(2500, 120);
    const first = await chooseTransfer(page);
    // Asking again while the account lives shows the same account.
    expect((await chooseTransfer(page)).attempt.id).toBe(first.attempt.id);
    // Paystack's 30 minutes pass.
    await sql`update payment_attempts set respond_by = now() - interval '1 second' where id = ${first.attempt.id}`;
    const second = await chooseTransfer(page);
    expect(second.attempt.id).not.toBe(first.attempt.id);
    expect(paystack.state.charges.get(second.reference)).toBeDefined();
    const attempts = await sql<{ id: string; status: string }[]>`
      select id, status from payment_attempts where checkout_id = ${checkout.id} order by created_at`;
    expect(attempts.map((a) => a.status)).toEqual(['abandoned', 'awaiting_transfer']);
    const [row] = await sql`select status from checkouts where id = ${checkout.id}`;
    expect(row!.status).toBe('awaiting_payment_initiation');
    // A transfer that reached the old account before it closed is recorded all the same, once.
    expect((await paystack.payCharge(first.reference)).outcome).toBe('paid');
    const after = (await live.ok(contract.getCheckout, { params: { checkout_id: checkout.id } })).body.data;
    expect(after.status).toBe('paid');
    expect(await depositsOf(live)).toHaveLength(1);
  });

  it('paid: confirmed by the status query, credited to the live wallet once, with its webhook event; invisible to the test key', async () => {
    const { merchant, live, page, checkout } = await liveCheckout();
    const { reference } = await chooseTransfer(page);
    answers.length = 0;
    const paid = await paystack.payCharge(reference);
    expect(paid.outcome).toBe('paid');
    expect(answers).toEqual([{ status: 200, text: expect.stringContaining('"outcome":"recorded"') }]);
    // Asked before the money was recorded.
    expect(paystack.requests.some((r) => r.path === `/transaction/verify/${reference}`)).toBe(true);

    const after = (await live.ok(contract.getCheckout, { params: { checkout_id: checkout.id } })).body.data;
    expect(after.status).toBe('paid');
    const deposits = await depositsOf(live);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ amount: 2500, provider: 'paystack', checkout_session_id: checkout.id });
    const events = await sql`select event_type from events where resource_id = ${checkout.id} order by sequence`;
    expect(events.map((e) => e.event_type)).toContain('checkout.paid');

    // The same notice again, and once more later: still one collection, one deposit.
    await paystack.deliver(paid.event!);
    await paystack.deliver(paid.event!);
    const collections = await sql`select count(*)::int as n from collections where checkout_id = ${checkout.id}`;
    expect(collections[0]!.n).toBe(1);
    expect(await depositsOf(live)).toHaveLength(1);

    expect(await depositsOf(merchant)).toHaveLength(0);
    expectStatus(await merchant.call(contract.getCheckout, { params: { checkout_id: checkout.id } }), 404);
    const wallets = await admin().ok(contract.listMerchantWallets, {
      params: { merchant_id: merchant.id },
      query: { mode: 'live' },
    });
    expect(wallets.body.data.find((w) => w.currency_name === 'NGN')!.holding_balance).toBeGreaterThan(0);
  });

  it('a forged or altered notice is refused (401) and records nothing', async () => {
    const { live, page, checkout } = await liveCheckout();
    const { reference } = await chooseTransfer(page);
    answers.length = 0;
    const paid = await paystack.payCharge(reference, { delivery: 'withhold' });
    expect((await paystack.deliver(paid.event!, { signature: 'forged' })).status).toBe(401);
    expect((await paystack.deliver(paid.event!, { signature: 'missing' })).status).toBe(401);
    expect((await paystack.deliver(paid.event!, { alterBody: true })).status).toBe(401);
    for (const answer of answers) expectErrorShape(JSON.parse(answer.text), 'invalid_signature');
    expect(await depositsOf(live)).toHaveLength(0);
    const [row] = await sql`select status from checkouts where id = ${checkout.id}`;
    expect(row!.status).toBe('awaiting_payment_initiation');
    // The real notice, late: recorded.
    expect((await paystack.deliver(paid.event!)).status).toBe(200);
    expect(await depositsOf(live)).toHaveLength(1);
  });

  it('a notice whose status query does not answer records nothing (never guessed) and is asked for again', async () => {
    const { live, page } = await liveCheckout();
    const { reference } = await chooseTransfer(page);
    paystack.inject({ kind: 'status', status: 502 }, { path: /^\/transaction\/verify\// });
    answers.length = 0;
    const paid = await paystack.payCharge(reference);
    expect(answers[0]!.status).toBe(503);
    expectErrorShape(JSON.parse(answers[0]!.text), 'rail_unavailable');
    expect(await depositsOf(live)).toHaveLength(0);
    // Paystack sends it again; the query answers now.
    expect((await paystack.deliver(paid.event!)).status).toBe(200);
    expect(await depositsOf(live)).toHaveLength(1);
  });

  it('Paystack down when the customer chooses transfer: 503 rail_unavailable, no attempt, no account shown', async () => {
    const { page, checkout } = await liveCheckout();
    paystack.inject({ kind: 'status', status: 500 }, { path: /^\/charge$/ });
    const res = await page.call(contract.chooseBankTransferPayment);
    expectStatus(res, 503);
    expectErrorShape(res.body, 'rail_unavailable');
    expect(res.headers.get('retry-after')).toBe('10');
    const attempts = await sql`select id from payment_attempts where checkout_id = ${checkout.id}`;
    expect(attempts).toHaveLength(0);
  });

  it('live mode without a route offers nothing and takes no payment', async () => {
    const merchant = await newMerchant();
    const live = await liveKeyOf(merchant);
    const checkout = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'ada@example.com', amount: 25, currency_code: 'GHS' },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(session.methods).toEqual([]);
    expectStatus(await page.call(contract.chooseBankTransferPayment), 409);
  });
});

describe('the Paystack circuit breaker', () => {
  it('five unanswered calls in a row: down (not offered, /api/health says so); after the cool-down one probe closes it', async () => {
    await sql`delete from rail_circuits`;
    paystack.inject({ kind: 'status', status: 503 }, { path: /^\/charge$/, times: 5 });
    for (let i = 0; i < 5; i++) {
      const { page } = await liveCheckout();
      expectStatus(await page.call(contract.chooseBankTransferPayment), 503);
    }
    const { page } = await liveCheckout();
    expect((await page.ok(contract.getCheckoutSession)).body.data.methods).toEqual([]);
    const health = (await caller().ok(contract.getHealth)).body.data;
    expect(health.rails).toEqual([
      {
        rail: 'paystack',
        status: 'down',
        routes: ['NGN bank_transfer NG'],
        consecutive_failures: 5,
        down_since: expect.any(String),
      },
    ]);

    // A minute later it is half-open: offered again, and the next call decides.
    await sql`update rail_circuits set opened_at = now() - interval '61 seconds'`;
    expect((await caller().ok(contract.getHealth)).body.data.rails[0]!.status).toBe('probing');
    expect((await page.ok(contract.getCheckoutSession)).body.data.methods.map((m) => m.method)).toEqual([
      'bank_transfer',
    ]);
    await page.ok(contract.chooseBankTransferPayment);
    expect((await caller().ok(contract.getHealth)).body.data.rails[0]).toMatchObject({
      status: 'up',
      consecutive_failures: 0,
    });
  });
});

describe('the sweep under lost notices', () => {
  const verifies = (reference: string) =>
    paystack.requests.filter((r) => r.path === `/transaction/verify/${reference}`).length;
  const statusOf = async (id: string) => (await sql`select status from checkouts where id = ${id}`)[0]!.status;

  it('a notice lost for good: once the customer said they paid, the sweep asks Paystack and records it once', async () => {
    const { page, checkout } = await liveCheckout();
    const { attempt, reference } = await chooseTransfer(page);
    const paid = await paystack.payCharge(reference, { delivery: 'withhold' });
    await sweepTransfers(getDb());
    expect(verifies(reference)).toBe(0); // not due: nobody said it was paid, the deadline is far

    await page.ok(contract.claimBankTransferPayment);
    await sql`update payment_attempts set claimed_at = now() - interval '11 minutes' where id = ${attempt.id}`;
    await sweepTransfers(getDb());
    expect(verifies(reference)).toBe(1);
    expect(await statusOf(checkout.id)).toBe('paid');
    expect(await sql`select id from collections where checkout_id = ${checkout.id}`).toHaveLength(1);

    // The notice arrives after all: nothing more is recorded.
    expect((await paystack.deliver(paid.event!)).status).toBe(200);
    expect(await sql`select id from collections where checkout_id = ${checkout.id}`).toHaveLength(1);
  });

  it('near the deadline an unpaid account is asked about, then not again for 15 minutes', async () => {
    const { page, checkout } = await liveCheckout();
    const { attempt, reference } = await chooseTransfer(page);
    await sql`update checkouts set expires_at = now() + interval '2 minutes' where id = ${checkout.id}`;
    await sweepTransfers(getDb());
    await sweepTransfers(getDb());
    expect(verifies(reference)).toBe(1);
    const [row] = await sql`select provider_metadata from payment_attempts where id = ${attempt.id}`;
    expect(row!.provider_metadata).toMatchObject({
      provider_status: 'pending',
      provider_checked_at: expect.any(String),
    });
    expect(await statusOf(checkout.id)).not.toBe('paid');
  });
});
