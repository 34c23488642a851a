import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { expectReconciled, hostedPage, liveKeyOf, newMerchant, settleEverything } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { startAirtel, type AirtelServer } from '../../support/providers/airtel';

/**
 * Live UGX and KES on Airtel Money, one contract server per country (an Airtel application is
 * enabled per country), whose callbacks go to our one fixed route, matched by `transaction.id`. The
 * callback is a hint: the enquiry decides.
 */
const sql = testSql();
const CALLBACKS = '/api/rails/airtel/callbacks';
const servers: Partial<Record<'UG' | 'KE', AirtelServer>> = {};
const answers: number[] = [];
const server = (country: 'UG' | 'KE') => servers[country]!;

beforeAll(async () => {
  const deliver = async (callback: { url: string; body: unknown }) => {
    const res = await caller().raw('POST', new URL(callback.url).pathname, { body: callback.body });
    answers.push(res.status);
  };
  const callbackUrl = `http://api.payments.test${CALLBACKS}`;
  servers.UG = await startAirtel({
    country: 'UG',
    callbackUrl,
    deliver,
    callbackKey: 'ug-callback-key',
    balance: 100_000,
  });
  servers.KE = await startAirtel({ country: 'KE', callbackUrl, deliver });
  const account = (s: AirtelServer) => ({
    client_id: s.adapterSettings.clientId,
    client_secret: s.adapterSettings.clientSecret,
    encrypted_pin: s.adapterSettings.encryptedPin,
    base_url: s.url,
    ...(s.adapterSettings.callbackKey ? { callback_key: s.adapterSettings.callbackKey } : {}),
  });
  Object.assign(process.env, {
    AIRTEL_ACCOUNTS: JSON.stringify({ UG: account(server('UG')), KE: account(server('KE')) }),
    LIVE_ROUTES: 'UGX:mobile_money=airtel, UGX:payout_mobile_money=airtel, KES:mobile_money=airtel',
    RAIL_TIMEOUT_SECONDS: '2',
  });
  resetConfigForTests();
});
afterAll(async () => {
  for (const name of ['AIRTEL_ACCOUNTS', 'LIVE_ROUTES', 'RAIL_TIMEOUT_SECONDS']) delete process.env[name];
  resetConfigForTests();
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

/** A live checkout whose customer asked for the Airtel prompt; the job has sent it. */
async function prompted(currency: 'UGX' | 'KES', amount: number, phone: string) {
  const merchant = await newMerchant();
  const live = await liveKeyOf(merchant);
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: { customer_email: 'nakato@example.com', amount, currency_code: currency },
    })
  ).body.data;
  const { page } = hostedPage(checkout);
  const session = (await page.ok(contract.getCheckoutSession)).body.data;
  const networks = session.methods.find((m) => m.method === 'mobile_money')!.networks;
  // Live mode offers the routed country's Airtel market only (not MTN Uganda, not M-Pesa).
  expect(networks.map((n) => [n.id, n.country])).toEqual([['airtel_money', currency === 'UGX' ? 'UG' : 'KE']]);
  await page.ok(contract.startMobileMoneyPayment, { body: { network: 'airtel_money', phone } });
  const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
  await runJobsNow(['rail_request_payment']);
  return { merchant, live, checkout, page, attemptId: attempt!.id };
}

const attemptOf = async (id: string) =>
  (await sql`select status, provider, provider_reference, failure_code from payment_attempts where id = ${id}`)[0]!;
const checkoutStatus = async (id: string) => (await sql`select status from checkouts where id = ${id}`)[0]!.status;

describe('live Airtel Money collections', () => {
  it('UGX: the push carries our attempt id; the callback makes us ask; TS for the asked amount pays it', async () => {
    const { checkout, attemptId, merchant } = await prompted('UGX', 5000, '0700 123 123');
    const sent = server('UG').transaction(attemptId, 'collection')!;
    expect(sent).toMatchObject({ id: attemptId, amount: 5000, msisdn: '700123123', status: 'TIP' });
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing', provider: 'airtel:UG' });

    const enquiries = () => server('UG').requests.filter((r) => r.method === 'GET').length;
    const before = enquiries();
    const delivery = await server('UG').approve(attemptId, { airtelMoneyId: 'MP240101.1200.A00001' });
    expect(delivery!.outcome).toEqual({ delivered: true });
    expect(answers.at(-1)).toBe(200);
    expect(enquiries()).toBeGreaterThan(before);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
    const [collection] =
      await sql`select rail, rail_reference, amount from collections where checkout_id = ${checkout.id}`;
    expect(collection).toMatchObject({ rail: 'airtel:UG', rail_reference: 'MP240101.1200.A00001', amount: '5000' });
    await expectReconciled(merchant.id);
  });

  it('KES: whole shillings only (Airtel Kenya), then paid the same way', async () => {
    const merchant = await newMerchant();
    const live = await liveKeyOf(merchant);
    const cents = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'wanjiru@example.com', amount: 50.5, currency_code: 'KES' },
      })
    ).body.data;
    const offered = (await hostedPage(cents).page.ok(contract.getCheckoutSession)).body.data.methods;
    expect(offered.map((m) => m.method)).not.toContain('mobile_money');

    const { checkout, attemptId } = await prompted('KES', 50, '0733 123 456');
    expect(server('KE').transaction(attemptId, 'collection')).toMatchObject({ amount: 50, msisdn: '733123456' });
    await server('KE').approve(attemptId);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
    expect((await attemptOf(attemptId)).provider).toBe('airtel:KE');
  });

  it('a decline fails the attempt for its reason; a callback without the right hash changes nothing', async () => {
    const { checkout, attemptId } = await prompted('UGX', 7000, '0750 160 185');
    const forged = await caller().raw('POST', CALLBACKS, {
      body: { transaction: { id: attemptId, status_code: 'TF', message: 'x', airtel_money_id: '' }, hash: 'bm9wZQ==' },
    });
    expectStatus(forged, 200);
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing' });

    await server('UG').decline(attemptId, 'DP00800001007');
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
    expect(await checkoutStatus(checkout.id)).toBe('failed');
  });

  it('a lost answer and a lost callback: the backoff asks the enquiry by our id and finds the payment', async () => {
    server('UG').inject({ kind: 'hang_after' }, { times: 1, path: /^\/merchant\/v1\/payments\/$/ });
    const { checkout, attemptId } = await prompted('UGX', 9000, '0740 222 333');
    // Our id is Airtel's transaction id, so nothing is lost with the answer.
    expect(server('UG').transaction(attemptId, 'collection')).toBeDefined();
    await server('UG').approve(attemptId, { callback: 'withhold' });
    expect(await checkoutStatus(checkout.id)).toBe('processing');
    await runJobsNow(['rail_check_payment']);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
  });
});

describe('live Airtel Money payouts (UGX)', () => {
  async function fundedLive() {
    const { merchant, live, attemptId } = await prompted('UGX', 300_000, '0700 555 444');
    await server('UG').approve(attemptId);
    await settleEverything(merchant.id);
    return { merchant, live };
  }
  const payout = (amount: number, network = 'airtel_money', mobile_number = '0750 160 185') => ({
    amount,
    currency_code: 'UGX' as const,
    payout_type: 'mobile_money' as const,
    recipient_details: { recipient_name: 'Okello Moses', mobile_number, network_provider: network },
  });
  const available = async (live: Awaited<ReturnType<typeof fundedLive>>['live']) =>
    (await live.ok(contract.getWallet, { params: { currency_code: 'UGX' } })).body.data.available_balance;
  const withdrawalStatus = async (id: string) =>
    (await sql`select payout_status, provider, failure_reason from customer_transactions where id = ${id}`)[0]!;

  it('sent with our payout id and completed by the enquiry', async () => {
    const { merchant, live } = await fundedLive();
    const created = (await live.ok(contract.createWithdrawal, { body: payout(20_000) })).body.data;
    await runJobsNow(['pick_up_payout']);
    await runJobsNow(['rail_send_payout']);
    expect(server('UG').transaction(created.transaction_id, 'disbursement')).toMatchObject({
      amount: 20_000,
      msisdn: '750160185',
    });
    await runJobsNow(['rail_check_payout']);
    expect(await withdrawalStatus(created.transaction_id)).toMatchObject({
      payout_status: 'completed',
      provider: 'airtel:UG',
    });
    await expectReconciled(merchant.id);
  });

  it('refused by Airtel (not enough funds): FAILED, and the whole debit comes back', async () => {
    const { live } = await fundedLive();
    const before = await available(live);
    const created = (await live.ok(contract.createWithdrawal, { body: payout(200_000) })).body.data;
    await runJobsNow(['pick_up_payout']);
    await runJobsNow(['rail_send_payout']);
    expect(await withdrawalStatus(created.transaction_id)).toMatchObject({ payout_status: 'failed' });
    expect(await available(live)).toBe(before);
  });

  it('refuses at once what Airtel would refuse: another network', async () => {
    const { live } = await fundedLive();
    const res = await live.call(contract.createWithdrawal, { body: payout(10_000, 'mtn_momo', '0772 123 456') });
    expectStatus(res, 422);
    expect(invalidFields(res)).toEqual(['recipient_details.network_provider']);
  });
});
