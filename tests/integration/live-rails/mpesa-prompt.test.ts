import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { hostedPage, liveKeyOf, newMerchant } from '../../support/fixtures';
import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { MPESA_TEST_ACCOUNT, startMpesa, type MpesaServer } from '../../support/providers/mpesa';
import type { MpesaDelivery } from '../../support/providers/mpesa/bodies';

/**
 * A live KES checkout paid by M-Pesa (STK Push) against Daraja's contract server: the callback goes
 * to the attempt's own address and only makes us run the STK query, which decides.
 */
const sql = testSql();
let mpesa: MpesaServer;
const VARIABLES = {
  MPESA_CONSUMER_KEY: MPESA_TEST_ACCOUNT.consumerKey,
  MPESA_CONSUMER_SECRET: MPESA_TEST_ACCOUNT.consumerSecret,
  MPESA_SHORT_CODE: MPESA_TEST_ACCOUNT.shortCode,
  MPESA_PASSKEY: MPESA_TEST_ACCOUNT.passkey,
  LIVE_ROUTES: 'KES:mobile_money=mpesa',
  RAIL_TIMEOUT_SECONDS: '2',
};

async function toOurRoute(delivery: MpesaDelivery) {
  await caller().raw('POST', new URL(delivery.url).pathname, { body: delivery.body });
}

beforeAll(async () => {
  mpesa = await startMpesa({ deliver: toOurRoute, timestampToleranceSeconds: null });
  Object.assign(process.env, VARIABLES, { MPESA_BASE_URL: mpesa.url });
  resetConfigForTests();
});

afterAll(async () => {
  for (const name of [...Object.keys(VARIABLES), 'MPESA_BASE_URL']) delete process.env[name];
  resetConfigForTests();
  await mpesa.close();
});

async function prompted() {
  const live = await liveKeyOf(await newMerchant());
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: { customer_email: 'wanjiru@example.com', amount: 150, currency_code: 'KES' },
    })
  ).body.data;
  const { page } = hostedPage(checkout);
  await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mpesa', phone: '0712345678' } });
  const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
  await runJobsNow(['rail_request_payment']);
  return { checkout, attemptId: attempt!.id };
}

const status = async (checkoutId: string) =>
  (await sql`select status from checkouts where id = ${checkoutId}`)[0]!.status;
const reference = async (attemptId: string) =>
  (await sql`select provider_reference from payment_attempts where id = ${attemptId}`)[0]!.provider_reference as
    string | null;

describe('a live KES checkout paid by M-Pesa', () => {
  it('STK Push to the attempt address; ResultCode 0 in the callback, confirmed by the query: paid once', async () => {
    const { checkout, attemptId } = await prompted();
    const push = mpesa.requestsTo('/mpesa/stkpush/v1/processrequest').at(-1)!;
    expect(push.json).toMatchObject({ Amount: '150', PartyA: '254712345678', PhoneNumber: '254712345678' });
    expect((push.json as { CallBackURL: string }).CallBackURL).toMatch(
      new RegExp(`/api/rails/mobile-money/callbacks/${attemptId}\\.[0-9a-f]{40}$`),
    );
    const checkoutRequestId = (await reference(attemptId))!;
    await mpesa.complete(checkoutRequestId, 0);
    await mpesa.sendCallback(checkoutRequestId); // a duplicate
    expect(await status(checkout.id)).toBe('paid');
    const collections = await sql`select amount from collections where checkout_id = ${checkout.id}`;
    expect(collections.map((c) => c.amount)).toEqual(['15000']);
  });

  it('cancelled by the customer (1032): declined; wrong PIN (2001): declined', async () => {
    for (const code of [1032, 2001]) {
      const { checkout, attemptId } = await prompted();
      await mpesa.complete((await reference(attemptId))!, code);
      expect((await sql`select status, failure_code from payment_attempts where id = ${attemptId}`)[0]).toEqual({
        status: 'failed',
        failure_code: 'declined',
      });
      expect(await status(checkout.id)).toBe('failed');
    }
  });

  it("the push's answer is lost: the callback to the attempt's address brings its reference, the query confirms", async () => {
    mpesa.inject({ kind: 'hang_after' }, { path: /stkpush/ });
    const { checkout, attemptId } = await prompted();
    expect(await reference(attemptId)).toBeNull();
    const [push] = mpesa.stkPushes().slice(-1);
    await mpesa.complete(push!.checkoutRequestId, 0);
    expect(await reference(attemptId)).toBe(push!.checkoutRequestId);
    expect(await status(checkout.id)).toBe('paid');
  });
});
