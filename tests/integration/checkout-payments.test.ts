import { describe, expect, it } from 'vitest';
import { admin, hostedPage, newMerchant, tokenOf } from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { testSql } from '../support/database';
import { caller, expectErrorShape, expectStatus, type BodyOf } from '../support/caller';

import { contract } from '../support/contract';

const sql = testSql();

/** A checkout plus a client acting as the hosted page holding its token. */
async function checkoutWithPage(
  body: Partial<BodyOf<typeof contract.createCheckout>> = {},
  kyb: 'verified' | 'unverified' = 'verified',
) {
  const merchant = await newMerchant({ kyb_status: kyb });
  const created = await merchant.call(contract.createCheckout, {
    body: {
      customer_email: 'ada@example.com',
      amount: 25.5,
      currency_code: 'GHS',
      meta_data: { order_id: 'A-1' },
      ...body,
    },
  });
  expectStatus(created, 200);
  const checkout = created.body.data;
  return { merchant, checkout, ...hostedPage(checkout) };
}

async function eventsOf(checkoutId: string): Promise<string[]> {
  const rows = await sql`select event_type from events where resource_id = ${checkoutId} order by sequence`;
  return rows.map((r) => r.event_type as string);
}

async function checkoutRow(id: string) {
  const [row] = await sql`select * from checkouts where id = ${id}`;
  return row!;
}

describe('public checkout session', () => {
  it('returns what the page needs, and changes nothing', async () => {
    const { checkout, page } = await checkoutWithPage();
    const before = await checkoutRow(checkout.id);
    const res = await page.call(contract.getCheckoutSession);
    expectStatus(res, 200);
    const s = res.body.data;
    expect(s.checkout).toMatchObject({ id: checkout.id, amount: 25.5, currency_code: 'GHS', status: 'pending' });
    expect(s.merchant.display_name).toBe('Test Shop');
    expect(s.merchant.text_color).toMatch(/^#/);
    expect(s.methods.map((m) => m.method)).toEqual(['mobile_money', 'bank_transfer']);
    expect(s.methods[0]!.networks.map((n) => n.id)).toEqual(['mtn_momo', 'vodafone_cash']);
    expect(s.latest_attempt).toBeNull();
    expect(s.sandbox).toBe(true);
    expect(Math.abs(new Date(`${s.server_time}Z`).getTime() - Date.now())).toBeLessThan(5000);
    expect(await checkoutRow(checkout.id)).toEqual(before);
  });

  it('offers only bank transfer in NGN, and hides methods the branding does not accept', async () => {
    const ngn = await checkoutWithPage({ currency_code: 'NGN' });
    expect((await ngn.page.ok(contract.getCheckoutSession)).body.data.methods.map((m) => m.method)).toEqual([
      'bank_transfer',
    ]);

    const ghs = await checkoutWithPage();
    await ghs.merchant.call(contract.updateBranding, { body: { accepted_methods: ['bank_transfer'] } });
    expect((await ghs.page.ok(contract.getCheckoutSession)).body.data.methods.map((m) => m.method)).toEqual([
      'bank_transfer',
    ]);
    const refused = await ghs.page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244123456' },
    });
    expectStatus(refused, 409);
    expectErrorShape(refused.body, 'method_unavailable');
  });

  it('restricts unverified merchants: mobile money under a cap, bank transfers need approval', async () => {
    const small = await checkoutWithPage({ amount: 100 }, 'unverified');
    const methods = (await small.page.ok(contract.getCheckoutSession)).body.data.methods;
    expect(methods.map((m) => [m.method, m.requires_manual_approval])).toEqual([
      ['mobile_money', false],
      ['bank_transfer', true],
    ]);
    const large = await checkoutWithPage({ amount: 2000.01 }, 'unverified');
    expect((await large.page.ok(contract.getCheckoutSession)).body.data.methods.map((m) => m.method)).toEqual([
      'bank_transfer',
    ]);
  });

  it('refuses missing, tampered, foreign and merchant credentials with 401', async () => {
    const a = await checkoutWithPage();
    const b = await checkoutWithPage();
    const token = tokenOf(a.checkout.checkout_url);
    const tampered = token.slice(0, -3) + (token.endsWith('A') ? 'BBB' : 'AAA');
    const attempts: Record<string, string>[] = [
      {},
      { 'x-checkout-token': tampered },
      { 'x-checkout-token': tokenOf(b.checkout.checkout_url) },
      { 'x-checkout-token': 'not-a-jwt' },
      { 'x-api-key': a.merchant.apiKey },
    ];
    for (const headers of attempts) {
      const res = await caller(headers).call(contract.getCheckoutSession, {
        params: { payment_reference: a.checkout.payment_reference },
      });
      expectStatus(res, 401);
      expectErrorShape(res.body);
    }
    // And the checkout token is useless on merchant endpoints.
    const onMerchant = await caller({ 'x-checkout-token': token }).call(contract.getCheckout, {
      params: { checkout_id: a.checkout.id },
    });
    expectStatus(onMerchant, 401);
  });
});

describe('mobile money (sandbox rail)', () => {
  it('succeeds: processing → paid, attempt and collection recorded, events in order', async () => {
    const { checkout, page } = await checkoutWithPage();
    const started = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '024 412 3456' },
    });
    expectStatus(started, 200);
    expect(started.body.data.checkout.status).toBe('processing');
    expect(started.body.data.latest_attempt).toMatchObject({
      method: 'mobile_money',
      status: 'processing',
      network: 'mtn_momo',
    });
    expect(started.body.data.latest_attempt!.phone).toBe('+233 ••• ••• 456');

    await runJobsNow(['sandbox_mobile_money_outcome']);
    const status = await page.ok(contract.getCheckoutSessionStatus);
    expect(status.body.data.status).toBe('paid');
    expect(status.body.data.latest_attempt!.status).toBe('succeeded');
    const row = await checkoutRow(checkout.id);
    expect(row.approval_status).toBe('approved');
    expect(row.approved_by_admin_id).toBeNull();
    expect(row.paid_at).not.toBeNull();
    expect(row.payment_method).toBe('mobile_money');
    const [collection] = await sql`select * from collections where checkout_id = ${checkout.id}`;
    expect(collection).toMatchObject({ kind: 'payment', amount: '2550', method: 'mobile_money' });
    expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.processing', 'checkout.paid']);
    const [paid] = await sql<
      { data: { meta_data: unknown } }[]
    >`select data from events where resource_id = ${checkout.id} and event_type = 'checkout.paid'`;
    expect(paid!.data.meta_data).toEqual({ order_id: 'A-1' });
  });

  it('declined (…1111) fails; insufficient funds (…2222) fails; then a retry succeeds', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244121111' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    let s = (await page.ok(contract.getCheckoutSessionStatus)).body.data;
    expect(s.status).toBe('failed');
    expect(s.latest_attempt).toMatchObject({ status: 'failed', failure_code: 'declined' });

    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'vodafone_cash', phone: '0204122222' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    s = (await page.ok(contract.getCheckoutSessionStatus)).body.data;
    expect(s.latest_attempt).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });

    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244125555' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('paid');
    const attempts =
      await sql`select status from payment_attempts where checkout_id = ${checkout.id} order by created_at`;
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(await eventsOf(checkout.id)).toEqual([
      'checkout.created',
      'checkout.processing',
      'checkout.failed',
      'checkout.processing',
      'checkout.failed',
      'checkout.processing',
      'checkout.paid',
    ]);
  });

  it('no answer (…3333) times out after the window, then the customer can retry', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244123333' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('processing');
    // The window passes.
    await sql`update payment_attempts set respond_by = now() - interval '1 second' where checkout_id = ${checkout.id}`;
    await runJobsNow(['time_out_payment_attempt']);
    const s = (await page.ok(contract.getCheckoutSessionStatus)).body.data;
    expect(s.status).toBe('timeout');
    expect(s.latest_attempt!.status).toBe('timeout');
    expect(await eventsOf(checkout.id)).toContain('checkout.timeout');

    const retry = await page.ok(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244120000' },
    });
    expect(retry.body.data.checkout.status).toBe('processing');
  });

  it('refuses a second prompt while one is in flight, and a wrong phone when the phone is locked', async () => {
    const { page } = await checkoutWithPage({ customer_phone: '+233244123456', customer_phone_editable: false });
    const wrong = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244999999' },
    });
    expectStatus(wrong, 422);
    expect(wrong.body.error.fields[0]!.field).toBe('phone');
    const ok = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo' },
    });
    expectStatus(ok, 200);
    const again = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo' },
    });
    expectStatus(again, 409);
    expectErrorShape(again.body, 'prompt_recently_sent');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('resends a prompt after 30 s; approving both records the second as a duplicate, never drops it', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244123333' },
    });
    await sql`update payment_attempts set created_at = now() - interval '31 seconds' where checkout_id = ${checkout.id}`;
    // "Send again" without a phone reuses the number of the prompt it replaces.
    const resent = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo' },
    });
    expectStatus(resent, 200);
    expect(resent.body.data.checkout.status).toBe('processing');
    expect(resent.body.data.latest_attempt!.phone).toBe('+233 ••• ••• 333');
    const attempts = await sql<
      { id: string; status: string; phone: string }[]
    >`select id, status, phone from payment_attempts where checkout_id = ${checkout.id} order by created_at`;
    expect(attempts.map((a) => a.status)).toEqual(['abandoned', 'processing']);
    expect(new Set(attempts.map((a) => a.phone))).toEqual(new Set(['+233244123333']));

    // The customer approves the old prompt, then the new one.
    const simulate = (id: string) =>
      caller().ok(contract.simulateMobileMoneyOutcome, { params: { attempt_id: id }, body: { outcome: 'success' } });
    expect((await simulate(attempts[0]!.id)).body.data.status).toBe('succeeded');
    expect((await checkoutRow(checkout.id)).status).toBe('paid');
    await simulate(attempts[1]!.id);
    const kinds = await sql`select kind from collections where checkout_id = ${checkout.id} order by received_at, id`;
    expect(kinds.map((k) => k.kind)).toEqual(['payment', 'duplicate']);
    // The replacing prompt was made moot when the old one paid; a late approval of it is still money received.
    const [second] = await sql`select status from payment_attempts where id = ${attempts[1]!.id}`;
    expect(second!.status).toBe('succeeded');
    expect(await eventsOf(checkout.id)).toContain('checkout.duplicate_payment');
  });

  it('validates network and phone', async () => {
    const { page } = await checkoutWithPage();
    expect(
      (
        await page.call(contract.startMobileMoneyPayment, {
          body: { network: 'mpesa', phone: '0712345678' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await page.call(contract.startMobileMoneyPayment, {
          body: { network: 'mtn_momo', phone: '12' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await page.call(contract.startMobileMoneyPayment, {
          body: { network: 'mtn_momo' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await page.send(contract.startMobileMoneyPayment, {
          body: { network: 'mtn_momo', phone: '0244123456', extra: 1 },
        })
      ).status,
    ).toBe(422);
  });
});

describe('bank transfer and operator approval', () => {
  it('claim → operator approves → paid with the admin id and notes', async () => {
    const { checkout, page } = await checkoutWithPage();
    const chosen = await page.ok(contract.chooseBankTransferPayment);
    expect(chosen.body.data.checkout.status).toBe('awaiting_payment_initiation');
    const account = chosen.body.data.latest_attempt!.bank_account!;
    expect(account).toMatchObject({ bank_name: 'Sandbox Bank', reference: checkout.payment_reference });
    expect(account.account_number).toMatch(/^\d{10}$/);
    // Choosing again shows the same instructions.
    expect((await page.ok(contract.chooseBankTransferPayment)).body.data.latest_attempt!.id).toBe(
      chosen.body.data.latest_attempt!.id,
    );

    const claimed = await page.ok(contract.claimBankTransferPayment);
    expect(claimed.body.data.checkout.status).toBe('processing');
    expect(claimed.body.data.checkout.approval_status).toBe('pending_approval');

    const queue = await admin().ok(contract.listCheckoutsAwaitingApproval);
    expect(queue.body.data.map((c) => c.id)).toContain(checkout.id);

    const approved = await admin().call(contract.approveCheckout, {
      params: { checkout_id: checkout.id },
      body: {
        admin_notes: 'seen on statement',
      },
    });
    expectStatus(approved, 200);
    expect(approved.body.data).toMatchObject({
      status: 'paid',
      approval_status: 'approved',
      admin_notes: 'seen on statement',
    });
    expect(approved.body.data.approved_by_admin_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(approved.body.data.approved_at).not.toBeNull();
    expect(await eventsOf(checkout.id)).toEqual([
      'checkout.created',
      'checkout.payment_claimed',
      'checkout.approved',
      'checkout.paid',
    ]);

    // Approving twice, or rejecting a paid checkout, is refused and changes nothing.
    const twice = await admin().call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} });
    expectStatus(twice, 409);
    expectErrorShape(twice.body, 'not_awaiting_approval');
    expect(
      (
        await admin().call(contract.rejectCheckout, {
          params: { checkout_id: checkout.id },
          body: { rejection_reason: 'x' },
        })
      ).status,
    ).toBe(409);
    expect((await checkoutRow(checkout.id)).status).toBe('paid');
  });

  it('claim → operator rejects with a reason → failed, and the customer may try again', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.chooseBankTransferPayment);
    await page.call(contract.claimBankTransferPayment);
    expect(
      (await admin().send(contract.rejectCheckout, { params: { checkout_id: checkout.id }, body: {} })).status,
    ).toBe(422);
    const rejected = await admin().ok(contract.rejectCheckout, {
      params: { checkout_id: checkout.id },
      body: {
        rejection_reason: 'No transfer found',
      },
    });
    expect(rejected.body.data).toMatchObject({
      status: 'failed',
      approval_status: 'rejected',
      rejection_reason: 'No transfer found',
    });
    expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.payment_claimed', 'checkout.rejected']);
    const retry = await page.ok(contract.chooseBankTransferPayment);
    expect(retry.body.data.checkout.status).toBe('awaiting_payment_initiation');
    expect(retry.body.data.checkout.approval_status).toBe('pending_approval');
  });

  it('claiming without choosing bank transfer is a 409', async () => {
    const { page } = await checkoutWithPage();
    const res = await page.call(contract.claimBankTransferPayment);
    expectStatus(res, 409);
    expectErrorShape(res.body, 'no_transfer_to_claim');
  });

  it('an exact incoming transfer pays a verified merchant at once; a duplicate is recorded and announced', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.chooseBankTransferPayment);
    const sim = await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: checkout.payment_reference,
        scenario: 'duplicate',
      },
    });
    expectStatus(sim, 200);
    expect(sim.body.data.transfers.map((t) => t.kind)).toEqual(['payment', 'duplicate']);
    const row = await checkoutRow(checkout.id);
    expect(row).toMatchObject({ status: 'paid', approval_status: 'approved', approved_by_admin_id: null });
    const kinds = await sql`select kind from collections where checkout_id = ${checkout.id} order by received_at, id`;
    expect(kinds.map((k) => k.kind).sort()).toEqual(['duplicate', 'payment']);
    const events = await eventsOf(checkout.id);
    expect(events).toContain('checkout.paid');
    expect(events).toContain('checkout.duplicate_payment');
    const [dup] = await sql<
      { data: { duplicate_payment: unknown } }[]
    >`select data from events where resource_id = ${checkout.id} and event_type = 'checkout.duplicate_payment'`;
    expect(dup!.data.duplicate_payment).toMatchObject({
      amount: 25.5,
      currency_code: 'GHS',
      payment_method: 'bank_transfer',
    });
  });

  it('a short transfer waits for an operator; an over transfer pays and records the excess', async () => {
    const short = await checkoutWithPage();
    await short.page.call(contract.chooseBankTransferPayment);
    await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: short.checkout.payment_reference,
        scenario: 'short',
      },
    });
    expect(await checkoutRow(short.checkout.id)).toMatchObject({
      status: 'processing',
      approval_status: 'pending_approval',
    });
    const queue = await admin().ok(contract.listCheckoutsAwaitingApproval, { query: { limit: 100 } });
    expect(queue.body.data.find((c) => c.id === short.checkout.id)!.amount_received).toBe(24.5);

    const over = await checkoutWithPage();
    await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: over.checkout.payment_reference,
        scenario: 'over',
      },
    });
    expect((await checkoutRow(over.checkout.id)).status).toBe('paid');
    const [c] = await sql`select kind, details from collections where checkout_id = ${over.checkout.id}`;
    expect(c).toMatchObject({ kind: 'payment', details: { overpaid_by: 1 } });
  });

  it('an incoming transfer for an unverified merchant always waits for approval', async () => {
    const { checkout } = await checkoutWithPage({ amount: 10 }, 'unverified');
    await caller().call(contract.simulateBankTransfer, { body: { payment_reference: checkout.payment_reference } });
    expect(await checkoutRow(checkout.id)).toMatchObject({
      status: 'processing',
      approval_status: 'pending_approval',
      payment_method: 'bank_transfer',
    });
  });

  it('money arriving for an expired or cancelled checkout is kept and announced', async () => {
    const cancelled = await checkoutWithPage();
    await cancelled.merchant.call(contract.cancelCheckout, { params: { checkout_id: cancelled.checkout.id } });
    await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: cancelled.checkout.payment_reference },
    });
    expect((await checkoutRow(cancelled.checkout.id)).status).toBe('cancelled');
    expect(await eventsOf(cancelled.checkout.id)).toContain('checkout.duplicate_payment');

    const expired = await checkoutWithPage();
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${expired.checkout.id}`;
    await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: expired.checkout.payment_reference },
    });
    expect(await eventsOf(expired.checkout.id)).toContain('checkout.duplicate_payment');
    const [c] = await sql`select kind from collections where checkout_id = ${expired.checkout.id}`;
    expect(c!.kind).toBe('duplicate');
  });

  it('operator endpoints need the admin token and answer 404 for unknown checkouts', async () => {
    const { checkout, merchant } = await checkoutWithPage();
    expect(
      (await merchant.call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} })).status,
    ).toBe(401);
    expect((await caller().call(contract.listCheckoutsAwaitingApproval)).status).toBe(401);
    const missing = await admin().call(contract.approveCheckout, {
      params: { checkout_id: '00000000-0000-4000-8000-000000000000' },
      body: {},
    });
    expectStatus(missing, 404);
  });
});

describe('expiry and state rules on the public interface', () => {
  it('nothing can start on an expired or cancelled checkout', async () => {
    const { checkout, merchant, page } = await checkoutWithPage();
    await merchant.call(contract.cancelCheckout, { params: { checkout_id: checkout.id } });
    for (const res of [
      await page.call(contract.startMobileMoneyPayment, {
        body: { network: 'mtn_momo', phone: '0244123456' },
      }),
      await page.call(contract.chooseBankTransferPayment),
    ]) {
      expect(res.status).toBe(409);
      expectErrorShape(res.body);
    }
    const expired = await checkoutWithPage();
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${expired.checkout.id}`;
    const s = await expired.page.ok(contract.getCheckoutSession);
    expect(s.body.data.checkout.status).toBe('expired');
    expect((await expired.page.call(contract.chooseBankTransferPayment)).status).toBe(409);
  });

  it('a checkout in processing does not expire under a payment in flight', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244123333' },
    });
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${checkout.id}`;
    await runJobsNow(['expire_checkout']);
    expect((await checkoutRow(checkout.id)).status).toBe('processing');
  });
});

describe('rate limits on the page interface', () => {
  it('answers 429 with Retry-After past the per-checkout write limit', async () => {
    const { page } = await checkoutWithPage();
    let limited;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await page.call(contract.chooseBankTransferPayment);
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expectErrorShape(limited!.body, 'rate_limited');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads are not limited.
    expect((await page.call(contract.getCheckoutSession)).status).toBe(200);
  });
});

describe('branding', () => {
  it('reads defaults, updates, validates and is applied to the session', async () => {
    const { merchant, page } = await checkoutWithPage();
    const initial = await merchant.ok(contract.getBranding);
    expect(initial.body.data).toMatchObject({
      display_name: 'Test Shop',
      logo_url: null,
      accepted_methods: null,
      success_redirect_url: null,
    });

    const updated = await merchant.call(contract.updateBranding, {
      body: {
        display_name: 'Kofi Foods',
        primary_color: '#ffd400',
        logo_url: 'https://cdn.kofi.test/logo.png',
        success_redirect_url: 'https://kofi.test/thanks?x=1',
        support_email: 'help@kofi.test',
      },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      display_name: 'Kofi Foods',
      primary_color: '#FFD400',
      text_color: '#111111',
    });
    const dark = await merchant.ok(contract.updateBranding, { body: { primary_color: '#102030' } });
    expect(dark.body.data).toMatchObject({ text_color: '#FFFFFF', display_name: 'Kofi Foods' });
    expect((await page.ok(contract.getCheckoutSession)).body.data.merchant).toMatchObject({
      display_name: 'Kofi Foods',
      primary_color: '#102030',
    });

    for (const bad of [
      { success_redirect_url: 'javascript:alert(1)' },
      { success_redirect_url: 'http://kofi.test/thanks' },
      { success_redirect_url: 'https://user:pw@kofi.test/' },
      { logo_url: 'http://cdn.kofi.test/logo.png' },
      { primary_color: 'red' },
      { accepted_methods: [] },
      { accepted_methods: ['cash'] },
      { unknown: true },
    ]) {
      const res = await merchant.send(contract.updateBranding, { body: bad });

      expectStatus(res, 422, JSON.stringify(bad));
      expectErrorShape(res.body, 'validation_error');
    }
  });

  it('sends a paid customer to the success URL with checkout_id, reference and status', async () => {
    const merchant = await newMerchant();
    await merchant.call(contract.updateBranding, {
      body: { success_redirect_url: 'https://shop.test/thanks?order=7' },
    });
    const created = (
      await merchant.ok(contract.createCheckout, {
        body: {
          customer_email: 'a@b.co',
          amount: 5,
          currency_code: 'GHS',
        },
      })
    ).body.data;
    const { page } = hostedPage(created);
    expect((await page.ok(contract.getCheckoutSession)).body.data.success_redirect_url).toBeNull();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244124444' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    const url = new URL((await page.ok(contract.getCheckoutSessionStatus)).body.data.success_redirect_url!);
    expect(url.origin + url.pathname).toBe('https://shop.test/thanks');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: '7',
      checkout_id: created.id,
      reference: created.payment_reference,
      status: 'paid',
    });
    const full = await merchant.ok(contract.listCheckouts);
    expect(full.body.data[0]!.redirect_url).toBe('https://shop.test/thanks?order=7');
  });
});
