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
 * (the status ResultURL), naming our payout id and its amount. Only Daraja's answer to a status query
 * we asked, named by the ConversationID its HTTP response gave that query, moves the payout.
 */
const sql = testSql();
const server = mpesaLive('KES:mobile_money=mpesa, KES:payout_mobile_money=mpesa');
const { fundedLiveMerchant, sentWithdrawal, available, statusOf, statusAnswer } = mpesaWithdrawals(server);

/** A B2C result as Daraja posts it to ResultURL [DJ-B2C], with the code the forger chose. */
const b2cResult = (id: string, code: number) => ({
  Result: {
    ResultType: 0,
    ResultCode: code,
    ResultDesc: code === 0 ? 'The service request is processed successfully.' : 'Unregistered customer',
    OriginatorConversationID: id,
    ConversationID: 'AG_20261127_20100000000forged',
    TransactionID: 'TKX1FORGED',
    ...(code === 0 && {
      ResultParameters: {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: 1000 },
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

  it('a genuine result is kept, confirmed by the answer to the query it made us ask, and applied once', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    const after = server().deliveries.length;
    await server().completePayout(id, 0);
    const answer = await statusAnswer(id, after);
    expect(await statusOf(live, id)).toBe('COMPLETED');

    const [kept] = await sql<{ body: unknown }[]>`
      select body from payout_callbacks where transaction_id = ${id} and address = 'callback'`;
    expect(kept!.body).toEqual(server().payout(id)!.result);
    // The question is the ConversationID Daraja's HTTP answer gave our status query; its result names it.
    const questions = await sql<{ question_id: string; answered_at: Date | null }[]>`
      select question_id, answered_at from payout_status_questions where transaction_id = ${id}`;
    expect(questions).toHaveLength(1);
    expect(questions[0]!.question_id).toBe(
      (answer.body as { Result: { ConversationID: string } }).Result.ConversationID,
    );
    expect(questions[0]!.answered_at).not.toBeNull();
    expect(await keptAt(id)).toEqual(['callback', 'status']);

    expect((await eventsOf(id)).filter((e) => e === 'withdrawal.completed')).toHaveLength(1);
    expect(await entriesOf(id)).toEqual(['withdrawal', 'withdrawal']); // the debit, then paid out
    await expectReconciled(merchant.id);
    // Status queries Daraja took count as answers: they never open M-Pesa's circuit (its collections too).
    const circuit = await sql<{ failures: number }[]>`select failures from rail_circuits where rail = 'mpesa'`;
    expect(circuit.every((c) => c.failures === 0)).toBe(true);
  });

  it('a replayed callback does nothing twice: no second query while in flight, no second completion after', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    // M-Pesa pays and its result reaches us, but the status query it makes us ask gets a 503.
    server().inject({ kind: 'status', status: 503 }, { path: /transactionstatus/ });
    await server().completePayout(id, 0);
    const asked = queriesAbout(id);
    expect(await statusOf(live, id)).toBe('PROCESSING');

    // Daraja never posts a result twice: whoever does is replaying it.
    await server().sendPayoutResult(id);
    await server().sendPayoutResult(id);
    expect(queriesAbout(id)).toBe(asked);
    expect(await statusOf(live, id)).toBe('PROCESSING');

    // The backoff's query settles it.
    const after = server().deliveries.length;
    await runJobsNow(['rail_check_payout']);
    const answer = await statusAnswer(id, after);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    const entries = await entriesOf(id);
    const events = await eventsOf(id);

    // Its answer and the result, replayed once more: nothing asked, nothing applied.
    expect((await postTo(payoutStatusUrl(id), answer.body)).body).toMatchObject({
      data: { provider_status: 'unknown' },
    });
    await server().sendPayoutResult(id);
    expect(queriesAbout(id)).toBe(asked + 1);
    expect(await entriesOf(id)).toEqual(entries);
    expect(await eventsOf(id)).toEqual(events);
    expect(await keptAt(id)).toEqual(['callback', 'status']);
    await expectReconciled(merchant.id);
  });
});
