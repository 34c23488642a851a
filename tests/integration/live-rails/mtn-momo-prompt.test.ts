import { describe, expect, it } from 'vitest';
import { admin, expectReconciled, settleEverything } from '../../support/fixtures';
import { caller, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { mtnMomoLive } from './mtn-momo-live';

/**
 * A live GHS checkout paid by MTN MoMo against MTN's contract server: the prompt is sent by a job with
 * our attempt id as X-Reference-Id and an unguessable callback address; the callback only makes us
 * ask; the status query decides. Time-outs, 5xx, lost callbacks and forged addresses never guess.
 */
const sql = testSql();
const { server, callbacks, prompted, attemptOf, checkoutStatus, collectionsOf } = mtnMomoLive(sql);

describe('a live GHS checkout paid by MTN MoMo', () => {
  it('sends the prompt after the page commits: our attempt id as X-Reference-Id, the exact amount, an unguessable callback', async () => {
    const { attemptId } = await prompted();
    const request = server().requests.find(
      (r) => r.path === '/collection/v1_0/requesttopay' && r.headers['x-reference-id'] === attemptId,
    )!;
    expect(request).toBeDefined();
    expect(request.json).toMatchObject({
      amount: '25',
      currency: 'GHS',
      payer: { partyIdType: 'MSISDN', partyId: '233241234567' },
    });
    expect(request.headers['x-callback-url']).toMatch(
      new RegExp(`/api/rails/mobile-money/callbacks/${attemptId}\\.[0-9a-f]{40}$`),
    );
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing', provider_reference: attemptId });
  });

  it('approved: the callback makes us ask, the status says SUCCESSFUL, the merchant is paid once', async () => {
    const { checkout, attemptId, live } = await prompted();
    callbacks.length = 0;
    await server().approve(attemptId, { callback: 'twice', financialTransactionId: '7700112233' });
    await server().callbacksSettled();
    expect(callbacks.map((c) => c.status)).toEqual([200, 200]);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
    expect(await collectionsOf(checkout.id)).toEqual([
      { rail: 'mtn_momo', rail_reference: '7700112233', amount: '2500' },
    ]);
    const deposits = (await live.ok(contract.listCustomerTransactions, { query: { transaction_type: 'deposit' } })).body
      .data;
    expect(deposits).toHaveLength(1);
    await expectReconciled(live.id);
  });

  it('declined on the phone: the attempt fails as declined, the checkout can be tried again', async () => {
    const { checkout, attemptId } = await prompted();
    await server().decline(attemptId, 'APPROVAL_REJECTED', { callback: 'send' });
    await server().callbacksSettled();
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', failure_code: 'declined' });
    expect(await checkoutStatus(checkout.id)).toBe('failed');
    expect(await collectionsOf(checkout.id)).toEqual([]);
  });

  it('the callback never comes: the backoff query finds the success', async () => {
    const { checkout, attemptId } = await prompted();
    await server().approve(attemptId, { callback: 'withhold' });
    expect(await checkoutStatus(checkout.id)).toBe('processing');
    await runJobsNow(['rail_check_payment']);
    expect(await checkoutStatus(checkout.id)).toBe('paid');
  });

  it('a callback that says SUCCESSFUL while MTN says PENDING records nothing; a forged address is a 404', async () => {
    const { checkout, attemptId } = await prompted();
    const [request] = server().requests.filter((r) => r.headers['x-reference-id'] === attemptId);
    const path = new URL(request!.headers['x-callback-url'] as string).pathname;
    const lie = {
      externalId: attemptId,
      status: 'SUCCESSFUL',
      amount: '25',
      currency: 'GHS',
      financialTransactionId: '1',
    };
    const res = await caller().raw('POST', path, { body: lie });
    expectStatus(res, 200);
    expect(res.text).toContain('"provider_status":"pending"');
    const forged = await caller().raw(
      'POST',
      path.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      { body: lie },
    );
    expectStatus(forged, 404);
    expect(await checkoutStatus(checkout.id)).toBe('processing');
    expect(await collectionsOf(checkout.id)).toEqual([]);
  });

  it('MTN answers 500 to the prompt: unknown, never failed at once; asked again; no such request after two minutes → failed', async () => {
    server().inject({ kind: 'status', status: 500 }, { path: /\/requesttopay$/ });
    const { checkout, attemptId } = await prompted();
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing', provider_reference: null });
    await runJobsNow(['rail_check_payment']);
    expect((await attemptOf(attemptId)).status).toBe('processing');
    await sql`update payment_attempts set created_at = now() - interval '3 minutes' where id = ${attemptId}`;
    await runJobsNow(['rail_check_payment']);
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', failure_code: 'provider_error' });
    expect(await collectionsOf(checkout.id)).toEqual([]);
  });

  it('the prompt took effect but the answer was lost (time-out): the query finds it, a late approval is credited after our time-out', async () => {
    server().inject({ kind: 'hang_after' }, { path: /\/requesttopay$/ });
    const { checkout, attemptId } = await prompted();
    // Our own window passes first: the page says timed out, the provider is still asked.
    await sql`update payment_attempts set respond_by = now() - interval '1 second' where id = ${attemptId}`;
    await runJobsNow(['time_out_payment_attempt']);
    expect((await attemptOf(attemptId)).status).toBe('timeout');
    await server().approve(attemptId, { callback: 'withhold' });
    await runJobsNow(['rail_check_payment']);
    expect((await attemptOf(attemptId)).status).toBe('succeeded');
    expect(await checkoutStatus(checkout.id)).toBe('paid');
  });
});

describe('a live withdrawal to an MTN wallet (Disbursements)', () => {
  it('our payout id as X-Reference-Id; the callback to its own address makes us ask; COMPLETED', async () => {
    const { live, attemptId, checkout } = await prompted();
    await server().approve(attemptId, { callback: 'send' });
    expect(await checkoutStatus(checkout.id)).toBe('paid');
    await settleEverything();
    const created = (
      await live.ok(contract.createWithdrawal, {
        body: {
          amount: 20,
          currency_code: 'GHS',
          payout_type: 'mobile_money',
          recipient_details: {
            recipient_name: 'Ama Mensah',
            mobile_number: '0241234567',
            network_provider: 'mtn_momo',
          },
        },
      })
    ).body.data;
    await runJobsNow(['pick_up_payout']);
    await runJobsNow(['rail_send_payout']);
    const transfer = server().requests.find(
      (r) => r.path === '/disbursement/v1_0/transfer' && r.headers['x-reference-id'] === created.transaction_id,
    )!;
    expect(transfer.json).toMatchObject({ amount: '20', currency: 'GHS', payee: { partyId: '233241234567' } });
    expect(transfer.headers['x-callback-url']).toContain(`/api/rails/payouts/callbacks/${created.transaction_id}.`);

    await server().approve(created.transaction_id, { product: 'disbursement', callback: 'send' });
    await server().callbacksSettled();
    const after = (await live.ok(contract.getWithdrawal, { params: { transaction_id: created.transaction_id } })).body
      .data;
    expect(after.status).toBe('COMPLETED');
  });
});

describe('what the live rails leave unresolved (operator)', () => {
  it('lists a prompt MTN has not answered, with what MTN last said, until it does', async () => {
    const { attemptId } = await prompted();
    await runJobsNow(['rail_check_payment']);
    const list = async () =>
      (await admin().ok(contract.listUnresolvedOnRails, { query: { older_than_minutes: 0 } })).body.data.attempts;
    expect((await list()).find((a) => a.attempt_id === attemptId)).toMatchObject({
      provider: 'mtn_momo',
      provider_reference: attemptId,
      last_provider_status: 'pending',
      amount: 25,
      currency_code: 'GHS',
    });
    await server().approve(attemptId, { callback: 'send' });
    await server().callbacksSettled();
    expect((await list()).find((a) => a.attempt_id === attemptId)).toBeUndefined();
  });
});
