import { describe, expect, it } from 'vitest';
import { listPayouts } from '../../../lib/money-out/read';
import { payoutHistoryQuery } from '../../../lib/money-out/input';
import { getDb } from '../../../lib/platform/db/client';
import { shownReference } from '../../../lib/surfaces/dashboard/views/provider-reference';
import { hostedPage, liveKeyOf, newMerchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { newReceipt } from '../../support/providers/mpesa/bodies';
import { mpesaLive } from './mpesa-live';
import { mpesaWithdrawals, postTo } from './mpesa-withdrawals';

/**
 * The M-Pesa receipt (`MpesaReceiptNumber`) of an STK payment: only Daraja's unsigned callback carries
 * it, so it is kept only for a request the STK query confirmed paid, once; it then is the payment's
 * provider reference (collection, deposit, hosted receipt). And a B2C payout's receipt in the
 * dashboard's data.
 */
const sql = testSql();
const server = mpesaLive('KES:mobile_money=mpesa, KES:payout_mobile_money=mpesa');

async function prompted() {
  const live = await liveKeyOf(await newMerchant());
  const checkout = (
    await live.ok(contract.createCheckout, {
      body: { customer_email: 'wanjiru@example.com', amount: 150, currency_code: 'KES' },
    })
  ).body.data;
  await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, {
    body: { network: 'mpesa', phone: '0712345678' },
  });
  await runJobsNow(['rail_request_payment']);
  const [attempt] = await sql<{ id: string; provider_reference: string }[]>`
    select id, provider_reference from payment_attempts where checkout_id = ${checkout.id}`;
  const push = server().stkPush(attempt!.provider_reference)!;
  return { live, checkout, checkoutRequestId: push.checkoutRequestId, callbackUrl: push.fields.callbackUrl };
}

/** What the books and the page say the payment's provider reference is. */
async function referencesOf(checkout: { id: string; payment_reference: string; checkout_url: string }) {
  const [row] = await sql<{ collection: string; deposit: string; metadata: { collections: object[] } }[]>`
    select c.rail_reference as collection, t.provider_reference as deposit, t.provider_metadata as metadata
      from collections c join customer_transactions t on t.collection_id = c.id where c.checkout_id = ${checkout.id}`;
  const session = (await hostedPage(checkout).page.ok(contract.getCheckoutSession)).body.data;
  return { ...row!, page: session.received.provider_reference, provider: session.received.provider };
}

/** A callback body for `checkoutRequestId` as Daraja's contract server wrote it, with another receipt. */
function forgedCallback(checkoutRequestId: string, receipt: string) {
  const body = structuredClone(server().stkPush(checkoutRequestId)!.callback) as {
    Body: { stkCallback: { CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } };
  };
  for (const item of body.Body.stkCallback.CallbackMetadata.Item) {
    if (item.Name === 'MpesaReceiptNumber') item.Value = receipt;
  }
  return body;
}

describe("an M-Pesa payment's receipt", () => {
  it('callback, then the query confirms: the receipt is the provider reference, the request id stays the attempt’s', async () => {
    const { checkout, checkoutRequestId } = await prompted();
    await server().complete(checkoutRequestId, 0);
    const receipt = server().stkPush(checkoutRequestId)!.receipt!;
    expect((await sql`select status from checkouts where id = ${checkout.id}`)[0]!.status).toBe('paid');
    const references = await referencesOf(checkout);
    expect(references).toMatchObject({ collection: receipt, deposit: receipt, page: receipt, provider: 'mpesa' });
    expect(references.metadata.collections).toEqual([expect.objectContaining({ provider_reference: receipt })]);
    const [attempt] = await sql`select provider_reference from payment_attempts where checkout_id = ${checkout.id}`;
    expect(attempt!.provider_reference).toBe(checkoutRequestId);
  });

  it('a forged callback with another receipt changes nothing, before or after the payment', async () => {
    const { checkout, checkoutRequestId, callbackUrl } = await prompted();
    // While the prompt is open: a "success" with a receipt of the forger's; the query says pending.
    await server().complete(checkoutRequestId, 0, { callback: 'withhold', visibleToQuery: false });
    const early = newReceipt();
    expect((await postTo(callbackUrl, forgedCallback(checkoutRequestId, early))).status).toBe(200);
    expect((await sql`select count(*)::int as n from collections where checkout_id = ${checkout.id}`)[0]!.n).toBe(0);

    server().showToQuery(checkoutRequestId);
    await server().sendCallback(checkoutRequestId);
    const receipt = server().stkPush(checkoutRequestId)!.receipt!;
    expect(await referencesOf(checkout)).toMatchObject({ collection: receipt, deposit: receipt, page: receipt });

    // After it: another receipt for the same request, and one for another request, to the same address.
    await postTo(callbackUrl, forgedCallback(checkoutRequestId, newReceipt()));
    const other = forgedCallback(checkoutRequestId, newReceipt()) as { Body: { stkCallback: object } };
    other.Body.stkCallback = { ...other.Body.stkCallback, CheckoutRequestID: 'ws_CO_000000000000000000000' };
    await postTo(callbackUrl, other);
    expect(await referencesOf(checkout)).toMatchObject({ collection: receipt, deposit: receipt, page: receipt });
    expect(JSON.stringify(await referencesOf(checkout))).not.toContain(early);
  });

  it('settled by the query before the callback: no reference on the page, then the late callback fills it, once', async () => {
    const { checkout, checkoutRequestId, callbackUrl } = await prompted();
    await server().complete(checkoutRequestId, 0, { callback: 'withhold' });
    await runJobsNow(['rail_check_payment']);
    expect((await sql`select status from checkouts where id = ${checkout.id}`)[0]!.status).toBe('paid');
    // The CheckoutRequestID is no customer's reference: the receipt screen shows none yet.
    expect(await referencesOf(checkout)).toMatchObject({
      collection: checkoutRequestId,
      deposit: checkoutRequestId,
      page: null,
    });

    await server().sendCallback(checkoutRequestId);
    const receipt = server().stkPush(checkoutRequestId)!.receipt!;
    expect(await referencesOf(checkout)).toMatchObject({ collection: receipt, deposit: receipt, page: receipt });

    await server().sendCallback(checkoutRequestId); // Daraja's duplicate
    await postTo(callbackUrl, forgedCallback(checkoutRequestId, newReceipt()));
    expect(await referencesOf(checkout)).toMatchObject({ collection: receipt, deposit: receipt, page: receipt });
    const deposits =
      await sql`select count(*)::int as n from customer_transactions where checkout_session_id = ${checkout.id}`;
    expect(deposits[0]!.n).toBe(1);
  });

  it('a receipt whose callback names another amount is not taken', async () => {
    const { checkout, checkoutRequestId, callbackUrl } = await prompted();
    await server().complete(checkoutRequestId, 0, { callback: 'withhold' });
    await runJobsNow(['rail_check_payment']);
    const forged = forgedCallback(checkoutRequestId, newReceipt());
    const amount = forged.Body.stkCallback.CallbackMetadata.Item.find((i) => i.Name === 'Amount')!;
    amount.Value = 1;
    await postTo(callbackUrl, forged);
    expect(await referencesOf(checkout)).toMatchObject({ collection: checkoutRequestId, page: null });
  });
});

describe("an M-Pesa payout's receipt", () => {
  const { fundedLiveMerchant, sentWithdrawal } = mpesaWithdrawals(server);

  it("is the provider reference the dashboard's Money out shows", async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const query = payoutHistoryQuery.parse({ size: '20' });
    const before = await listPayouts(getDb(), live.tenant, 'withdrawal', query);
    const row = () => before.data.find((w) => w.transaction_id === id)!;
    expect(shownReference(row().provider, row().provider_reference)).toBeNull();

    await server().completePayout(id, 0);
    const after = await listPayouts(getDb(), live.tenant, 'withdrawal', query);
    const done = after.data.find((w) => w.transaction_id === id)!;
    expect(shownReference(done.provider, done.provider_reference)).toEqual({
      provider: 'M-Pesa',
      reference: server().payout(id)!.transactionId,
    });
  });
});
