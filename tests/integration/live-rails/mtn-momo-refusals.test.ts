import { describe, expect, it } from 'vitest';
import { expectReconciled, settleEverything, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { mtnMomoLive } from './mtn-momo-live';

/**
 * MTN's sure refusals end an attempt or a payout at once, for the reason MTN gave: a submission refused
 * with a documented code (a 500 with PAYER_NOT_FOUND, NOT_ENOUGH_FUNDS, …: MTN's RequestToPay and
 * Transfer error codes), or a status FAILED with a reason. Passing trouble (INTERNAL_PROCESSING_ERROR,
 * SERVICE_UNAVAILABLE, a 5xx without a code, no such request yet) stays open and is asked again.
 */
const sql = testSql();
const { server, prompted, attemptOf, checkoutStatus, collectionsOf } = mtnMomoLive(sql);
const REQUEST_TO_PAY = /\/requesttopay$/;
const TRANSFER = /\/transfer$/;

const statusQueries = (referenceId: string) =>
  server().requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${referenceId}`));

describe('a prompt MTN refuses for sure', () => {
  it.each([
    ['PAYER_NOT_FOUND', 'invalid_number'],
    ['NOT_ENOUGH_FUNDS', 'insufficient_funds'],
    ['PAYER_LIMIT_REACHED', 'limit_exceeded'],
    ['INVALID_CURRENCY', 'provider_error'],
  ])('a 500 %s fails the attempt at once as %s; nothing to ask', async (code, failure) => {
    server().inject({ kind: 'status', status: 500, body: { code, message: 'x' } }, { path: REQUEST_TO_PAY });
    const { checkout, attemptId } = await prompted();
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', failure_code: failure });
    expect(await checkoutStatus(checkout.id)).toBe('failed');
    await runJobsNow(['rail_check_payment']);
    expect(statusQueries(attemptId)).toHaveLength(0);
    expect(await collectionsOf(checkout.id)).toEqual([]);
  });

  it.each([
    ['NOT_ENOUGH_FUNDS', 'insufficient_funds'],
    ['PAYER_NOT_FOUND', 'invalid_number'],
    ['APPROVAL_REJECTED', 'declined'],
    ['INTERNAL_PROCESSING_ERROR', 'provider_error'],
  ])('a status FAILED with reason %s fails the attempt as %s when MTN calls back', async (reason, failure) => {
    const { attemptId } = await prompted();
    await server().decline(attemptId, reason, { callback: 'send' });
    await server().callbacksSettled();
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'failed', failure_code: failure });
  });

  it.each([
    ['a 500 INTERNAL_PROCESSING_ERROR', 500, { code: 'INTERNAL_PROCESSING_ERROR', message: 'x' }],
    ['a 503 SERVICE_UNAVAILABLE', 503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }],
  ])('%s is not sure: the attempt stays open and MTN is asked again', async (_name, status, body) => {
    server().inject({ kind: 'status', status, body }, { path: REQUEST_TO_PAY });
    const { attemptId } = await prompted();
    expect(await attemptOf(attemptId)).toMatchObject({ status: 'processing', failure_code: null });
    await runJobsNow(['rail_check_payment']);
    // RESOURCE_NOT_FOUND right after the submission proves nothing yet: still open.
    expect(statusQueries(attemptId)).toHaveLength(1);
    expect((await attemptOf(attemptId)).status).toBe('processing');
  });
});

describe('a transfer MTN refuses for sure', () => {
  async function fundedLiveMerchant() {
    const { merchant, live, attemptId } = await prompted();
    await server().approve(attemptId, { callback: 'send' });
    await server().callbacksSettled();
    await settleEverything();
    return { merchant, live };
  }
  const available = async (live: Merchant) =>
    (await live.ok(contract.getWallet, { params: { currency_code: 'GHS' } })).body.data.available_balance;
  const statusOf = async (live: Merchant, id: string) =>
    (await live.ok(contract.getWithdrawal, { params: { transaction_id: id } })).body.data.status;
  async function sentWithdrawal(live: Merchant) {
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
    return created.transaction_id as string;
  }

  it.each(['NOT_ENOUGH_FUNDS', 'PAYEE_NOT_FOUND', 'PAYEE_NOT_ALLOWED_TO_RECEIVE'])(
    'a 500 %s fails the withdrawal at once, and the whole debit comes back',
    async (code) => {
      const { merchant, live } = await fundedLiveMerchant();
      const before = await available(live);
      server().inject({ kind: 'status', status: 500, body: { code, message: 'x' } }, { path: TRANSFER });
      const id = await sentWithdrawal(live);
      expect(await statusOf(live, id)).toBe('FAILED');
      expect(await available(live)).toBe(before);
      expect(statusQueries(id)).toHaveLength(0);
      await expectReconciled(merchant.id);
    },
  );

  it('a transfer status FAILED with PAYEE_NOT_ALLOWED_TO_RECEIVE fails it with the money back', async () => {
    const { live } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    expect(await statusOf(live, id)).toBe('PROCESSING');
    await server().decline(id, 'PAYEE_NOT_ALLOWED_TO_RECEIVE', { product: 'disbursement', callback: 'send' });
    await server().callbacksSettled();
    expect(await statusOf(live, id)).toBe('FAILED');
    expect(await available(live)).toBe(before);
  });

  it('a 500 INTERNAL_PROCESSING_ERROR on the transfer is not sure: still PROCESSING, asked again', async () => {
    const { live } = await fundedLiveMerchant();
    server().inject(
      { kind: 'status', status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR', message: 'x' } },
      { path: TRANSFER },
    );
    const id = await sentWithdrawal(live);
    expect(await statusOf(live, id)).toBe('PROCESSING');
    await runJobsNow(['rail_check_payout']);
    expect(await statusOf(live, id)).toBe('PROCESSING');
  });
});
