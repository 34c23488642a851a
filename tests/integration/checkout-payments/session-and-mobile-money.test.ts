import { describe, expect, it } from 'vitest';
import { tokenOf } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, checkoutWithPage, eventsOf, checkoutRow } from './helpers';

describe('public checkout session', () => {
  it("returns what the page needs, and changes nothing but the customer's language, kept from the first read", async () => {
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
    // The first read keeps the page's language (for the receipt: lib/collections/hosted-page/customer-locale.ts);
    // nothing else, not even updated_at. A second read changes nothing at all.
    const after = await checkoutRow(checkout.id);
    expect(before.customer_locale).toBeNull();
    expect(after).toEqual({ ...before, customer_locale: 'en' });
    await page.ok(contract.getCheckoutSession, { headers: { 'x-checkout-locale': 'fr' } });
    expect(await checkoutRow(checkout.id)).toEqual(after);
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

  it('restricts unverified merchants to mobile money under a cap (bank transfers need no approval in test mode)', async () => {
    const small = await checkoutWithPage({ amount: 100 }, 'unverified');
    const methods = (await small.page.ok(contract.getCheckoutSession)).body.data.methods;
    expect(methods.map((m) => [m.method, m.requires_manual_approval])).toEqual([
      ['mobile_money', false],
      ['bank_transfer', false],
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
    await runJobsNow(['rail_request_payment']); // the prompt reaches the phone
    await sql`update payment_attempts set created_at = now() - interval '31 seconds' where checkout_id = ${checkout.id}`;
    // "Send again" without a phone reuses the number of the prompt it replaces.
    const resent = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo' },
    });
    expectStatus(resent, 200);
    await runJobsNow(['rail_request_payment']);
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
