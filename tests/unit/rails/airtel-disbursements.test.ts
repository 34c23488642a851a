import { describe, expect, it } from 'vitest';
import { createAirtel } from '../../../lib/rails/providers/airtel';
import type { AirtelServer } from '../../support/providers/airtel';
import { adapterFor, airtelServers, payoutRequest } from '../../support/providers/airtel/adapter';

/** Airtel Money disbursements against the contract server, in UGX and KES: a payout id can never pay twice. */

const startServer = airtelServers();
const DISBURSE = /^\/standard\/v2\/disbursements\/$/;
const posts = (server: AirtelServer) => server.requests.filter((r) => r.method === 'POST' && DISBURSE.test(r.path));

describe.each([
  { country: 'UG', currency: 'UGX', amount: 20_000n, wire: 20000 },
  { country: 'KE', currency: 'KES', amount: 20_000n, wire: 200 },
])('Airtel Money transfer in $currency', ({ country, currency, amount, wire }) => {
  it('sends the v2 body with the encrypted PIN and our payout id, and completes with Airtel’s id', async () => {
    const server = await startServer({ country });
    const { disbursements } = adapterFor(server);
    const request = payoutRequest(server, { amount });

    expect(await disbursements.sendPayout(request)).toEqual({
      kind: 'accepted',
      providerReference: request.payoutId,
      alreadySubmitted: false,
    });
    const [post] = posts(server);
    expect(post?.headers).toMatchObject({ 'x-country': country, 'x-currency': currency });
    expect(post?.json).toEqual({
      payee: { currency, msisdn: '750160185' },
      reference: 'Payouttomerchant',
      pin: server.adapterSettings.encryptedPin,
      transaction: { amount: wire, id: request.payoutId, type: 'B2C' },
    });

    const status = await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: request.payoutId });
    const airtelMoneyId = server.transaction(request.payoutId)?.airtelMoneyId;
    expect(status).toEqual({ status: 'completed', providerTransactionId: airtelMoneyId });
    expect(server.requests.at(-1)?.path).toBe(`/standard/v2/disbursements/${request.payoutId}`);
    expect(server.requests.at(-1)?.query.get('transactionType')).toBe('B2C');
  });
});

describe('Airtel Money transfer outcomes', () => {
  it('in process, then completed or failed by the enquiry', async () => {
    const server = await startServer({ disbursementMode: 'pending' });
    const { disbursements } = adapterFor(server);
    const paid = payoutRequest(server);
    const failed = payoutRequest(server);
    expect(await disbursements.sendPayout(paid)).toMatchObject({ kind: 'accepted' });
    await disbursements.sendPayout(failed);
    const query = (payoutId: string) => disbursements.queryPayout({ payoutId, providerReference: null });

    expect(await query(paid.payoutId)).toEqual({ status: 'pending' });
    await server.approve(paid.payoutId, { airtelMoneyId: 'CI250506.1824.H00006' });
    expect(await query(paid.payoutId)).toEqual({ status: 'completed', providerTransactionId: 'CI250506.1824.H00006' });
    await server.decline(failed.payoutId, 'DP00900001012');
    expect(await query(failed.payoutId)).toMatchObject({ status: 'failed', code: 'recipient_not_found' });
  });

  it('not enough money in the disbursement wallet: refused at once (DP00900001007), and the enquiry agrees', async () => {
    const server = await startServer({ balance: 100 });
    const { disbursements } = adapterFor(server);
    const request = payoutRequest(server);
    expect(await disbursements.sendPayout(request)).toMatchObject({ kind: 'refused', code: 'insufficient_funds' });
    expect(await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null })).toMatchObject({
      status: 'failed',
      code: 'insufficient_funds',
    });
  });

  it.each(['DP00900001017', 'DP00900001011'] as const)(
    'sending the same payout again answers %s: already sent, ask the status; one transfer',
    async (duplicateDisbursementCode) => {
      const server = await startServer({ duplicateDisbursementCode });
      const { disbursements } = adapterFor(server);
      const request = payoutRequest(server);
      await disbursements.sendPayout(request);
      expect(await disbursements.sendPayout(request)).toEqual({
        kind: 'accepted',
        providerReference: request.payoutId,
        alreadySubmitted: true,
      });
      expect(posts(server)).toHaveLength(2);
      expect(server.transactions('disbursement')).toHaveLength(1);
    },
  );

  it('a lost answer is unknown; the resend is a duplicate and the enquiry says completed: paid once', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server, { timeoutMs: 200 });
    const request = payoutRequest(server);
    server.inject({ kind: 'hang_after' }, { path: DISBURSE });
    expect((await disbursements.sendPayout(request)).kind).toBe('unknown');
    expect(await disbursements.sendPayout(request)).toMatchObject({ kind: 'accepted', alreadySubmitted: true });
    expect((await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null })).status).toBe(
      'completed',
    );
    expect(server.transactions('disbursement')).toHaveLength(1);
  });

  it('no answer, then an enquiry for an id Airtel never received: unknown, then not_found', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server, { timeoutMs: 200 });
    const request = payoutRequest(server);
    server.inject({ kind: 'hang' }, { path: DISBURSE });
    expect((await disbursements.sendPayout(request)).kind).toBe('unknown');
    expect(await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null })).toEqual({
      status: 'not_found',
    });
  });

  it('TA, DP00900001014 (timed out) and an undocumented code are never guessed', async () => {
    const server = await startServer({ disbursementMode: 'pending' });
    const { disbursements } = adapterFor(server);
    const request = payoutRequest(server);
    await disbursements.sendPayout(request);
    const query = () => disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null });
    server.setStatus(request.payoutId, 'TA', 'DP00900001014');
    expect((await query()).status).toBe('unknown');
    server.setStatus(request.payoutId, 'TF', 'DP00999999999');
    expect(await query()).toMatchObject({ status: 'failed', code: 'provider_error' });

    server.inject({
      kind: 'status',
      status: 200,
      body: { status: { response_code: 'DP00900001014', success: false } },
    });
    expect((await disbursements.sendPayout(payoutRequest(server))).kind).toBe('unknown');
  });
});

describe('Airtel Money transfer refusals', () => {
  it('a PIN not encrypted with Airtel’s key is refused by Airtel (DP00900001013), nothing paid', async () => {
    const server = await startServer();
    const wrongPin = server.encryptPin('9999');
    const { disbursements } = adapterFor(server, { encryptedPin: wrongPin });
    const result = await disbursements.sendPayout(payoutRequest(server));
    expect(result).toMatchObject({
      kind: 'refused',
      code: 'declined',
      message: expect.stringContaining('Pin') as string,
    });
    expect(server.transactions('disbursement')).toHaveLength(0);
  });

  it('without a PIN the adapter makes no payouts', () => {
    const settings = { country: 'UG' as const, currency: 'UGX', clientId: 'id', clientSecret: 's', timeoutMs: 1000 };
    expect(createAirtel(settings).disbursements).toBeNull();
  });

  it.each([
    [
      'another network',
      { target: { type: 'mobile_money', phone: '+256750160185', network: 'mtn_momo' } },
      'UNSUPPORTED_TARGET',
    ],
    [
      'a bank account',
      { target: { type: 'bank_transfer', accountNumber: '1', bankCode: '2', accountName: 'A' } },
      'UNSUPPORTED_TARGET',
    ],
    [
      'another country’s number',
      { target: { type: 'mobile_money', phone: '+260977000000', network: 'airtel_money' } },
      'UNSUPPORTED_TARGET',
    ],
    ['another currency', { currency: 'KES' }, 'UNSUPPORTED_CURRENCY'],
    ['a negative amount', { amount: -5n }, 'INVALID_AMOUNT'],
  ] as const)('refuses %s before any call', async (_, overrides, code) => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    expect(await disbursements.sendPayout(payoutRequest(server, overrides))).toMatchObject({ kind: 'refused', code });
    expect(server.requests).toHaveLength(0);
  });

  it('ZMW takes ngwee (0.01) on the wire; UGX has no minor unit', async () => {
    const server = await startServer({ country: 'ZM' });
    const { disbursements } = adapterFor(server);
    const request = payoutRequest(server, { amount: 12_550n });
    expect(await disbursements.sendPayout(request)).toMatchObject({ kind: 'accepted' });
    expect(posts(server)[0]?.json).toMatchObject({ transaction: { amount: 125.5 } });
  });

  it('reads the payout callback as a hint only', async () => {
    const server = await startServer({
      callbackUrl: 'https://m.example.com/cb',
      disbursementMode: 'pending',
      deliver: () => {},
    });
    const { disbursements } = adapterFor(server);
    const request = payoutRequest(server);
    await disbursements.sendPayout(request);
    const delivery = await server.approve(request.payoutId);
    expect(disbursements.readCallback(delivery!.body)).toEqual({
      payoutId: request.payoutId,
      hint: { status: 'unknown', detail: 'Airtel Money callback says TS; ask the enquiry' },
    });
  });
});
