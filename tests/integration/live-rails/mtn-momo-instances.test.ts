import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller, expectStatus } from '../../support/caller';
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
import { startMtnMomo, type MtnMomoServer } from '../../support/providers/mtn-momo';
import type { MtnCallback } from '../../support/providers/mtn-momo/callbacks';
import { statusBody, type MtnProduct } from '../../support/providers/mtn-momo/transactions';
import { payoutRecords } from './payout-records';
import { mtnMomoVariables } from '../../support/providers/service-variables';

/**
 * Two countries on MTN MoMo in live mode, each on its own MTN credentials: Ghana (GHS) through the
 * MTN_MOMO_* variables (instance `mtn_momo`), Côte d'Ivoire (XOF) through MTN_MOMO_ACCOUNTS.CI
 * (`mtn_momo:CI`). Both reach MTN's one gateway, as in production; the contract server answers each
 * request as the country of its subscription key and refuses another country's token or target
 * environment. Each collection and disbursement must go through its own country's API user, record
 * its instance, and be settled by its own country's status query only.
 */
const sql = testSql();
const { eventsOf, clearedTo, callbacksKept, payoutRow } = payoutRecords(sql);
let mtn: MtnMomoServer | undefined;
const server = () => mtn!;
const names: string[] = [];

beforeAll(async () => {
  const toOurRoute = async (callback: MtnCallback) => {
    await caller().raw(callback.method, new URL(callback.url).pathname, { body: callback.body });
  };
  mtn = await startMtnMomo({
    targetEnvironment: 'mtnghana',
    currency: 'GHS',
    callbackHost: 'api.payments.test',
    callbackMethod: 'PUT',
    deliver: toOurRoute,
    countries: [{ targetEnvironment: 'mtnivorycoast', currency: 'XOF' }],
  });
  const { countries } = mtn.adapterSettings;
  const ci = countries[0]!;
  const product = (p: typeof ci.collection) => ({
    subscription_key: p.subscriptionKey,
    api_user: p.apiUser,
    api_key: p.apiKey,
  });
  const variables = {
    ...mtnMomoVariables(mtn),
    MTN_MOMO_ACCOUNTS: JSON.stringify({
      CI: {
        target_environment: ci.targetEnvironment,
        collection: product(ci.collection),
        disbursement: product(ci.disbursement),
      },
    }),
    LIVE_ROUTES: [
      'GHS:mobile_money=mtn_momo',
      'GHS:payout_mobile_money=mtn_momo',
      'XOF:mobile_money:CI=mtn_momo',
      'XOF:payout_mobile_money:CI=mtn_momo',
    ].join(','),
    RAIL_TIMEOUT_SECONDS: '2',
  };
  names.push(...Object.keys(variables));
  Object.assign(process.env, variables);
  resetConfigForTests();
});
afterAll(async () => {
  for (const name of names) delete process.env[name];
  resetConfigForTests();
  await mtn?.close();
});

const MARKETS = {
  GH: { currency: 'GHS', amount: 50, payout: 20, phone: '0241234567', msisdn: '233241234567', instance: 'mtn_momo' },
  CI: {
    currency: 'XOF',
    amount: 5000,
    payout: 2000,
    phone: '+225 05 12 34 56 78',
    msisdn: '2250512345678',
    instance: 'mtn_momo:CI',
  },
} as const;
type Country = keyof typeof MARKETS;

/** The credentials and target environment a country's requests must carry. */
function expectedOf(country: Country, product: MtnProduct) {
  const { adapterSettings } = server();
  return country === 'GH'
    ? { environment: 'mtnghana', ...adapterSettings[product] }
    : { environment: 'mtnivorycoast', ...adapterSettings.countries[0]![product] };
}

/** A live checkout in the country's currency whose customer asked for the MTN prompt; the job has sent it. */
async function prompted(country: Country, merchant?: { merchant: Merchant; live: Merchant }) {
  const { currency, amount, phone } = MARKETS[country];
  const owner =
    merchant ??
    (await (async () => {
      const m = await newMerchant();
      return { merchant: m, live: await liveKeyOf(m) };
    })());
  const checkout = (
    await owner.live.ok(contract.createCheckout, {
      body: { customer_email: 'kouadio@example.com', amount, currency_code: currency },
    })
  ).body.data;
  await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone } });
  const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
  await runJobsNow(['rail_request_payment']);
  return { ...owner, checkout, attemptId: attempt!.id };
}

/** Every request MTN received about a reference: its headers, as the gateway checks them. */
const requestsAbout = (referenceId: string) =>
  server().requests.filter((r) => r.headers['x-reference-id'] === referenceId || r.path.endsWith(`/${referenceId}`));
const attemptOf = async (id: string) =>
  (
    await sql<{ status: string; provider: string }[]>`select status, provider from payment_attempts where id = ${id}`
  )[0]!;
const checkoutStatus = async (id: string) => (await sql`select status from checkouts where id = ${id}`)[0]!.status;
const available = async (live: Merchant, currency: string) =>
  (await live.ok(contract.getWallet, { params: { currency_code: currency } })).body.data.available_balance;
const callbackPath = (referenceId: string) =>
  new URL(requestsAbout(referenceId).find((r) => r.method === 'POST')!.headers['x-callback-url'] as string).pathname;

describe('two MTN countries on two MTN credentials', () => {
  it.each(['GH', 'CI'] as const)(
    '%s: a collection and a disbursement, each through its own API users and instance',
    async (country) => {
      const { currency, payout, phone, msisdn, instance } = MARKETS[country];
      const { merchant, live, checkout, attemptId } = await prompted(country);
      const prompt = expectedOf(country, 'collection');
      expect(server().transaction(attemptId, 'collection')).toMatchObject({
        targetEnvironment: prompt.environment,
        apiUser: prompt.apiUser,
        currency,
        party: { partyIdType: 'MSISDN', partyId: msisdn },
      });
      for (const request of requestsAbout(attemptId)) {
        expect(request.headers['x-target-environment']).toBe(prompt.environment);
        expect(request.headers['ocp-apim-subscription-key']).toBe(prompt.subscriptionKey);
      }
      expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing', provider: instance });

      await server().approve(attemptId, { financialTransactionId: '5550001' });
      expect(await checkoutStatus(checkout.id)).toBe('paid');
      const [collection] = await sql`select rail, rail_reference from collections where checkout_id = ${checkout.id}`;
      expect(collection).toEqual({ rail: instance, rail_reference: '5550001' });
      await settleEverything(merchant.id);

      const before = await available(live, currency);
      const created = (
        await live.ok(contract.createWithdrawal, {
          body: {
            amount: payout,
            currency_code: currency,
            payout_type: 'mobile_money',
            recipient_details: { recipient_name: 'Kouadio Yao', mobile_number: phone, network_provider: 'mtn_momo' },
          },
        })
      ).body.data;
      const id = created.transaction_id;
      expect(created.provider).toBe(instance);
      await runJobsNow(['pick_up_payout']);
      await runJobsNow(['rail_send_payout']);
      const transfer = expectedOf(country, 'disbursement');
      expect(server().transaction(id, 'disbursement')).toMatchObject({
        targetEnvironment: transfer.environment,
        apiUser: transfer.apiUser,
        amount: String(payout),
        currency,
        party: { partyId: msisdn },
      });
      for (const request of requestsAbout(id)) {
        expect(request.headers['x-target-environment']).toBe(transfer.environment);
        expect(request.headers['ocp-apim-subscription-key']).toBe(transfer.subscriptionKey);
      }

      await server().approve(id, { product: 'disbursement' });
      expect(await payoutRow(id)).toMatchObject({ payout_status: 'completed', provider: instance });
      expect(await available(live, currency)).toBe(before - payout);
      const minor = currency === 'GHS' ? payout * 100 : payout;
      expect(await clearedTo(id)).toEqual([{ rail: instance, direction: 'credit', amount: String(minor) }]);
      expect(await eventsOf(id)).toEqual(['withdrawal.created', 'withdrawal.processing', 'withdrawal.completed']);
      await expectReconciled(merchant.id);
    },
  );
});

describe("one country's callback cannot settle the other's", () => {
  it("Côte d'Ivoire's SUCCESSFUL callback posted to a Ghana attempt's address: Ghana's MTN is asked, nothing is paid", async () => {
    const ghana = await prompted('GH');
    const ivory = await prompted('CI');
    await server().approve(ivory.attemptId, { callback: 'withhold', financialTransactionId: '7770001' });
    const success = statusBody(server().transaction(ivory.attemptId, 'collection')!, 'string');

    const asked = requestsAbout(ghana.attemptId).filter((r) => r.method === 'GET').length;
    const res = await caller().raw('PUT', callbackPath(ghana.attemptId), { body: success });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ data: { provider_status: 'pending' } });
    const queries = requestsAbout(ghana.attemptId).filter((r) => r.method === 'GET');
    expect(queries).toHaveLength(asked + 1);
    expect(queries.at(-1)!.headers['x-target-environment']).toBe('mtnghana');
    expect(await checkoutStatus(ghana.checkout.id)).toBe('processing');
    expect(await sql`select 1 from collections where checkout_id = ${ghana.checkout.id}`).toHaveLength(0);

    // Its own country's status query still settles the Ivorian attempt.
    await runJobsNow(['rail_check_payment']);
    expect(await checkoutStatus(ivory.checkout.id)).toBe('paid');
    expect(await checkoutStatus(ghana.checkout.id)).toBe('processing');
  });

  it("a Ghana transfer's SUCCESSFUL callback posted to an Ivorian payout's address: kept, CI is asked, still PROCESSING", async () => {
    const ci = await prompted('CI');
    await server().approve(ci.attemptId);
    const gh = await prompted('GH', { merchant: ci.merchant, live: ci.live });
    await server().approve(gh.attemptId);
    await settleEverything(ci.merchant.id);
    const send = async (country: Country) => {
      const { currency, payout, phone } = MARKETS[country];
      const created = await ci.live.ok(contract.createWithdrawal, {
        body: {
          amount: payout,
          currency_code: currency,
          payout_type: 'mobile_money',
          recipient_details: { recipient_name: 'Kouadio Yao', mobile_number: phone, network_provider: 'mtn_momo' },
        },
      });
      await runJobsNow(['pick_up_payout']);
      await runJobsNow(['rail_send_payout']);
      return created.body.data.transaction_id;
    };
    const ivorian = await send('CI');
    const ghanaian = await send('GH');
    await server().approve(ghanaian, { product: 'disbursement', callback: 'withhold' });
    const before = await available(ci.live, 'XOF');

    const res = await caller().raw('PUT', callbackPath(ivorian), {
      body: statusBody(server().transaction(ghanaian, 'disbursement')!, 'string'),
    });
    expectStatus(res, 200);
    expect(await callbacksKept(ivorian)).toBe(1);
    expect(requestsAbout(ivorian).at(-1)!.headers['x-target-environment']).toBe('mtnivorycoast');
    expect(await payoutRow(ivorian)).toMatchObject({ payout_status: 'processing', provider: 'mtn_momo:CI' });
    expect(await available(ci.live, 'XOF')).toBe(before);

    await runJobsNow(['rail_check_payout']);
    expect(await payoutRow(ghanaian)).toMatchObject({ payout_status: 'completed', provider: 'mtn_momo' });
    expect(await payoutRow(ivorian)).toMatchObject({ payout_status: 'processing' });
    await expectReconciled(ci.merchant.id);
  });
});

describe("each country's own circuit breaker", () => {
  it("Côte d'Ivoire's MTN silent five times: mtn_momo:CI is down and XOF offers no mobile money; Ghana's is still offered", async () => {
    const first = await prompted('CI');
    server().inject({ kind: 'status', status: 503 }, { times: 5, path: /\/requesttopay$/ });
    for (let i = 0; i < 5; i++) await prompted('CI', first);
    const circuits = await sql<{ rail: string; state: string }[]>`
      select rail, state from rail_circuits where rail like 'mtn_momo%' order by rail`;
    expect(circuits).toEqual([{ rail: 'mtn_momo:CI', state: 'open' }]);

    const offered = async (currency: string, amount: number) => {
      const checkout = (
        await first.live.ok(contract.createCheckout, {
          body: { customer_email: 'a@example.com', amount, currency_code: currency },
        })
      ).body.data;
      const session = (await hostedPage(checkout).page.ok(contract.getCheckoutSession)).body.data;
      return session.methods.map((m) => m.method);
    };
    expect(await offered('XOF', 5000)).not.toContain('mobile_money');
    expect(await offered('GHS', 50)).toContain('mobile_money');
  });
});
