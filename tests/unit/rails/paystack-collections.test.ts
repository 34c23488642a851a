import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaystack } from '../../../lib/rails/providers/paystack';
import { PAYSTACK_PATHS } from '../../support/providers/paystack';
import {
  sentBody,
  startRig,
  TEST_TIMEOUT_MS,
  transferAccountRequest,
  type PaystackRig,
  expectPublishedContractKept,
} from '../../support/providers/paystack/fixtures';

/**
 * Pay with Transfer against the Paystack contract server: a temporary account per payment
 * (POST /charge) and its status (GET /transaction/verify/:reference). Mapping tables:
 * lib/rails/providers/paystack/collections.ts.
 */
let rig: PaystackRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.server.close();
  expectPublishedContractKept(rig.server);
});

async function openAccount(overrides: Parameters<typeof transferAccountRequest>[0] = {}) {
  const request = transferAccountRequest(overrides);
  const result = await rig.paystack.openTransferAccount(request);
  if (result.kind !== 'accepted') throw new Error(`expected accepted, got ${JSON.stringify(result)}`);
  return { request, result };
}

describe('openTransferAccount', () => {
  it('sends the documented PwT charge and reads the account, its bank and its deadline from the answer', async () => {
    const { request, result } = await openAccount();
    const charge = rig.server.state.charges.get(request.attemptId)!;
    expect(result.providerReference).toBe(request.attemptId);
    expect(result.account).toEqual({
      bankName: 'Test Bank',
      accountName: 'TEST-MANAGED-ACCOUNT',
      accountNumber: charge.accountNumber,
      expiresAt: request.expiresAt,
    });
    expect(result.account.accountNumber).toMatch(/^\d{10}$/);
    expect(sentBody(rig.server, '/charge')).toEqual({
      email: 'ada@example.com',
      amount: 2_500_000,
      currency: 'NGN',
      reference: request.attemptId,
      bank_transfer: { account_expires_at: request.expiresAt.toISOString() },
      metadata: { attempt_id: request.attemptId, checkout_reference: request.reference, description: 'Order 1042' },
    });
    expect(rig.server.requests[0]!.headers.authorization).toBe(`Bearer ${rig.server.secretKey}`);
    expect(charge.amount).toBe(2_500_000n);
  });

  it('never asks for an account living past 30 minutes: a later deadline is brought back to that bound', async () => {
    const before = Date.now();
    const { request, result } = await openAccount({ expiresAt: new Date(before + 2 * 3_600_000) });
    const sent = sentBody(rig.server, '/charge') as { bank_transfer: { account_expires_at: string } };
    const asked = Date.parse(sent.bank_transfer.account_expires_at);
    expect(asked).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(asked).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(result.account.expiresAt.getTime()).toBe(asked);
    expect(result.account.expiresAt.getTime()).toBeLessThan(request.expiresAt.getTime());
  });

  it('takes the deadline Paystack answers, not the one asked for (Kenya answers 15 minutes later)', async () => {
    const { request, result } = await openAccount({ currency: 'KES', amount: 100_000n });
    expect(result.account.bankName).toBe('Diamond Trust Bank Kenya Ltd');
    expect(result.account.accountName).toBe('Paystack Payments Kenya Limited');
    expect(result.account.expiresAt.getTime() - request.expiresAt.getTime()).toBe(15 * 60_000);
    expect(result.account.expiresAt).toEqual(rig.server.state.charges.get(request.attemptId)!.accountExpiresAt);
  });

  it('refuses GHS and a zero amount without calling Paystack', async () => {
    const ghs = await rig.paystack.openTransferAccount(transferAccountRequest({ currency: 'GHS' }));
    const zero = await rig.paystack.openTransferAccount(transferAccountRequest({ amount: 0n }));
    expect(ghs).toMatchObject({ kind: 'refused', code: 'unsupported_currency' });
    expect(zero).toMatchObject({ kind: 'refused', code: 'invalid_amount' });
    expect(rig.server.requests).toHaveLength(0);
  });

  it('reads a wrong key (401 "Invalid key") as refused: an unauthenticated request creates nothing', async () => {
    const wrongKey = createPaystack({ secretKey: 'sk_test_0000wrong', baseUrl: rig.server.url, timeoutMs: 1_000 });
    const result = await wrongKey.openTransferAccount(transferAccountRequest());
    expect(result).toEqual({ kind: 'refused', code: 'invalid_key', message: 'Invalid key' });
    expect(rig.server.state.charges.size).toBe(0);
  });

  it("reads Paystack's documented 400s as refused, with its code and message", async () => {
    const badEmail = await rig.paystack.openTransferAccount(transferAccountRequest({ customerEmail: 'not-an-email' }));
    expect(badEmail).toEqual({
      kind: 'refused',
      code: 'http_400',
      message: 'Email address is required for association with card',
    });
    const first = await openAccount();
    const again = await rig.paystack.openTransferAccount(first.request);
    expect(again).toEqual({ kind: 'refused', code: 'duplicate_reference', message: 'Duplicate Transaction Reference' });
    expect(rig.server.state.charges.size).toBe(1);
  });

  it('reads a currency the integration cannot take as refused', async () => {
    await rig.server.close();
    rig = await startRig({ payWithTransferCurrencies: ['NGN'] });
    const result = await rig.paystack.openTransferAccount(transferAccountRequest({ currency: 'KES' }));
    expect(result).toMatchObject({ kind: 'refused', message: 'Currency not supported by merchant' });
  });

  it.each([
    ['a 500', { kind: 'status', status: 500 } as const],
    [
      'a 503 with an error envelope',
      { kind: 'status', status: 503, body: { status: false, message: 'down' } } as const,
    ],
    ['a 429', { kind: 'status', status: 429, body: 'slow down' } as const],
    ['an answer later than the time-out', { kind: 'delay', ms: TEST_TIMEOUT_MS + 150 } as const],
    ['no answer', { kind: 'hang' } as const],
  ])('reads %s as unknown', async (_name, fault) => {
    rig.server.inject(fault, { path: PAYSTACK_PATHS.charge });
    const result = await rig.paystack.openTransferAccount(transferAccountRequest());
    expect(result.kind).toBe('unknown');
  });

  it('reads a charge made but never answered (hang_after) as unknown; verify then finds it waiting', async () => {
    rig.server.inject({ kind: 'hang_after' }, { path: PAYSTACK_PATHS.charge });
    const request = transferAccountRequest();
    const result = await rig.paystack.openTransferAccount(request);
    expect(result).toMatchObject({
      kind: 'unknown',
      detail: expect.stringContaining(`no answer in ${TEST_TIMEOUT_MS} ms`),
    });
    expect(rig.server.state.charges.has(request.attemptId)).toBe(true);
    const status = await rig.paystack.queryPayment({
      attemptId: request.attemptId,
      providerReference: request.attemptId,
    });
    expect(status).toEqual({ status: 'pending' });
  });

  it.each([
    ['no deadline', { account_expires_at: undefined }],
    ['an unreadable deadline', { account_expires_at: 'soon' }],
    ['no account number', { account_number: undefined }],
    ['another status', { status: 'send_otp' }],
    ['another amount', { amount: 1 }],
  ])('reads a 200 with %s as unknown, never as an account', async (_name, change) => {
    const body = {
      status: true,
      message: 'Charge attempted',
      data: {
        reference: 'kcvu0t3kzs',
        status: 'pending_bank_transfer',
        display_text: 'Please make a transfer to the account specified',
        account_name: 'TEST-MANAGED-ACCOUNT',
        account_number: '1260257501',
        bank: { slug: 'test-bank', name: 'Test Bank', id: 24 },
        account_expires_at: '2025-04-24T16:40:57.954Z',
        ...change,
      },
    };
    rig.server.inject({ kind: 'status', status: 200, body }, { path: PAYSTACK_PATHS.charge });
    expect((await rig.paystack.openTransferAccount(transferAccountRequest())).kind).toBe('unknown');
  });

  it('reads a 200 whose data says failed as refused', async () => {
    const body = {
      status: true,
      message: 'Charge attempted',
      data: { reference: 'x1', status: 'failed', message: 'No' },
    };
    rig.server.inject({ kind: 'status', status: 200, body }, { path: PAYSTACK_PATHS.charge });
    const result = await rig.paystack.openTransferAccount(transferAccountRequest());
    expect(result).toEqual({ kind: 'refused', code: 'charge_failed', message: 'No' });
  });
});

describe('queryPayment', () => {
  const query = (reference: string) =>
    rig.paystack.queryPayment({ attemptId: reference, providerReference: reference });

  it.each(['ongoing', 'pending', 'abandoned'] as const)(
    'reads a waiting charge (verify says %s) as pending',
    async (s) => {
      await rig.server.close();
      rig = await startRig({ pendingVerifyStatus: s });
      const { request } = await openAccount();
      expect(await query(request.attemptId)).toEqual({ status: 'pending' });
    },
  );

  it('reads a paid charge as succeeded, with the amount received in minor units and the currency', async () => {
    const { request } = await openAccount({ amount: 2_500_001n });
    await rig.server.payCharge(request.attemptId);
    const charge = rig.server.state.charges.get(request.attemptId)!;
    expect(await query(request.attemptId)).toEqual({
      status: 'succeeded',
      providerTransactionId: String(charge.id),
      amount: 2_500_001n,
      currency: 'NGN',
    });
  });

  it('keeps a charge paid with the wrong amount pending: Paystack refunds that transfer', async () => {
    const { request } = await openAccount();
    const paid = await rig.server.payCharge(request.attemptId, { amount: 2_400_000n });
    expect(paid.outcome).toBe('rejected_wrong_amount');
    expect(rig.server.state.charges.get(request.attemptId)!.refunds).toEqual([
      { amount: 2_400_000n, reason: 'incorrect_amount' },
    ]);
    expect(await query(request.attemptId)).toEqual({ status: 'pending' });
  });

  it('keeps an expired charge pending (no expiry status is documented) and a late payment never succeeds', async () => {
    const { request } = await openAccount();
    rig.server.expireCharge(request.attemptId);
    expect((await rig.server.payCharge(request.attemptId)).outcome).toBe('refunded_after_expiry');
    expect(await query(request.attemptId)).toEqual({ status: 'pending' });
    expect(rig.received).toHaveLength(0);
  });

  it('reads a failed charge as failed', async () => {
    const { request } = await openAccount();
    rig.server.failCharge(request.attemptId, 'Transfer not received');
    expect(await query(request.attemptId)).toEqual({
      status: 'failed',
      failure: 'declined',
      message: 'Transfer not received',
    });
  });

  it('reads 404 and the live "Transaction reference not found" as not_found', async () => {
    expect(await query('never-made-0001')).toEqual({ status: 'not_found' });
    const observed = { status: false, message: 'Transaction reference not found' };
    rig.server.inject({ kind: 'status', status: 400, body: observed }, { path: PAYSTACK_PATHS.verifyTransaction });
    expect(await query('never-made-0002')).toEqual({ status: 'not_found' });
  });

  it.each([
    ['a 401', { kind: 'status', status: 401, body: { status: false, message: 'Invalid key' } } as const],
    ['a 500', { kind: 'status', status: 500 } as const],
    ['no answer', { kind: 'hang' } as const],
    ['an unreadable 200', { kind: 'status', status: 200, body: 'not json' } as const],
    [
      'an answer about another reference',
      { kind: 'status', status: 200, body: { status: true, data: { reference: 'x', status: 'success' } } } as const,
    ],
    [
      'an unknown status',
      { kind: 'status', status: 200, body: { status: true, data: { reference: 'r-1', status: 'weird' } } } as const,
    ],
  ])('reads %s as unknown', async (_name, fault) => {
    rig.server.inject(fault, { path: PAYSTACK_PATHS.verifyTransaction });
    expect((await query('r-1')).status).toBe('unknown');
  });

  it('reads a success without a readable amount as unknown, never as a payment', async () => {
    const data = { reference: 'r-2', status: 'success', id: 1, currency: 'NGN', amount: 10.5 };
    rig.server.inject(
      { kind: 'status', status: 200, body: { status: true, data } },
      { path: PAYSTACK_PATHS.verifyTransaction },
    );
    expect((await query('r-2')).status).toBe('unknown');
  });
});

describe('settings', () => {
  it('refuses a malformed key without repeating it, and never puts the key in an answer', async () => {
    expect(() => createPaystack({ secretKey: 'pk_live_abc' })).toThrow(/^(?!.*pk_live_abc)/);
    rig.server.inject(
      { kind: 'status', status: 502, body: `upstream said ${rig.server.secretKey}` },
      { path: PAYSTACK_PATHS.charge },
    );
    const answers = [
      await rig.paystack.openTransferAccount(transferAccountRequest()),
      await rig.paystack.queryPayment({ attemptId: 'a', providerReference: 'missing-ref' }),
    ];
    expect(JSON.stringify(answers)).not.toContain(rig.server.secretKey);
  });
});
