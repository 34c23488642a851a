import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import {
  expectReconciled,
  hostedPage,
  liveKeyOf,
  newMerchant,
  settleEverything,
  type Merchant,
} from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { startAirtel, type AirtelServer } from '../../support/providers/airtel';
import { callbackBody } from '../../support/providers/airtel/callbacks';
import { payoutRecords } from './payout-records';

/**
 * Live Airtel Money payouts settled by Airtel's callback, end to end: the payout is sent with our id
 * as `transaction.id`, Airtel leaves it in process (TIP), and its callback to our one fixed address
 * makes us ask the disbursement enquiry, which decides. Uganda's application has callback
 * authentication on (a callback without the right `hash` is dropped unread); Kenya's has not, so a
 * forged callback there is kept and only makes us ask. Kenya also pays whole shillings only.
 */
const sql = testSql();
const { eventsOf, entriesOf, clearedTo, callbacksKept, payoutRow } = payoutRecords(sql);
const CALLBACKS = '/api/rails/airtel/callbacks';
const UG_KEY = 'ug-callback-key';
const servers: Partial<Record<'UG' | 'KE', AirtelServer>> = {};
const server = (country: 'UG' | 'KE') => servers[country]!;
const answers: { status: number; text: string }[] = [];

beforeAll(async () => {
  const deliver = async (callback: { url: string; body: unknown }) => {
    const res = await caller().raw('POST', new URL(callback.url).pathname, { body: callback.body });
    answers.push({ status: res.status, text: res.text });
  };
  const callbackUrl = `http://api.payments.test${CALLBACKS}`;
  // `pending`: a disbursement stays TIP until the test settles it, as Airtel answers DP00900001006.
  servers.UG = await startAirtel({
    country: 'UG',
    callbackUrl,
    deliver,
    callbackKey: UG_KEY,
    disbursementMode: 'pending',
  });
  servers.KE = await startAirtel({ country: 'KE', callbackUrl, deliver, disbursementMode: 'pending' });
  const account = (s: AirtelServer) => ({
    client_id: s.adapterSettings.clientId,
    client_secret: s.adapterSettings.clientSecret,
    encrypted_pin: s.adapterSettings.encryptedPin,
    base_url: s.url,
    ...(s.adapterSettings.callbackKey ? { callback_key: s.adapterSettings.callbackKey } : {}),
  });
  Object.assign(process.env, {
    AIRTEL_ACCOUNTS: JSON.stringify({ UG: account(server('UG')), KE: account(server('KE')) }),
    LIVE_ROUTES: [
      'UGX:mobile_money=airtel',
      'UGX:payout_mobile_money=airtel',
      'KES:mobile_money=airtel',
      'KES:payout_mobile_money=airtel',
    ].join(','),
    RAIL_TIMEOUT_SECONDS: '2',
  });
  resetConfigForTests();
});
afterAll(async () => {
  for (const name of ['AIRTEL_ACCOUNTS', 'LIVE_ROUTES', 'RAIL_TIMEOUT_SECONDS']) delete process.env[name];
  resetConfigForTests();
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

const MARKETS = {
  UG: { currency: 'UGX', payer: '0700 555 444', payee: '0750 160 185', msisdn: '750160185' },
  KE: { currency: 'KES', payer: '0733 100 200', payee: '0733 123 456', msisdn: '733123456' },
} as const;

/** A live merchant paid `amount` through Airtel in the country's currency, then settled. */
async function fundedLive(country: 'UG' | 'KE', amount: number) {
  const { currency, payer } = MARKETS[country];
  const merchant = await newMerchant();
  const live = await liveKeyOf(merchant);
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: { customer_email: 'okello@example.com', amount, currency_code: currency },
    })
  ).body.data;
  await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, {
    body: { network: 'airtel_money', phone: payer },
  });
  const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
  await runJobsNow(['rail_request_payment']);
  await server(country).approve(attempt!.id);
  await settleEverything(merchant.id);
  return { merchant, live };
}

const toAirtel = (country: 'UG' | 'KE', amount: number, extra: { network?: string; mobile_number?: string } = {}) => ({
  amount,
  currency_code: MARKETS[country].currency,
  payout_type: 'mobile_money' as const,
  recipient_details: {
    recipient_name: 'Okello Moses',
    mobile_number: extra.mobile_number ?? MARKETS[country].payee,
    network_provider: extra.network ?? 'airtel_money',
  },
});

/** A withdrawal picked up and sent to Airtel (PROCESSING: Airtel said TIP); its id. */
async function sentWithdrawal(live: Merchant, country: 'UG' | 'KE', amount: number) {
  const created = (await live.ok(contract.createWithdrawal, { body: toAirtel(country, amount) })).body.data;
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['rail_send_payout']);
  return created.transaction_id;
}

const available = async (live: Merchant, currency: string) =>
  (await live.ok(contract.getWallet, { params: { currency_code: currency } })).body.data.available_balance;
const enquiries = (country: 'UG' | 'KE', id: string) =>
  server(country).requests.filter((r) => r.method === 'GET' && r.path === `/standard/v2/disbursements/${id}`).length;
const postCallback = (body: unknown) => caller().raw('POST', CALLBACKS, { body });

describe('Airtel payouts (UGX) settled by the callback', () => {
  it('the callback makes us ask; the enquiry says TS: COMPLETED once, the ledger balanced, a replay does nothing', async () => {
    const { merchant, live } = await fundedLive('UG', 300_000);
    const before = await available(live, 'UGX');
    const id = await sentWithdrawal(live, 'UG', 20_000);
    expect(server('UG').transaction(id, 'disbursement')).toMatchObject({
      status: 'TIP',
      amount: 20_000,
      msisdn: '750160185',
    });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing', provider: 'airtel:UG' });
    expect(await available(live, 'UGX')).toBe(before - 20_000);

    const asked = enquiries('UG', id);
    const delivery = await server('UG').approve(id, { product: 'disbursement', airtelMoneyId: 'CI240101.1200.B00001' });
    expect(delivery!.body.hash).toBeDefined();
    expect(answers.at(-1)).toMatchObject({ status: 200 });
    expect(JSON.parse(answers.at(-1)!.text)).toMatchObject({ data: { provider_status: 'completed' } });
    expect(enquiries('UG', id)).toBe(asked + 1);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed', provider: 'airtel:UG' });
    expect(await available(live, 'UGX')).toBe(before - 20_000);
    expect(await eventsOf(id)).toEqual(['withdrawal.created', 'withdrawal.processing', 'withdrawal.completed']);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'withdrawal']);
    expect(await clearedTo(id)).toEqual([{ rail: 'airtel:UG', direction: 'credit', amount: '20000' }]);
    expect(await callbacksKept(id)).toBe(1);

    // Airtel, or anyone who kept it, sends the same callback again: nothing asked, nothing written.
    expectStatus(await postCallback(delivery!.body), 200);
    expect(enquiries('UG', id)).toBe(asked + 1);
    expect(await eventsOf(id)).toHaveLength(3);
    expect(await entriesOf(id)).toHaveLength(2);
    expect(await callbacksKept(id)).toBe(1);
    await expectReconciled(merchant.id);
  });

  it('the same genuine callback three times at once: one completion', async () => {
    const { merchant, live } = await fundedLive('UG', 100_000);
    const id = await sentWithdrawal(live, 'UG', 30_000);
    await server('UG').approve(id, { product: 'disbursement', callback: 'withhold' });
    const body = callbackBody(server('UG').transaction(id, 'disbursement')!, UG_KEY, 'payload');
    const results = await Promise.all([postCallback(body), postCallback(body), postCallback(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed' });
    expect((await eventsOf(id)).filter((e) => e === 'withdrawal.completed')).toHaveLength(1);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'withdrawal']);
    await expectReconciled(merchant.id);
  });

  it('a payout Airtel fails (TF), told by callback: FAILED with the reason, amount and fee back', async () => {
    const { merchant, live } = await fundedLive('UG', 100_000);
    const before = await available(live, 'UGX');
    const created = (
      await live.ok(contract.createPayout, { body: { ...toAirtel('UG', 40_000), payout_reason: 'supplier 12' } })
    ).body.data;
    const id = created.transaction_id;
    expect(created.fee_amount).toBeGreaterThan(0);
    await runJobsNow(['pick_up_payout']);
    await runJobsNow(['rail_send_payout']);
    expect(await available(live, 'UGX')).toBe(before - created.amount);

    await server('UG').decline(id, 'DP00900001012', { product: 'disbursement' });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'failed' });
    expect((await payoutRow(id)).failure_reason).toContain('recipient_not_found');
    expect(await available(live, 'UGX')).toBe(before);
    expect(await eventsOf(id)).toEqual(['payout.created', 'payout.processing', 'payout.failed']);
    expect(await entriesOf(id)).toEqual(['payout', 'reversal']);
    await expectReconciled(merchant.id);
  });

  it('a callback without the right hash is dropped unread: nothing kept, nothing asked, nothing moves', async () => {
    const { live } = await fundedLive('UG', 100_000);
    const before = await available(live, 'UGX');
    const id = await sentWithdrawal(live, 'UG', 25_000);
    const asked = enquiries('UG', id);
    const lie = { id, message: 'Transaction failed', status_code: 'TF', airtel_money_id: '' };
    for (const hash of [
      undefined,
      'bm9wZQ==',
      callbackBody(server('UG').transaction(id)!, 'another-key', 'payload').hash,
    ]) {
      const res = await postCallback({ transaction: lie, ...(hash ? { hash } : {}) });
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ data: { provider_status: 'unknown' } });
    }
    expect(enquiries('UG', id)).toBe(asked);
    expect(await callbacksKept(id)).toBe(0);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing' });
    expect(await available(live, 'UGX')).toBe(before - 25_000);
  });
});

describe('Airtel payouts (KES) in Kenya', () => {
  it('whole shillings only: cents are a 422 and debit nothing; another network is a 422', async () => {
    const { live } = await fundedLive('KE', 5_000);
    const before = await available(live, 'KES');
    const sentBefore = server('KE').transactions('disbursement').length;
    const cents = await live.call(contract.createWithdrawal, { body: toAirtel('KE', 50.5) });
    expectStatus(cents, 422);
    expect(invalidFields(cents)).toEqual(['amount']);
    const mpesa = await live.call(contract.createWithdrawal, {
      body: toAirtel('KE', 50, { network: 'mpesa', mobile_number: '0712 345 678' }),
    });
    expectStatus(mpesa, 422);
    expect(invalidFields(mpesa)).toEqual(['recipient_details.network_provider']);
    expect(await available(live, 'KES')).toBe(before);
    expect(server('KE').transactions('disbursement')).toHaveLength(sentBefore);
  });

  it('sent in whole shillings through airtel:KE and completed by the callback', async () => {
    const { merchant, live } = await fundedLive('KE', 5_000);
    const before = await available(live, 'KES');
    const id = await sentWithdrawal(live, 'KE', 1_000);
    const sent = server('KE').requests.find(
      (r) =>
        r.path === '/standard/v2/disbursements/' &&
        (r.json as { transaction?: { id?: string } }).transaction?.id === id,
    )!;
    expect(sent.headers['x-country']).toBe('KE');
    expect(sent.headers['x-currency']).toBe('KES');
    expect(sent.json).toMatchObject({
      payee: { currency: 'KES', msisdn: '733123456' },
      transaction: { amount: 1000, id },
    });
    expect(server('UG').transaction(id)).toBeUndefined();

    await server('KE').approve(id, { product: 'disbursement' });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed', provider: 'airtel:KE' });
    expect(await available(live, 'KES')).toBe(before - 1_000);
    expect(await clearedTo(id)).toEqual([{ rail: 'airtel:KE', direction: 'credit', amount: '100000' }]);
    await expectReconciled(merchant.id);
  });

  it('without callback authentication a forged callback is kept and only makes us ask: Airtel says TIP, nothing moves', async () => {
    const { merchant, live } = await fundedLive('KE', 5_000);
    const before = await available(live, 'KES');
    const id = await sentWithdrawal(live, 'KE', 2_000);
    const asked = enquiries('KE', id);
    const forged = (status_code: string) => ({
      transaction: {
        id,
        message: 'x',
        status_code,
        airtel_money_id: status_code === 'TS' ? 'CI000000.0000.X00001' : '',
      },
    });
    for (const body of [forged('TS'), forged('TF')]) {
      const res = await postCallback(body);
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ data: { provider_status: 'pending' } });
    }
    expect(enquiries('KE', id)).toBe(asked + 2);
    expect(await callbacksKept(id)).toBe(2);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing' });
    expect(await available(live, 'KES')).toBe(before - 2_000);
    expect(await entriesOf(id)).toEqual(['withdrawal']);

    // The genuine outcome still settles it.
    await server('KE').decline(id, 'DP00900001007', { product: 'disbursement' });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'failed' });
    expect(await available(live, 'KES')).toBe(before);
    await expectReconciled(merchant.id);
  });

  it("a callback naming a Uganda payout's id cannot be read by Kenya's application: the UG key decides", async () => {
    const { live } = await fundedLive('UG', 100_000);
    const id = await sentWithdrawal(live, 'UG', 10_000);
    // An unsigned callback, as Kenya's application (no key) would send it, naming the UG payout.
    const res = await postCallback({ transaction: { id, message: 'x', status_code: 'TS', airtel_money_id: 'CI1' } });
    expect(res.body).toMatchObject({ data: { provider_status: 'unknown' } });
    expect(await callbacksKept(id)).toBe(0);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing' });
  });
});
