import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import type { TestSql } from '../../support/database';
import { hostedPage, liveKeyOf, newMerchant, settleEverything, type Merchant } from '../../support/fixtures';
import { expectPublishedContractKept } from '../../support/providers/paystack/fixtures';
import { startPaystack, type PaystackServer } from '../../support/providers/paystack';
import type { WebhookRequest } from '../../support/providers/paystack/webhooks';

/**
 * Live NGN on Paystack for one test file: Paystack's contract server, whose signed webhooks go to our
 * real route, and the variables that route NGN bank transfers and bank payouts to it. After the file,
 * everything the service sent Paystack, and every answer, is checked against Paystack's OpenAPI
 * document. `fundedLiveMerchant` gives a live merchant NGN 50,000 available, paid through Paystack.
 */
export function paystackLive(sql: TestSql) {
  let paystack: PaystackServer | undefined;
  const toOurRoute = async (request: WebhookRequest): Promise<number> => {
    const res = await caller(Object.fromEntries(request.headers)).raw('POST', '/api/rails/paystack/notifications', {
      body: request.rawBody,
    });
    return res.status;
  };
  beforeAll(async () => {
    paystack = await startPaystack({ secretKey: process.env.PAYSTACK_SECRET_KEY, deliver: toOurRoute });
    Object.assign(process.env, {
      PAYSTACK_BASE_URL: paystack.url,
      LIVE_ROUTES: 'NGN:bank_transfer=paystack, NGN:payout_bank_transfer=paystack',
      RAIL_TIMEOUT_SECONDS: '2',
    });
    resetConfigForTests();
  });
  afterAll(async () => {
    process.env.PAYSTACK_BASE_URL = 'http://127.0.0.1:9';
    delete process.env.LIVE_ROUTES;
    delete process.env.RAIL_TIMEOUT_SECONDS;
    resetConfigForTests();
    await paystack?.close();
    if (paystack) expectPublishedContractKept(paystack);
  });
  const server = () => paystack!;
  async function fundedLiveMerchant(): Promise<{ merchant: Merchant; live: Merchant }> {
    const merchant = await newMerchant();
    const live = await liveKeyOf(merchant);
    const checkout = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'ada@example.com', amount: 50_000, currency_code: 'NGN' },
      })
    ).body.data;
    const { page } = hostedPage(checkout);
    await page.ok(contract.chooseBankTransferPayment);
    const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
    await server().payCharge(attempt!.id);
    await settleEverything(merchant.id);
    return { merchant, live };
  }
  return { server, toOurRoute, fundedLiveMerchant };
}
