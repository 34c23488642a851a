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
import { startMtnMomo, type MtnMomoServer } from '../../support/providers/mtn-momo';
import { PAYSTACK_PATHS, startPaystack, type PaystackServer } from '../../support/providers/paystack';
import { expectPublishedContractKept } from '../../support/providers/paystack/fixtures';
import { payoutRecords } from './payout-records';

/**
 * Live payouts to mobile-money wallets through Paystack transfers, end to end: GHS to MTN and Telecel
 * numbers, KES to M-Pesa numbers, each a `mobile_money` transfer recipient (the telco's code as
 * `bank_code`, the number in local form [PS-SNIP `transfer-recipient-mpesa`]). The money comes in
 * through the country's own collection rail (MTN MoMo in Ghana, Airtel Money in Kenya). Paystack's
 * signed `transfer.*` webhook makes us ask `verify`, which decides; an answer lost on the way is found
 * by the status query. After the file, everything sent to Paystack is checked against its OpenAPI
 * document.
 */
const sql = testSql();
const { eventsOf, entriesOf, clearedTo, payoutRow } = payoutRecords(sql);
let paystack: PaystackServer | undefined;
let mtn: MtnMomoServer | undefined;
let airtel: AirtelServer | undefined;
const server = () => paystack!;
const VARIABLES = ['PAYSTACK_BASE_URL', 'LIVE_ROUTES', 'RAIL_TIMEOUT_SECONDS', 'AIRTEL_ACCOUNTS'];
const MTN_VARIABLES = [
  'TARGET_ENVIRONMENT',
  'COLLECTION_SUBSCRIPTION_KEY',
  'COLLECTION_API_USER',
  'COLLECTION_API_KEY',
];

beforeAll(async () => {
  const toOurRoute = async (callback: { url: string; method?: string; body: unknown }) => {
    await caller().raw(callback.method ?? 'POST', new URL(callback.url).pathname, { body: callback.body });
  };
  paystack = await startPaystack({
    secretKey: process.env.PAYSTACK_SECRET_KEY,
    deliver: async (request) =>
      (
        await caller(Object.fromEntries(request.headers)).raw('POST', '/api/rails/paystack/notifications', {
          body: request.rawBody,
        })
      ).status,
  });
  mtn = await startMtnMomo({
    targetEnvironment: 'mtnghana',
    currency: 'GHS',
    callbackHost: 'api.payments.test',
    deliver: toOurRoute,
  });
  airtel = await startAirtel({
    country: 'KE',
    callbackUrl: 'http://api.payments.test/api/rails/airtel/callbacks',
    deliver: toOurRoute,
  });
  const { collection } = mtn.adapterSettings;
  Object.assign(process.env, {
    PAYSTACK_BASE_URL: paystack.url,
    MTN_MOMO_BASE_URL: mtn.url,
    MTN_MOMO_TARGET_ENVIRONMENT: 'mtnghana',
    MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: collection.subscriptionKey,
    MTN_MOMO_COLLECTION_API_USER: collection.apiUser,
    MTN_MOMO_COLLECTION_API_KEY: collection.apiKey,
    AIRTEL_ACCOUNTS: JSON.stringify({
      KE: {
        client_id: airtel.adapterSettings.clientId,
        client_secret: airtel.adapterSettings.clientSecret,
        base_url: airtel.url,
      },
    }),
    LIVE_ROUTES: [
      'GHS:mobile_money=mtn_momo',
      'GHS:payout_mobile_money=paystack',
      'KES:mobile_money=airtel',
      'KES:payout_mobile_money=paystack',
    ].join(','),
    RAIL_TIMEOUT_SECONDS: '2',
  });
  resetConfigForTests();
});
afterAll(async () => {
  process.env.PAYSTACK_BASE_URL = 'http://127.0.0.1:9';
  for (const name of [...VARIABLES.slice(1), 'MTN_MOMO_BASE_URL', ...MTN_VARIABLES.map((v) => `MTN_MOMO_${v}`)])
    delete process.env[name];
  resetConfigForTests();
  await Promise.all([paystack?.close(), mtn?.close(), airtel?.close()]);
  if (paystack) expectPublishedContractKept(paystack);
});

/** A live merchant paid through the country's mobile-money rail (MTN in Ghana, Airtel in Kenya), then settled. */
async function fundedLive(currency: 'GHS' | 'KES', amount: number) {
  const merchant = await newMerchant();
  const live = await liveKeyOf(merchant);
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: { customer_email: 'ama@example.com', amount, currency_code: currency },
    })
  ).body.data;
  const body =
    currency === 'GHS'
      ? ({ network: 'mtn_momo', phone: '0241234567' } as const)
      : ({ network: 'airtel_money', phone: '0733 100 200' } as const);
  await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, { body });
  const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
  await runJobsNow(['rail_request_payment']);
  if (currency === 'GHS') await mtn!.approve(attempt!.id);
  else await airtel!.approve(attempt!.id);
  expect((await sql`select status from checkouts where id = ${checkout.id}`)[0]!.status).toBe('paid');
  await settleEverything(merchant.id);
  return { merchant, live };
}

const toWallet = (currency: 'GHS' | 'KES', amount: number, network: string, mobile_number: string) => ({
  amount,
  currency_code: currency,
  payout_type: 'mobile_money' as const,
  recipient_details: { recipient_name: 'Ama Mensah', mobile_number, network_provider: network },
});

/** Picked up and handed to Paystack: a recipient, then a transfer. */
async function send() {
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['rail_send_payout']);
}

async function sentWithdrawal(live: Merchant, body: ReturnType<typeof toWallet>) {
  const created = (await live.ok(contract.createWithdrawal, { body })).body.data;
  await send();
  return created.transaction_id;
}

const available = async (live: Merchant, currency: string) =>
  (await live.ok(contract.getWallet, { params: { currency_code: currency } })).body.data.available_balance;
/** The recipient Paystack created for a transfer: what we told it about the wallet. */
const recipientOf = (reference: string) => {
  const { recipient } = server().state.transfers.get(reference)!;
  return {
    type: recipient.type,
    name: recipient.name,
    bankCode: recipient.bankCode,
    accountNumber: recipient.accountNumber,
    currency: recipient.currency,
  };
};

describe('GHS payouts to mobile money through Paystack', () => {
  it('an MTN number: a mobile_money recipient (MTN, local form), our id as reference; transfer.success completes it', async () => {
    const { merchant, live } = await fundedLive('GHS', 100);
    const before = await available(live, 'GHS');
    const id = await sentWithdrawal(live, toWallet('GHS', 20, 'mtn_momo', '024 123 4567'));
    expect(recipientOf(id)).toEqual({
      type: 'mobile_money',
      name: 'Ama Mensah',
      bankCode: 'MTN',
      accountNumber: '0241234567',
      currency: 'GHS',
    });
    const transfer = server().state.transfers.get(id)!;
    expect(transfer).toMatchObject({ amount: 2_000n, currency: 'GHS', status: 'pending' });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing', provider: 'paystack' });

    const { delivery } = await server().completeTransfer(id);
    expect(delivery?.status).toBe(200);
    expect(await payoutRow(id)).toMatchObject({
      payout_status: 'completed',
      provider_reference: transfer.transferCode,
    });
    expect(await available(live, 'GHS')).toBe(before - 20);
    expect(await eventsOf(id)).toEqual(['withdrawal.created', 'withdrawal.processing', 'withdrawal.completed']);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'withdrawal']);
    expect(await clearedTo(id)).toEqual([{ rail: 'paystack', direction: 'credit', amount: '2000' }]);
    await expectReconciled(merchant.id);
  });

  it('a Telecel number (VOD) paid out, then transfer.failed: FAILED, amount and fee back', async () => {
    const { merchant, live } = await fundedLive('GHS', 100);
    const before = await available(live, 'GHS');
    const created = (
      await live.ok(contract.createPayout, {
        body: { ...toWallet('GHS', 30, 'vodafone_cash', '020 123 4567'), payout_reason: 'refund 44' },
      })
    ).body.data;
    const id = created.transaction_id;
    await send();
    expect(recipientOf(id)).toMatchObject({ bankCode: 'VOD', accountNumber: '0201234567' });
    expect(await available(live, 'GHS')).toBeCloseTo(before - created.amount, 2);

    const { delivery } = await server().failTransfer(id, { gatewayResponse: 'Wallet not found' });
    expect(delivery?.status).toBe(200);
    const failed = await payoutRow(id);
    expect(failed).toMatchObject({ payout_status: 'failed' });
    expect(failed.failure_reason).toContain('Wallet not found');
    expect(await available(live, 'GHS')).toBe(before);
    expect(await eventsOf(id)).toEqual(['payout.created', 'payout.processing', 'payout.failed']);
    expect(await entriesOf(id)).toEqual(['payout', 'reversal']);
    await expectReconciled(merchant.id);
  });

  it("Paystack's answer lost after the transfer was made: the webhook's verify completes it, with Paystack's code", async () => {
    const { merchant, live } = await fundedLive('GHS', 100);
    server().inject({ kind: 'hang_after' }, { path: PAYSTACK_PATHS.transfer });
    const id = await sentWithdrawal(live, toWallet('GHS', 15, 'mtn_momo', '0551234987'));
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing', provider_reference: null });
    const { transferCode } = server().state.transfers.get(id)!;

    await server().completeTransfer(id);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed', provider_reference: transferCode });
    expect((await eventsOf(id)).filter((e) => e === 'withdrawal.completed')).toHaveLength(1);
    await expectReconciled(merchant.id);
  });

  it('the answer and the webhook both lost: the backoff asks verify, which fails it; the money comes back once', async () => {
    const { merchant, live } = await fundedLive('GHS', 100);
    const before = await available(live, 'GHS');
    server().inject({ kind: 'hang_after' }, { path: PAYSTACK_PATHS.transfer });
    const id = await sentWithdrawal(live, toWallet('GHS', 15, 'mtn_momo', '0241234567'));
    await server().failTransfer(id, { delivery: 'withhold' });
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'processing' });
    await runJobsNow(['rail_check_payout']);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'failed' });
    expect(await available(live, 'GHS')).toBe(before);
    // The webhook comes late: it changes nothing.
    expect((await server().deliver(server().withheld()[0]!)).status).toBe(200);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'reversal']);
    await expectReconciled(merchant.id);
  });

  it('the request never reached Paystack: verify says not found, and after two minutes the same id goes out once', async () => {
    const { live } = await fundedLive('GHS', 100);
    server().inject({ kind: 'hang' }, { path: PAYSTACK_PATHS.transfer });
    const id = await sentWithdrawal(live, toWallet('GHS', 12, 'mtn_momo', '0241234567'));
    expect(server().state.transfers.has(id)).toBe(false);
    await sql`update customer_transactions set processing_at = now() - interval '3 minutes' where id = ${id}`;
    await runJobsNow(['rail_check_payout']);
    expect(server().state.transfers.get(id)).toMatchObject({ reference: id, amount: 1_200n });
    expect([...server().state.transfers.values()].filter((t) => t.reference === id)).toHaveLength(1);
    await server().completeTransfer(id);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed' });
  });
});

describe('KES payouts to M-Pesa through Paystack', () => {
  it('an M-Pesa number: recipient MPESA in local form; transfer.success completes it', async () => {
    const { merchant, live } = await fundedLive('KES', 5_000);
    const before = await available(live, 'KES');
    const id = await sentWithdrawal(live, toWallet('KES', 1_000, 'mpesa', '0712 345 678'));
    expect(recipientOf(id)).toEqual({
      type: 'mobile_money',
      name: 'Ama Mensah',
      bankCode: 'MPESA',
      accountNumber: '0712345678',
      currency: 'KES',
    });
    expect(server().state.transfers.get(id)).toMatchObject({ amount: 100_000n, currency: 'KES' });
    await server().completeTransfer(id);
    expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed', provider: 'paystack' });
    expect(await available(live, 'KES')).toBe(before - 1_000);
    await expectReconciled(merchant.id);
  });

  it('a network Paystack does not pay in KES (Airtel Money) is a 422 when asked, nothing debited', async () => {
    const { live } = await fundedLive('KES', 5_000);
    const before = await available(live, 'KES');
    const res = await live.call(contract.createWithdrawal, {
      body: toWallet('KES', 100, 'airtel_money', '0733 123 456'),
    });
    expectStatus(res, 422);
    expect(invalidFields(res)).toEqual(['recipient_details.network_provider']);
    expect(await available(live, 'KES')).toBe(before);
  });
});
