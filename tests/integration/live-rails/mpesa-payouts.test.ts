import { describe, expect, it } from 'vitest';
import { payoutCallbackUrl, payoutStatusUrl } from '../../../lib/rails/callback-address';
import { expectReconciled, type Merchant } from '../../support/fixtures';
import { expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { MPESA_TEST_ACCOUNT } from '../../support/providers/mpesa';
import { mpesaLive } from './mpesa-live';
import { mpesaWithdrawal, mpesaWithdrawals, postTo } from './mpesa-withdrawals';

/**
 * Live KES withdrawals to M-Pesa numbers by B2C, against Daraja's contract server. Our payout id is
 * the OriginatorConversationID, so a resend is refused as a duplicate and never pays twice. Daraja
 * signs nothing and never sends our id back: the B2C result settles the payout when it names the
 * ConversationID Daraja's answer gave our request, and a Transaction Status answer settles it when it
 * answers a query we asked, COMPLETED (the M-Pesa receipt as its provider reference) or FAILED with the
 * money back (mpesa-payout-callbacks.test.ts: forged and replayed callbacks).
 */
const sql = testSql();
const server = mpesaLive('KES:mobile_money=mpesa, KES:payout_mobile_money=mpesa');

const { fundedLiveMerchant, sentWithdrawal, available, statusOf, statusAnswer } = mpesaWithdrawals(server);
const token = (url: string) => url.split('/').pop()!;
const withdrawal = async (live: Merchant, id: string) =>
  (await live.ok(contract.getWithdrawal, { params: { transaction_id: id } })).body.data;
const STATUS_QUERY = '/mpesa/transactionstatus/v1/query';

describe('live M-Pesa withdrawals by B2C', () => {
  it("sent with our payout id; M-Pesa's B2C result completes it, its receipt the provider reference", async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    const payout = server().payout(id)!;
    expect(payout.request).toMatchObject({
      OriginatorConversationID: id,
      Amount: '1000',
      PartyA: MPESA_TEST_ACCOUNT.b2cShortCode,
      PartyB: '254712345678',
      ResultURL: payoutCallbackUrl(id),
    });
    expect(await statusOf(live, id)).toBe('PROCESSING');

    await server().completePayout(id, 0);
    const [result] = server().deliveries.filter((d) => d.kind === 'b2c_result' && d.reference === id);
    expect(result!.receiverStatus).toBe(200);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    // Settled by the result itself, which names the ConversationID of Daraja's answer (never our id).
    expect(server().requestsTo(STATUS_QUERY)).toHaveLength(0);
    expect((result!.body as { Result: { OriginatorConversationID: string } }).Result.OriginatorConversationID).not.toBe(
      id,
    );
    expect((await withdrawal(live, id)).provider_reference).toBe(server().payout(id)!.transactionId);
    expect(
      server()
        .disbursements()
        .filter((d) => d.originatorConversationId === id),
    ).toHaveLength(1);
    expect(await available(live)).toBeLessThan(before - 1_000 + 0.01);
    expectStatus(await merchant.call(contract.getWithdrawal, { params: { transaction_id: id } }), 404);
    await expectReconciled(merchant.id);
  });

  it.each([
    [1, 'insufficient_balance'],
    [2001, 'initiator_invalid'],
    [2040, 'recipient_unregistered'],
  ])('refused by M-Pesa with ResultCode %s: FAILED (%s), and the whole debit comes back', async (code, reason) => {
    const { live, merchant } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    expect(await available(live)).toBeLessThan(before);
    await server().completePayout(id, code);
    expect(await statusOf(live, id)).toBe('FAILED');
    expect((await withdrawal(live, id)).failure_reason).toContain(reason);
    expect(await available(live)).toBe(before);
    expect(
      server()
        .disbursements()
        .filter((d) => d.originatorConversationId === id),
    ).toHaveLength(0);
    await expectReconciled(merchant.id);
  });

  it('the B2C answer is lost: sent again with the same id, Daraja refuses the duplicate, one payout', async () => {
    const { live } = await fundedLiveMerchant();
    server().inject({ kind: 'hang_after' }, { path: /b2c/ });
    const id = await sentWithdrawal(live);
    expect(server().payout(id)).toBeDefined();
    await sql`select graphile_worker.add_job('rail_send_payout', json_build_object('transaction_id', ${id}::text))`;
    await runJobsNow(['rail_send_payout']);
    expect(
      server()
        .requestsTo('/mpesa/b2c/v3/paymentrequest')
        .filter((r) => (r.json as { OriginatorConversationID?: string }).OriginatorConversationID === id),
    ).toHaveLength(2);
    expect(
      server()
        .payouts()
        .filter((p) => p.originatorConversationId === id),
    ).toHaveLength(1);
    expect(await statusOf(live, id)).toBe('PROCESSING');
    // The lost answer held the ConversationID: the result cannot be tied to our request, so we ask.
    await server().completePayout(id, 0);
    await statusAnswer(id);
    expect(await statusOf(live, id)).toBe('COMPLETED');
  });

  it('the result never comes: the backoff asks, and the documented status answer settles it', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    await server().completePayout(id, 0, { result: 'withhold' });
    expect(await statusOf(live, id)).toBe('PROCESSING');
    await runJobsNow(['rail_check_payout']);
    const answer = await statusAnswer(id);
    expect(answer.url).toBe(payoutStatusUrl(id));
    // Shaped as Daraja documents it: its OriginatorConversationIDs are M-Pesa's, not our payout id.
    expect(JSON.stringify(answer.body)).not.toContain(id);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    expect((await withdrawal(live, id)).provider_reference).toBe(server().payout(id)!.transactionId);
  });

  it('a status answer that M-Pesa declined it fails it, with the money back', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    await server().completePayout(id, 2040, { result: 'withhold' });
    await runJobsNow(['rail_check_payout']);
    await statusAnswer(id);
    expect(await statusOf(live, id)).toBe('FAILED');
    expect(await available(live)).toBe(before);
    await expectReconciled(merchant.id);
  });

  it('without the "Transaction Status query ORG API" role the status query fails, the B2C result still settles', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    server().account.initiatorRoles = ['b2c'];
    try {
      await runJobsNow(['rail_check_payout']);
      const answer = await statusAnswer(id);
      expect((answer.body as { Result: { ResultCode: number } }).Result.ResultCode).toBe(21);
      expect(await statusOf(live, id)).toBe('PROCESSING');
      await server().completePayout(id, 0);
      expect(await statusOf(live, id)).toBe('COMPLETED');
    } finally {
      server().account.initiatorRoles = ['b2c', 'transaction_status'];
    }
  });

  it('forged answers change nothing: an address we never issued, another payout named, another amount', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    await server().completePayout(id, 0, { result: 'withhold' });
    const other = crypto.randomUUID();
    const completed = (originator: string, amount: string) => ({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        ResultParameters: {
          ResultParameter: [
            { Key: 'OriginatorConversationID', Value: originator },
            { Key: 'TransactionStatus', Value: 'Completed' },
            { Key: 'ReceiptNo', Value: 'TKX1FORGED' },
            { Key: 'Amount', Value: amount },
          ],
        },
      },
    });

    const guessed = `${payoutStatusUrl(id).replace(/\.[0-9a-f]{40}$/, '')}.${'0'.repeat(40)}`;
    expect((await postTo(guessed, completed(id, '1000'))).status).toBe(404);
    // The payout's callback address is not its status address.
    const swapped = payoutStatusUrl(id).replace(token(payoutStatusUrl(id)), token(payoutCallbackUrl(id)));
    expect((await postTo(swapped, completed(id, '1000'))).status).toBe(404);
    expect((await postTo(payoutStatusUrl(id), completed(other, '1000'))).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    expect((await postTo(payoutStatusUrl(id), completed(id, '999999'))).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    expect(await statusOf(live, id)).toBe('PROCESSING');

    // M-Pesa's own answer, asked by the backoff, settles it.
    await runJobsNow(['rail_check_payout']);
    await statusAnswer(id);
    expect(await statusOf(live, id)).toBe('COMPLETED');
  });

  it('what M-Pesa would refuse is a 422 when asked, with nothing debited: cents, under KES 10, another network', async () => {
    const { live } = await fundedLiveMerchant();
    const before = await available(live);
    for (const [body, field] of [
      [mpesaWithdrawal(100.5), 'amount'],
      [mpesaWithdrawal(9), 'amount'],
      [mpesaWithdrawal(100, { network_provider: 'mtn_momo' }), 'recipient_details.network_provider'],
    ] as const) {
      const res = await live.call(contract.createWithdrawal, { body });
      expectStatus(res, 422);
      expect(invalidFields(res)).toContain(field);
    }
    expect(await available(live)).toBe(before);
  });
});
