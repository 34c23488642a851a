import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMpesa,
  readPayoutResult,
  readPayoutStatusResult,
  type MpesaPayouts,
} from '../../../lib/rails/providers/mpesa';
import type { PayoutTarget } from '../../../lib/rails/providers/types';
import { startMpesa, type MpesaServer, type MpesaServerOptions } from '../../support/providers/mpesa';

/** B2C v3 payouts and the Transaction Status query against the Daraja contract server. */
const B2C = '/mpesa/b2c/v3/paymentrequest';
const STATUS = '/mpesa/transactionstatus/v1/query';
const RESULT_URL = 'https://service.example/rails/payouts/b7e2c91f';
const PAYOUT_ID = '9c1b7f3e-2d4a-4e8b-a6f1-0b2c3d4e5f60';

let server: MpesaServer;
let payouts: MpesaPayouts;

async function setUp(options: MpesaServerOptions = {}, securityCredential?: string) {
  server = await startMpesa({ deliver: () => {}, ...options });
  const settings = server.adapterSettings({ timeoutMs: 300 });
  const b2c = { ...settings.b2c!, securityCredential: securityCredential ?? settings.b2c!.securityCredential };
  payouts = createMpesa({ ...settings, b2c }).payouts!;
}
beforeEach(() => setUp());
afterEach(() => server.close());

const MPESA_NUMBER: PayoutTarget = { type: 'mobile_money', phone: '+254712345678', network: 'mpesa' };
const payout = (overrides: Partial<Parameters<MpesaPayouts['sendPayout']>[0]> = {}) => ({
  payoutId: PAYOUT_ID,
  amount: 250_000n,
  currency: 'KES' as const,
  target: MPESA_NUMBER,
  reason: 'Withdrawal to the owner',
  callbackUrl: RESULT_URL,
  ...overrides,
});

async function sent() {
  const result = await payouts.sendPayout(payout());
  if (result.kind !== 'accepted') throw new Error(`payout not accepted: ${JSON.stringify(result)}`);
  return result.providerReference;
}

describe('B2C payment request', () => {
  it('sends the documented body with our payout id as OriginatorConversationID', async () => {
    const reference = await sent();
    expect(server.requestsTo(B2C)[0]!.json).toEqual({
      OriginatorConversationID: PAYOUT_ID,
      InitiatorName: 'testapi',
      SecurityCredential: server.account.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: '2500',
      PartyA: '600997',
      PartyB: '254712345678',
      Remarks: 'Withdrawal to the owner',
      QueueTimeOutURL: RESULT_URL,
      ResultURL: RESULT_URL,
      Occassion: PAYOUT_ID,
    });
    expect(reference).toBe(server.payout(PAYOUT_ID)!.conversationId);
    expect(server.disbursements()).toHaveLength(0);
  });

  it.each([
    ['an amount with cents', { amount: 250_050n }, 'amount_not_whole_shillings'],
    ['less than the KES 10 minimum', { amount: 900n }, 'amount_too_small'],
    ['another currency', { currency: 'GHS' as const }, 'unsupported_currency'],
    [
      'a bank account',
      { target: { type: 'bank_transfer', accountNumber: '1', bankCode: '01', accountName: 'A' } as const },
      'unsupported_target',
    ],
    ['another network', { target: { ...MPESA_NUMBER, network: 'mtn_momo' } }, 'unsupported_target'],
    ['a non-Kenyan number', { target: { ...MPESA_NUMBER, phone: '+256772123456' } }, 'invalid_number'],
    [
      'a ResultURL with a word Daraja refuses',
      { callbackUrl: 'https://x.example/safaricom/result' },
      'invalid_callback_url',
    ],
  ])('refuses %s before any HTTP call', async (_case, overrides, code) => {
    expect(await payouts.sendPayout(payout(overrides))).toMatchObject({ kind: 'refused', code });
    expect(server.requests).toHaveLength(0);
  });

  it('keeps Remarks within 2 to 100 characters', async () => {
    await payouts.sendPayout(payout({ reason: 'x' }));
    await payouts.sendPayout(payout({ payoutId: 'second-payout', reason: 'y'.repeat(150) }));
    expect(server.requestsTo(B2C).map((r) => (r.json as { Remarks: string }).Remarks)).toEqual([
      'Payout',
      'y'.repeat(100),
    ]);
    expect(server.payouts()).toHaveLength(2);
  });

  it('is refused by Daraja for a bad field (400.002.02)', async () => {
    server.inject(
      {
        kind: 'status',
        status: 400,
        body: { requestId: 'r', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PartyB' },
      },
      { path: /b2c/ },
    );
    expect(await payouts.sendPayout(payout({ payoutId: 'other-id' }))).toEqual({
      kind: 'refused',
      code: 'invalid_number',
      message: '400.002.02 Bad Request - Invalid PartyB',
    });
  });

  it.each([
    ['a 500', { kind: 'status', status: 500 } as const],
    ['no answer in time', { kind: 'hang' } as const],
    ['a lost answer after the request took effect', { kind: 'hang_after' } as const],
  ])('answers unknown on %s', async (_case, fault) => {
    server.inject(fault, { path: /b2c/ });
    expect((await payouts.sendPayout(payout())).kind).toBe('unknown');
  });

  it('never pays twice: a retry after a lost answer is refused as a duplicate by Daraja', async () => {
    server.inject({ kind: 'hang_after' }, { path: /b2c/ });
    expect((await payouts.sendPayout(payout())).kind).toBe('unknown');
    const retry = await payouts.sendPayout(payout());
    expect(retry).toEqual({
      kind: 'unknown',
      detail:
        'duplicate payout id, already received by M-Pesa: HTTP 500: 500.002.1001 Duplicate OriginatorConversationID.',
    });
    expect(await payouts.sendPayout(payout())).toMatchObject({ kind: 'unknown' });
    expect(server.requestsTo(B2C)).toHaveLength(3);
    expect(server.payouts()).toHaveLength(1);
    await server.completePayout(PAYOUT_ID, 0);
    expect(server.disbursements()).toEqual([
      { originatorConversationId: PAYOUT_ID, partyB: '254712345678', amount: 2500, transactionId: expect.any(String) },
    ]);
    await expect(server.completePayout(PAYOUT_ID, 0)).rejects.toThrow('already ended');
  });
});

describe('the B2C result callback', () => {
  it("reads a success: receipt, amount in cents, and the ConversationID of Daraja's answer, never our id", async () => {
    const reference = await sent();
    const body = await server.completePayout(PAYOUT_ID, 0);
    const { transactionId } = server.payout(PAYOUT_ID)!;
    const result = readPayoutResult(body);
    expect(result).toEqual({
      questionId: reference,
      originatorConversationId: expect.stringMatching(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{20}\d{3}$/),
      conversationId: reference,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      status: { status: 'completed', providerTransactionId: transactionId },
      amount: 250_000n,
      receipt: transactionId,
      receiver: '254712345678 - TEST CUSTOMER',
    });
    // The result's OriginatorConversationID is M-Pesa's (DJ-B2C sample), not the one we sent.
    expect(result?.originatorConversationId).not.toBe(PAYOUT_ID);
    expect(server.deliveries).toMatchObject([{ kind: 'b2c_result', url: RESULT_URL, reference: PAYOUT_ID }]);
  });

  it.each([
    [1, 'insufficient_balance'],
    [2, 'amount_below_minimum'],
    [3, 'amount_above_maximum'],
    [4, 'daily_limit_exceeded'],
    [8, 'recipient_balance_limit'],
    [11, 'debit_party_invalid'],
    [21, 'initiator_not_allowed'],
    [2001, 'initiator_invalid'],
    [2006, 'account_rule_declined'],
    [2028, 'not_permitted'],
    [2040, 'recipient_unregistered'],
    [8006, 'credential_locked'],
    ['SFC_IC0003', 'recipient_not_found'],
  ])('reads ResultCode %s as failed %s, with no money out', async (code, failure) => {
    await sent();
    const body = await server.completePayout(PAYOUT_ID, code);
    expect(readPayoutResult(body)?.status).toEqual({ status: 'failed', code: failure, message: expect.any(String) });
    expect(server.disbursements()).toHaveLength(0);
  });

  it('fails with 2001 when the security credential is wrong, whatever M-Pesa was to answer', async () => {
    await server.close();
    await setUp({}, 'bm90LXRoZS1jcmVkZW50aWFs');
    expect((await payouts.sendPayout(payout())).kind).toBe('accepted');
    const body = await server.completePayout(PAYOUT_ID, 0);
    expect(readPayoutResult(body)?.status).toMatchObject({ status: 'failed', code: 'initiator_invalid' });
    expect(server.disbursements()).toHaveLength(0);
  });

  it('reads the documented samples as published [DJ-B2C]', () => {
    const success = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: '53e3-4aa8-9fe0-8fb5e4092cdd3533373',
        ConversationID: 'AG_20240706_2010364430d9bbdaf872',
        TransactionID: 'SG632NMUAB',
        ResultParameters: {
          ResultParameter: [
            { Key: 'TransactionAmount', Value: 10 },
            { Key: 'TransactionReceipt', Value: 'SG632NMUAB' },
            { Key: 'ReceiverPartyPublicName', Value: '254705912645 - NICHOLAS JOHN SONGOK' },
            { Key: 'TransactionCompletedDateTime', Value: '06.07.2024 22:48:52' },
          ],
        },
      },
    };
    expect(readPayoutResult(success)).toMatchObject({
      questionId: 'AG_20240706_2010364430d9bbdaf872',
      amount: 1_000n,
      status: { status: 'completed', providerTransactionId: 'SG632NMUAB' },
    });
    const failure = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        OriginatorConversationID: '53e3-4aa8-9fe0-8fb5e4092cdd3544366',
        ConversationID: 'AG_20240707_201062f6f6f5804f7a33',
        TransactionID: 'SG722NMVXQ',
      },
    };
    expect(readPayoutResult(failure)).toMatchObject({
      questionId: 'AG_20240707_201062f6f6f5804f7a33',
      receipt: null,
      status: { status: 'failed', code: 'initiator_invalid' },
    });
  });

  it('fails with 21 when the API user lacks the "ORG B2C API initiator" role [DJ-B2C]', async () => {
    await server.close();
    await setUp({ account: { initiatorRoles: ['transaction_status'] } });
    expect((await payouts.sendPayout(payout())).kind).toBe('accepted');
    const body = await server.completePayout(PAYOUT_ID, 0);
    expect(readPayoutResult(body)?.status).toMatchObject({ status: 'failed', code: 'initiator_not_allowed' });
    expect(server.disbursements()).toHaveLength(0);
  });

  it('is refused at once when Daraja answers "System is busy" (500.003.02): nothing was created', async () => {
    server.setBusy('b2c', true);
    expect(await payouts.sendPayout(payout())).toMatchObject({ kind: 'refused', code: 'system_busy' });
    server.setBusy('b2c', false);
    expect(server.payouts()).toHaveLength(0);
    expect((await payouts.sendPayout(payout())).kind).toBe('accepted');
  });

  it('is pending for ResultType 1, unknown for an unlisted code, null for what is not a result', () => {
    const result = (fields: object) => ({
      Result: { ConversationID: 'AG_1', OriginatorConversationID: 'p', ...fields },
    });
    expect(readPayoutResult(result({ ResultType: 1, ResultCode: 0 }))?.status).toEqual({ status: 'pending' });
    expect(readPayoutResult(result({ ResultType: 0, ResultCode: 17 }))?.status).toMatchObject({ status: 'unknown' });
    expect(readPayoutResult(result({ ResultType: 0, ResultCode: 0 }))?.status).toMatchObject({ status: 'unknown' });
    expect(readPayoutResult({ Body: {} })).toBeNull();
    expect(readPayoutResult(null)).toBeNull();
  });
});

describe('the payout status query', () => {
  const statusOf = async (payoutId = PAYOUT_ID) => {
    const earlier = server.deliveries.length;
    const asked = await payouts.queryPayout({ payoutId, providerReference: null });
    expect(asked).toMatchObject({
      status: 'unknown',
      detail: expect.stringContaining('status requested (ConversationID AG_'),
      question: expect.stringMatching(/^AG_/),
    });
    const delivery = await server.waitForDelivery(
      (d) => d.kind === 'status_result' && d.reference === payoutId && server.deliveries.indexOf(d) >= earlier,
    );
    expect(delivery.url).toBe(`https://service.example/rails/status/${payoutId}`);
    const result = readPayoutStatusResult(delivery.body);
    // The answer names the query by the ConversationID the acknowledgement gave it [DJ-TS].
    expect(result?.questionId).toBe('question' in asked ? asked.question : undefined);
    return result;
  };

  it('asks by OriginalConversationID and reads a completed payout', async () => {
    const reference = await sent();
    await server.completePayout(PAYOUT_ID, 0);
    const status = await statusOf();
    expect(server.requestsTo(STATUS)[0]!.json).toEqual({
      Initiator: 'testapi',
      SecurityCredential: server.account.securityCredential,
      CommandID: 'TransactionStatusQuery',
      OriginalConversationID: PAYOUT_ID,
      PartyA: '600997',
      IdentifierType: '4',
      ResultURL: `https://service.example/rails/status/${PAYOUT_ID}`,
      QueueTimeOutURL: `https://service.example/rails/status/${PAYOUT_ID}`,
      Remarks: 'Payout status',
      Occasion: PAYOUT_ID,
    });
    // Its OriginatorConversationIDs are M-Pesa's, like "3211-416020-3" [DJ-TS]; the ConversationID
    // parameter is the payout's.
    expect(status).toMatchObject({
      originatorConversationId: expect.stringMatching(/^\d{4}-\d{6,7}-\d$/),
      conversationId: reference,
      amount: 250_000n,
      status: { status: 'completed', providerTransactionId: server.payout(PAYOUT_ID)!.transactionId },
    });
  });

  it('reads a failed payout, a queued one, and one M-Pesa never received', async () => {
    await sent();
    expect((await statusOf())?.status).toEqual({ status: 'pending' });
    await server.completePayout(PAYOUT_ID, 1);
    expect((await statusOf())?.status).toMatchObject({ status: 'failed', code: 'transaction_declined' });
    expect((await statusOf('never-sent'))?.status).toEqual({ status: 'not_found' });
  });

  it('retries once with a fresh token (400.003.01) and is unknown on 5xx', async () => {
    await sent();
    server.expireTokens();
    await statusOf();
    expect(server.requestsTo(STATUS)).toHaveLength(2);
    server.inject({ kind: 'status', status: 503 }, { path: /transactionstatus/ });
    expect(await payouts.queryPayout({ payoutId: PAYOUT_ID, providerReference: null })).toMatchObject({
      status: 'unknown',
      detail: expect.stringContaining('status not requested: HTTP 503'),
    });
  });

  it('is unknown when the API user lacks the "Transaction Status query ORG API" role', async () => {
    await server.close();
    await setUp({ account: { initiatorRoles: ['b2c'] } });
    expect((await statusOf())?.status).toEqual({
      status: 'unknown',
      detail: 'status query failed: 21 The initiator is not allowed to initiate this request',
    });
  });

  it('is unknown when the status question itself fails (2001: a bad credential)', async () => {
    await server.close();
    await setUp({}, 'bm90LXRoZS1jcmVkZW50aWFs');
    expect((await statusOf())?.status).toEqual({
      status: 'unknown',
      detail: 'status query failed: 2001 The initiator information is invalid.',
    });
  });
});
