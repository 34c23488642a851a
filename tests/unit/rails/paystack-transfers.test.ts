import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaystack } from '../../../lib/rails/providers/paystack';
import { PAYSTACK_PATHS } from '../../support/providers/paystack';
import {
  payoutRequest,
  sentBody,
  startRig,
  type PaystackRig,
  expectPublishedContractKept,
} from '../../support/providers/paystack/fixtures';

/**
 * Payouts against the Paystack contract server: recipient, transfer with our payout id as reference,
 * verify by reference. Mapping tables: lib/rails/providers/paystack/transfers.ts.
 */
let rig: PaystackRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.server.close();
  expectPublishedContractKept(rig.server);
});

const transferPosts = () => rig.server.requests.filter((r) => r.method === 'POST' && r.path === '/transfer').length;
const query = (payoutId: string) => rig.paystack.queryPayout({ payoutId, providerReference: null });

async function restart(options: Parameters<typeof startRig>[0]) {
  await rig.server.close();
  expectPublishedContractKept(rig.server);
  rig = await startRig(options);
}

async function sendAccepted(overrides: Parameters<typeof payoutRequest>[0] = {}) {
  const request = payoutRequest(overrides);
  const result = await rig.paystack.sendPayout(request);
  if (result.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(result)}`);
  return { request, transferCode: result.providerReference };
}

describe('sendPayout', () => {
  it('creates a nuban recipient, then a transfer from the balance with our payout id as reference', async () => {
    const { request, transferCode } = await sendAccepted();
    expect(sentBody(rig.server, '/transferrecipient')).toEqual({
      type: 'nuban',
      name: 'John Doe',
      account_number: '0001234567',
      bank_code: '058',
      currency: 'NGN',
    });
    const recipient = [...rig.server.state.recipients.values()][0]!;
    expect(sentBody(rig.server, '/transfer')).toEqual({
      source: 'balance',
      amount: 100_000,
      recipient: recipient.recipientCode,
      reference: request.payoutId,
      reason: 'Withdrawal 77',
      currency: 'NGN',
    });
    const transfer = rig.server.state.transfers.get(request.payoutId)!;
    expect(transferCode).toBe(transfer.transferCode);
    expect(transfer.amount).toBe(100_000n);
    expect(rig.server.state.balances.get('NGN')).toBe(100_000_000_00n - 100_000n);
  });

  it.each([
    [
      'GHS MTN MoMo',
      'GHS',
      { type: 'mobile_money', phone: '+233551234987', network: 'mtn_momo' },
      'mobile_money',
      'MTN',
      '0551234987',
    ],
    [
      'GHS Vodafone Cash',
      'GHS',
      { type: 'mobile_money', phone: '+233201234567', network: 'vodafone_cash' },
      'mobile_money',
      'VOD',
      '0201234567',
    ],
    [
      'KES M-Pesa',
      'KES',
      { type: 'mobile_money', phone: '+254712345678', network: 'mpesa' },
      'mobile_money',
      'MPESA',
      '0712345678',
    ],
    [
      'a GHS bank account',
      'GHS',
      { type: 'bank_transfer', accountNumber: '1234567890', bankCode: '280100', accountName: 'Ama K' },
      'ghipss',
      '280100',
      '1234567890',
    ],
    [
      'a KES bank account',
      'KES',
      { type: 'bank_transfer', accountNumber: '0011223344', bankCode: '063', accountName: 'Wanjiru M' },
      'kepss',
      '063',
      '0011223344',
    ],
  ] as const)('pays %s with the documented recipient type', async (_name, currency, target, type, bankCode, number) => {
    const { request } = await sendAccepted({ currency, target });
    expect(sentBody(rig.server, '/transferrecipient')).toMatchObject({
      type,
      bank_code: bankCode,
      account_number: number,
      currency,
    });
    expect(rig.server.state.transfers.get(request.payoutId)).toMatchObject({ currency, amount: 100_000n });
  });

  it('refuses what Paystack cannot pay without calling it', async () => {
    const answers = await Promise.all([
      rig.paystack.sendPayout(payoutRequest({ currency: 'XOF' })),
      rig.paystack.sendPayout(
        payoutRequest({
          currency: 'NGN',
          target: { type: 'mobile_money', phone: '+2348031234567', network: 'mtn_momo' },
        }),
      ),
      rig.paystack.sendPayout(
        payoutRequest({
          currency: 'GHS',
          target: { type: 'mobile_money', phone: '+254712345678', network: 'mtn_momo' },
        }),
      ),
      rig.paystack.sendPayout(payoutRequest({ amount: 0n })),
      rig.paystack.sendPayout({ ...payoutRequest(), payoutId: 'Short-ID' }),
    ]);
    expect(answers.map((a) => (a.kind === 'refused' ? a.code : a.kind))).toEqual([
      'unsupported_currency',
      'unsupported_target',
      'invalid_number',
      'invalid_amount',
      'invalid_reference',
    ]);
    expect(rig.server.requests).toHaveLength(0);
  });

  it('reads the documented invalid recipient (400) as refused once verify confirms no transfer exists', async () => {
    rig.server.inject(
      {
        kind: 'status',
        status: 400,
        body: { status: false, message: 'Recipient specified is invalid', code: 'invalid_transfer_recipient' },
      },
      { path: PAYSTACK_PATHS.transfer },
    );
    const request = payoutRequest();
    expect(await rig.paystack.sendPayout(request)).toEqual({
      kind: 'refused',
      code: 'invalid_transfer_recipient',
      message: 'Recipient specified is invalid',
    });
    expect(rig.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /transferrecipient',
      'POST /transfer',
      `GET /transfer/verify/${request.payoutId}`,
    ]);
  });

  it('reads an empty balance and an unresolvable account as refused, with nothing sent', async () => {
    await restart({ balances: { NGN: 99_999n }, unresolvableAccounts: ['0009999999'] });
    const poor = await rig.paystack.sendPayout(payoutRequest());
    expect(poor).toMatchObject({ kind: 'refused', code: 'insufficient_balance' });
    const target = { type: 'bank_transfer', accountNumber: '0009999999', bankCode: '058', accountName: 'X' } as const;
    expect(await rig.paystack.sendPayout(payoutRequest({ target }))).toMatchObject({
      kind: 'refused',
      code: 'invalid_params',
    });
    expect(rig.server.state.transfers.size).toBe(0);
    expect(rig.server.state.balances.get('NGN')).toBe(99_999n);
  });

  it('reads a wrong key as refused invalid_key, with no transfer made', async () => {
    const wrongKey = createPaystack({ secretKey: 'sk_test_0000wrong', baseUrl: rig.server.url, timeoutMs: 1_000 });
    expect(await wrongKey.sendPayout(payoutRequest())).toMatchObject({ kind: 'refused', code: 'invalid_key' });
    expect(rig.server.state.transfers.size).toBe(0);
  });

  it.each([
    ['a 500 on the transfer', { kind: 'status', status: 500 } as const, PAYSTACK_PATHS.transfer],
    ['no answer on the transfer', { kind: 'hang' } as const, PAYSTACK_PATHS.transfer],
    ['a 502 on the recipient', { kind: 'status', status: 502 } as const, PAYSTACK_PATHS.recipient],
    ['no answer on the recipient', { kind: 'hang' } as const, PAYSTACK_PATHS.recipient],
  ])('reads %s as unknown', async (_name, fault, path) => {
    rig.server.inject(fault, { path });
    expect((await rig.paystack.sendPayout(payoutRequest())).kind).toBe('unknown');
  });

  it('reads a 4xx it cannot check (verify fails too) as unknown, never refused', async () => {
    rig.server.inject(
      { kind: 'status', status: 400, body: { status: false, message: 'Hmm' } },
      { path: PAYSTACK_PATHS.transfer },
    );
    rig.server.inject({ kind: 'status', status: 503 }, { path: PAYSTACK_PATHS.verifyTransfer });
    expect((await rig.paystack.sendPayout(payoutRequest())).kind).toBe('unknown');
  });

  it('accepts an OTP-held transfer (it exists) and reports it pending', async () => {
    await restart({ transfersNeedOtp: true });
    const { request } = await sendAccepted();
    expect(rig.server.state.transfers.get(request.payoutId)!.status).toBe('otp');
    expect(await query(request.payoutId)).toEqual({ status: 'pending' });
  });
});

describe('a repeated payout id never pays twice', () => {
  it.each(['error', 'existing'] as const)(
    'a retry after a lost answer finds the same transfer (duplicate answer: %s)',
    async (duplicateTransferReply) => {
      await restart({ duplicateTransferReply });
      rig.server.inject({ kind: 'hang_after' }, { path: PAYSTACK_PATHS.transfer });
      const request = payoutRequest();
      expect((await rig.paystack.sendPayout(request)).kind).toBe('unknown');
      const retry = await rig.paystack.sendPayout(request);
      const held = rig.server.state.transfers.get(request.payoutId)!;
      expect(retry).toEqual({ kind: 'accepted', providerReference: held.transferCode });
      expect(transferPosts()).toBe(2);
      expect(rig.server.state.transfers.size).toBe(1);
      expect(rig.server.state.balances.get('NGN')).toBe(100_000_000_00n - 100_000n);
    },
  );

  it('a retry after the transfer completed answers the same transfer, and it stays completed', async () => {
    const { request, transferCode } = await sendAccepted();
    await rig.server.completeTransfer(request.payoutId);
    expect(await rig.paystack.sendPayout(request)).toEqual({ kind: 'accepted', providerReference: transferCode });
    expect(rig.server.state.transfers.size).toBe(1);
    expect(await query(request.payoutId)).toEqual({ status: 'completed', providerTransactionId: transferCode });
  });

  it('a reference Paystack holds for another amount is unknown, not ours to accept or refuse', async () => {
    const { request } = await sendAccepted();
    const changed = await rig.paystack.sendPayout({ ...request, amount: 100_001n });
    expect(changed.kind).toBe('unknown');
    expect(rig.server.state.transfers.get(request.payoutId)!.amount).toBe(100_000n);
  });
});

describe('queryPayout', () => {
  it('follows a transfer from pending to completed', async () => {
    const { request, transferCode } = await sendAccepted();
    expect(await query(request.payoutId)).toEqual({ status: 'pending' });
    await rig.server.completeTransfer(request.payoutId);
    expect(await query(request.payoutId)).toEqual({ status: 'completed', providerTransactionId: transferCode });
  });

  it('reads a failed transfer as failed, and the balance has the money back', async () => {
    const { request } = await sendAccepted();
    await rig.server.failTransfer(request.payoutId, { gatewayResponse: 'Account blocked' });
    expect(await query(request.payoutId)).toEqual({ status: 'failed', code: 'failed', message: 'Account blocked' });
    expect(rig.server.state.balances.get('NGN')).toBe(100_000_000_00n);
  });

  it('reads a transfer reversed after its success as failed reversed', async () => {
    const { request } = await sendAccepted();
    await rig.server.completeTransfer(request.payoutId);
    await rig.server.reverseTransfer(request.payoutId);
    expect(await query(request.payoutId)).toEqual({
      status: 'failed',
      code: 'reversed',
      message: 'Beneficiary bank unavailable',
    });
    expect(rig.server.state.balances.get('NGN')).toBe(100_000_000_00n);
  });

  it('reads a reference Paystack never saw (404 "Transfer not found") as not_found', async () => {
    expect(await query(crypto.randomUUID())).toEqual({ status: 'not_found' });
  });

  it.each([
    ['a 500', () => ({ kind: 'status', status: 500 }) as const],
    ['no answer', () => ({ kind: 'hang' }) as const],
    ['a 401', () => ({ kind: 'status', status: 401, body: { status: false, message: 'Invalid key' } }) as const],
    [
      'an unknown status',
      (reference: string) =>
        ({ kind: 'status', status: 200, body: { status: true, data: { reference, status: 'odd' } } }) as const,
    ],
    [
      'an answer about another reference',
      () =>
        ({
          kind: 'status',
          status: 200,
          body: { status: true, data: { reference: 'other', status: 'success' } },
        }) as const,
    ],
  ])('reads %s as unknown', async (_name, fault) => {
    const payoutId = crypto.randomUUID();
    rig.server.inject(fault(payoutId), { path: PAYSTACK_PATHS.verifyTransfer });
    expect((await query(payoutId)).status).toBe('unknown');
  });

  it('a transfer that completes inside POST /transfer is accepted and announced once', async () => {
    await restart({ completeTransfersAtOnce: true });
    const { request, transferCode } = await sendAccepted();
    expect(await query(request.payoutId)).toEqual({ status: 'completed', providerTransactionId: transferCode });
    await vi.waitFor(() => expect(rig.received).toHaveLength(1));
    expect(rig.received.map((r) => r.event.event)).toEqual(['transfer.success']);
    expect(rig.paystack.readNotification(rig.received[0]!.rawBody)).toEqual({
      about: 'payout',
      payoutId: request.payoutId,
      status: { status: 'completed', providerTransactionId: transferCode },
    });
  });
});
