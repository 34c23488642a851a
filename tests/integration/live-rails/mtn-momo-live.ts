import { afterAll, beforeAll, expect } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import type { TestSql } from '../../support/database';
import { hostedPage, liveKeyOf, newMerchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { startMtnMomo, type MtnMomoServer, type MtnMomoServerOptions } from '../../support/providers/mtn-momo';
import type { MtnCallback } from '../../support/providers/mtn-momo/callbacks';
import { mtnMomoVariables } from '../../support/providers/service-variables';

/**
 * Live GHS on MTN MoMo for one test file: MTN's contract server (target `mtnghana`, GHS, our API host
 * registered as the callback host), whose callbacks go to our real routes, and the variables that
 * route GHS collections and payouts to it. `callbacks` records what our route answered to each.
 */
export function mtnMomoLive(sql: TestSql, options: MtnMomoServerOptions = {}) {
  let mtn: MtnMomoServer | undefined;
  const callbacks: { status: number; text: string }[] = [];
  const toOurRoute = async (callback: MtnCallback) => {
    const res = await caller().raw(callback.method, new URL(callback.url).pathname, { body: callback.body });
    callbacks.push({ status: res.status, text: res.text });
  };
  const names: string[] = [];
  beforeAll(async () => {
    mtn = await startMtnMomo({
      targetEnvironment: 'mtnghana',
      currency: 'GHS',
      // API_BASE_URL's host in the integration suite: the one our callback addresses use.
      callbackHost: 'api.payments.test',
      callbackMethod: 'PUT',
      deliver: toOurRoute,
      ...options,
    });
    const variables = {
      ...mtnMomoVariables(mtn),
      LIVE_ROUTES: 'GHS:mobile_money=mtn_momo, GHS:payout_mobile_money=mtn_momo',
      // A provider that does not answer is given up on (unknown) after this; short here.
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
  return { server: () => mtn!, callbacks, ...liveSteps(sql) };
}

/** The steps the MTN live tests share, on this file's database. */
function liveSteps(sql: TestSql) {
  /** A live GHS checkout whose customer asked for the MTN prompt; the job has sent it (unless `send: false`). */
  async function prompted(options: { send?: boolean } = {}) {
    const merchant = await newMerchant();
    const live = await liveKeyOf(merchant);
    const checkout = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'ama@example.com', amount: 25, currency_code: 'GHS' },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    expect(session.sandbox).toBe(false);
    expect(session.methods.find((m) => m.method === 'mobile_money')!.networks.map((n) => n.id)).toEqual(['mtn_momo']);
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0241234567' } });
    const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
    if (options.send !== false) await runJobsNow(['rail_request_payment']);
    return { merchant, live, checkout, page, attemptId: attempt!.id };
  }
  return {
    prompted,
    attemptOf: async (id: string) =>
      (await sql`select status, provider_reference, failure_code from payment_attempts where id = ${id}`)[0]!,
    checkoutStatus: async (id: string) => (await sql`select status from checkouts where id = ${id}`)[0]!.status,
    collectionsOf: async (id: string) =>
      (await sql`select rail, rail_reference, amount from collections where checkout_id = ${id}`) as unknown as {
        rail: string;
        rail_reference: string;
        amount: string;
      }[],
  };
}
