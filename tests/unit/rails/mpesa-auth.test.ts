import { afterEach, describe, expect, it } from 'vitest';
import { createMpesa, type MpesaSettings } from '../../../lib/rails/providers/mpesa';
import { startMpesa, type MpesaServer, type MpesaServerOptions } from '../../support/providers/mpesa';

/** Daraja's OAuth token: fetched once, kept until shortly before it expires, replaced once when refused. */
const TOKEN = '/oauth/v1/generate';
const PUSH = '/mpesa/stkpush/v1/processrequest';

let server: MpesaServer;
afterEach(() => server.close());

async function setUp(options: MpesaServerOptions = {}, settings: Partial<MpesaSettings> = {}) {
  server = await startMpesa({ deliver: () => {}, ...options });
  return createMpesa(server.adapterSettings({ timeoutMs: 300, ...settings })).collections!;
}

const payment = (phone: string) => ({
  attemptId: '0d4f1c2a-7a51-4d0e-8f7b-1c2d3e4f5a6b',
  amount: 10_000n,
  currency: 'KES' as const,
  reference: 'PAY-AAAABBBBCCCCDDDD',
  description: 'Test',
  callbackUrl: 'https://service.example/rails/cb/aa11',
  phone,
});

const paths = () => server.requests.map((r) => `${r.path} ${r.method}`);

describe('the OAuth token', () => {
  it('is asked with Basic auth and kept for later calls', async () => {
    const mpesa = await setUp();
    expect((await mpesa.requestPayment(payment('+254712000001'))).kind).toBe('accepted');
    expect((await mpesa.requestPayment(payment('+254712000002'))).kind).toBe('accepted');
    const [tokenRequest] = server.requestsTo(TOKEN);
    expect(tokenRequest!.query.get('grant_type')).toBe('client_credentials');
    expect(tokenRequest!.headers.authorization).toBe(
      `Basic ${Buffer.from('test-consumer-key:test-consumer-secret').toString('base64')}`,
    );
    expect(server.tokensIssued()).toBe(1);
    expect(paths()).toEqual([`${TOKEN} GET`, `${PUSH} POST`, `${PUSH} POST`]);
  });

  it('is fetched once for concurrent calls (a new token invalidates the previous one)', async () => {
    const mpesa = await setUp();
    const results = await Promise.all(
      ['+254712000001', '+254712000002', '+254712000003'].map((phone) => mpesa.requestPayment(payment(phone))),
    );
    expect(results.map((r) => r.kind)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(server.tokensIssued()).toBe(1);
    expect(server.requestsTo(PUSH)).toHaveLength(3);
  });

  it('is replaced shortly before expires_in runs out (a number or a string)', async () => {
    let clock = Date.now();
    const mpesa = await setUp({ expiresIn: 3599 }, { now: () => new Date(clock) });
    await mpesa.requestPayment(payment('+254712000001'));
    clock += 3500_000;
    await mpesa.requestPayment(payment('+254712000002'));
    expect(server.tokensIssued()).toBe(1);
    clock += 40_000; // 3540 s: inside the last minute
    await mpesa.requestPayment(payment('+254712000003'));
    expect(server.tokensIssued()).toBe(2);
    expect(server.requestsTo(PUSH).map((r) => r.headers.authorization)).toHaveLength(3);
  });

  it('is fetched again after Daraja refuses it mid-flight, and the call is retried once', async () => {
    const mpesa = await setUp();
    await mpesa.requestPayment(payment('+254712000001'));
    server.expireTokens();
    const result = await mpesa.requestPayment(payment('+254712000002'));
    expect(result.kind).toBe('accepted');
    expect(paths()).toEqual([`${TOKEN} GET`, `${PUSH} POST`, `${PUSH} POST`, `${TOKEN} GET`, `${PUSH} POST`]);
    const pushes = server.requestsTo(PUSH);
    expect(pushes[2]!.headers.authorization).not.toBe(pushes[1]!.headers.authorization);
    // The refused call never reached M-Pesa: two prompts in all, not three.
    expect(server.stkPushes()).toHaveLength(2);
  });

  it('refreshes the token for a query too', async () => {
    const mpesa = await setUp();
    const pushed = await mpesa.requestPayment(payment('+254712000001'));
    if (pushed.kind !== 'accepted') throw new Error('not accepted');
    server.expireTokens();
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: pushed.providerReference })).toEqual({
      status: 'pending',
    });
    expect(server.tokensIssued()).toBe(2);
  });

  it('retries only once: a second refusal is refused, with nothing started', async () => {
    const mpesa = await setUp();
    const invalid = { requestId: 'r', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };
    server.inject({ kind: 'status', status: 404, body: invalid }, { path: /stkpush\/v1/, times: 2 });
    expect(await mpesa.requestPayment(payment('+254712000001'))).toEqual({
      kind: 'refused',
      code: 'auth_refused',
      message: 'Daraja refused a fresh access token: 404.001.03 Invalid Access Token',
    });
    expect(server.requestsTo(PUSH)).toHaveLength(2);
    expect(server.tokensIssued()).toBe(2);
  });

  it('refuses without sending when Daraja refuses the consumer key and secret, and hides the secret', async () => {
    const mpesa = await setUp({}, { consumerSecret: 'wrong-secret' });
    const result = await mpesa.requestPayment(payment('+254712000001'));
    expect(result).toEqual({
      kind: 'refused',
      code: 'auth_refused',
      message: 'token request answered HTTP 400 400.008.01 Invalid Authentication passed',
    });
    expect(JSON.stringify(result)).not.toContain('wrong-secret');
    expect(server.requestsTo(PUSH)).toHaveLength(0);
  });

  it('refuses without sending when no token can be had (5xx, no answer); a query is unknown', async () => {
    const mpesa = await setUp();
    server.inject({ kind: 'status', status: 503 }, { path: /oauth/ });
    expect(await mpesa.requestPayment(payment('+254712000001'))).toMatchObject({
      kind: 'refused',
      code: 'auth_unavailable',
    });
    server.inject({ kind: 'hang' }, { path: /oauth/ });
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: 'ws_CO_1' })).toEqual({
      status: 'unknown',
      detail: 'no token: no answer in 300 ms',
    });
    expect(server.requestsTo(PUSH)).toHaveLength(0);
  });
});

describe('settings', () => {
  it('refuses settings that could never work, naming no secret', () => {
    const base = {
      consumerKey: 'k',
      consumerSecret: 'very-secret',
      stk: { shortCode: '174379', passkey: 'p', transactionType: 'CustomerPayBillOnline' as const },
    };
    expect(() => createMpesa({ ...base, stk: { ...base.stk!, shortCode: '17A' } })).toThrow(
      'M-Pesa settings: stk.shortCode must be 5 to 9 digits',
    );
    expect(() => createMpesa({ ...base, consumerSecret: '' })).toThrow('consumer key and secret are required');
    expect(createMpesa(base).payouts).toBeNull();
  });
});
