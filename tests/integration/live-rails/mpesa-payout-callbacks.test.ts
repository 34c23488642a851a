import { describe, expect, it } from 'vitest';
import { payoutCallbackUrl, payoutStatusUrl } from '../../../lib/rails/callback-address';
import { expectReconciled } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { mpesaLive } from './mpesa-live';
import { mpesaWithdrawals, postTo, STATUS_QUERY_PATH } from './mpesa-withdrawals';

/**
 * A payout's callback addresses are credentials that leak (they sit in URLs given to Daraja and in
 * any proxy's logs), so a token alone must never settle money. Whoever holds both of a payout's
 * tokens here posts what Daraja would: a B2C result (the ResultURL) and a Transaction Status result
 * (the status ResultURL), naming our payout id and its amount. Only an answer naming the
 * ConversationID Daraja's HTTP response gave our own request (the B2C request, or a status query we
 * asked) moves the payout, once, and a success only for the payout's amount.
 */
const sql = testSql();
const server = mpesaLive('KES:mobile_money=mpesa, KES:payout_mobile_money=mpesa');
const { fundedLiveMerchant, sentWithdrawal, available, statusOf, statusAnswer } = mpesaWithdrawals(server);

/** A B2C result as Daraja posts it to ResultURL [DJ-B2C], with the code, ConversationID and amount the forger chose. */
const b2cResult = (id: string, code: number, conversationId = 'AG_20261127_20100000000forged', amount = 1000) => ({
  Result: {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Unregistered customer',
    OriginatorConversationID: id,
    ConversationID: conversationId,
    TransactionID: 'TKX1FORGED',
    ...(code === 0 && {
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: amount },
          { Key: 'TransactionReceipt', Value: 'TKX1FORGED' },
        ],
      },
    }),
  },
});

/** A Transaction Status result [DJ-TS] for our payout and amount; the forger cannot know our query's id. */
const statusResult = (id: string, state: 'Completed' | 'Declined', conversationId?: string) => ({
  Result: {
    ResultType: 0,
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ...(conversationId && { ConversationID: conversationId, OriginatorConversationID: '3213-416199-2' }),
    ResultParameters: {
      ResultParameter: [
        { Key: 'OriginatorConversationID', Value: id },
        { Key: 'TransactionStatus', Value: state },
        { Key: 'ReceiptNo', Value: 'TKX1FORGED' },
        { Key: 'Amount', Value: '1000' },
      ],
    },
  },
});

const eventsOf = async (id: string) =>
  (await sql<{ event_type: string }[]>`select event_type from events where resource_id = ${id} order by sequence`).map(
    (e) => e.event_type,
  );
const entriesOf = async (id: string) =>
  (
    await sql<
      { kind: string }[]
    >`select kind from ledger_entries where customer_transaction_id = ${id} order by created_at`
  ).map((e) => e.kind);
const keptAt = async (id: string) =>
  (
    await sql<
      { address: string }[]
    >`select address from payout_callbacks where transaction_id = ${id} order by received_at`
  ).map((c) => c.address);
/** The status queries we sent Daraja about `id`. */
const queriesAbout = (id: string) =>
  server()
    .requestsTo(STATUS_QUERY_PATH)
    .filter((r) => (r.json as { OriginalConversationID?: string }).OriginalConversationID === id).length;
const paidOut = (id: string) =>
  server()
    .disbursements()
    .filter((d) => d.originatorConversationId === id);

describe('M-Pesa payout callbacks: the token alone settles nothing', () => {
  it('a forged success while M-Pesa says the payout is still queued: PROCESSING, the wallet unchanged', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const debited = await available(live);
    const entries = await entriesOf(id);

    for (const forged of [statusResult(id, 'Completed'), statusResult(id, 'Completed', 'AG_20261127_2010a1b2c3d4e5')]) {
      const res = await postTo(payoutStatusUrl(id), forged);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ data: { provider_status: 'unknown' } });
    }
    expect(await statusOf(live, id)).toBe('PROCESSING');

    // A forged B2C success only makes us ask; M-Pesa answers that the payout is still queued.
    const after = server().deliveries.length;
    expect((await postTo(payoutCallbackUrl(id), b2cResult(id, 0))).status).toBe(200);
    const answer = await statusAnswer(id, after);
    expect(JSON.stringify(answer.body)).toContain('"Initiated"');
    await runJobsNow(['rail_check_payout']);

    expect(await statusOf(live, id)).toBe('PROCESSING');
    expect(await available(live)).toBe(debited);
    expect(await entriesOf(id)).toEqual(entries);
    expect(await eventsOf(id)).not.toContain('withdrawal.completed');
    expect(paidOut(id)).toHaveLength(0);
  });

  it('a forged failure while M-Pesa paid: never credited back, COMPLETED once M-Pesa is asked', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const debited = await available(live);
    await server().completePayout(id, 0, { result: 'withhold' });
    expect(paidOut(id)).toHaveLength(1);

    expect((await postTo(payoutStatusUrl(id), statusResult(id, 'Declined'))).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    expect(await statusOf(live, id)).toBe('PROCESSING');
    expect(await available(live)).toBe(debited);

    // A forged B2C failure (2040: unregistered customer) makes us ask too: M-Pesa says Completed.
    const after = server().deliveries.length;
    expect((await postTo(payoutCallbackUrl(id), b2cResult(id, 2040))).status).toBe(200);
    await statusAnswer(id, after);

    expect(await statusOf(live, id)).toBe('COMPLETED');
    expect(await available(live)).toBe(debited);
    expect(await eventsOf(id)).not.toContain('withdrawal.failed');
    expect(await entriesOf(id)).not.toContain('reversal');
    await expectReconciled(merchant.id);
  });

  it('a forged result naming the real ConversationID but another amount: nothing settles, nothing is used up', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const debited = await available(live);
    const { conversationId } = server().payout(id)!;

    const after = server().deliveries.length;
    expect((await postTo(payoutCallbackUrl(id), b2cResult(id, 0, conversationId, 999_999))).status).toBe(200);
    await statusAnswer(id, after);
    expect(await statusOf(live, id)).toBe('PROCESSING');
    expect(await available(live)).toBe(debited);
    expect(await eventsOf(id)).not.toContain('withdrawal.completed');

    // The genuine result still counts: the forgery used nothing up.
    await server().completePayout(id, 2040);
    expect(await statusOf(live, id)).toBe('FAILED');
    await expectReconciled(merchant.id);
  });

  it('a genuine result settles once: kept, the answer to our B2C request, no status query needed', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const asked = queriesAbout(id);
    await server().completePayout(id, 0);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    expect(queriesAbout(id)).toBe(asked);

    const [kept] = await sql<{ body: unknown }[]>`
      select body from payout_callbacks where transaction_id = ${id} and address = 'callback'`;
    expect(kept!.body).toEqual(server().payout(id)!.result);
    // The question is the ConversationID Daraja's HTTP answer gave our B2C request; its result names it.
    const questions = await sql<{ question_id: string; answered_at: Date | null }[]>`
      select question_id, answered_at from payout_status_questions where transaction_id = ${id}`;
    expect(questions).toEqual([
      { question_id: `send:${server().payout(id)!.conversationId}`, answered_at: expect.any(Date) },
    ]);
    expect(await keptAt(id)).toEqual(['callback']);

    expect((await eventsOf(id)).filter((e) => e === 'withdrawal.completed')).toHaveLength(1);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'withdrawal']); // the debit, then paid out
    await expectReconciled(merchant.id);
    const circuit = await sql<{ failures: number }[]>`select failures from rail_circuits where rail = 'mpesa'`;
    expect(circuit.every((c) => c.failures === 0)).toBe(true);
  });

  it('a replayed result or status answer does nothing twice', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    // The backoff asks first: M-Pesa answers the payout is still queued.
    await runJobsNow(['rail_check_payout']);
    const answer = await statusAnswer(id);
    await server().completePayout(id, 0);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    const entries = await entriesOf(id);
    const events = await eventsOf(id);
    const asked = queriesAbout(id);

    // Daraja never posts a result twice: whoever does is replaying it.
    await server().sendPayoutResult(id);
    expect((await postTo(payoutCallbackUrl(id), server().payout(id)!.result)).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    expect((await postTo(payoutStatusUrl(id), answer.body)).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    expect(queriesAbout(id)).toBe(asked);
    expect(await entriesOf(id)).toEqual(entries);
    expect(await eventsOf(id)).toEqual(events);
    expect(await keptAt(id)).toEqual(['status', 'callback']);
    await expectReconciled(merchant.id);
  });

  it('a result that comes before the B2C answer is found when the answer lands, and settles it', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    // Without the status role our query cannot settle it: only the early result can.
    server().account.initiatorRoles = ['b2c'];
    server().settleNextPayoutBeforeAnswer(0);
    try {
      const id = await sentWithdrawal(live);
      expect(await keptAt(id)).toContain('callback');
      expect(await statusOf(live, id)).toBe('COMPLETED');
      expect((await eventsOf(id)).filter((e) => e === 'withdrawal.completed')).toHaveLength(1);
      await expectReconciled(merchant.id);
    } finally {
      server().account.initiatorRoles = ['b2c', 'transaction_status'];
    }
  });
});
