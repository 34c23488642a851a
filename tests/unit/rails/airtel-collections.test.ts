import { describe, expect, it } from 'vitest';
import { createAirtel } from '../../../lib/rails/providers/airtel';
import type { AirtelServer } from '../../support/providers/airtel';
import { adapterFor, airtelServers, collectionRequest } from '../../support/providers/airtel/adapter';

/** Airtel Money collections (USSD push, enquiry, callback, token) against the contract server, in UGX and KES. */

const startServer = airtelServers();
const PAYMENTS = /^\/merchant\/v1\/payments\/$/;
const trail = (server: AirtelServer) =>
  server.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}$/, ':id')}`);

describe.each([
  { country: 'UG', currency: 'UGX', amount: 5_000n, wire: 5000 },
  // KES counts cents; Airtel takes whole shillings (inferred): 50.00 KES is 50 on the wire.
  { country: 'KE', currency: 'KES', amount: 5_000n, wire: 50 },
])('Airtel Money collection in $currency', ({ country, currency, amount, wire }) => {
  it('sends the push with the documented headers and body, and reads TS with the amount asked', async () => {
    const server = await startServer({ country });
    const { collections } = adapterFor(server);
    const request = collectionRequest(server, { amount });

    expect(await collections.requestPayment(request)).toEqual({
      kind: 'accepted',
      providerReference: request.attemptId,
      alreadySubmitted: false,
    });
    const post = server.requests.find((r) => PAYMENTS.test(r.path))!;
    expect(post.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /) as string,
      'x-country': country,
      'x-currency': currency,
    });
    expect(post.json).toEqual({
      reference: 'PAY7K2M9Q',
      subscriber: { country, currency, msisdn: '700123123' },
      transaction: { amount: wire, country, currency, id: request.attemptId },
    });

    const query = () => collections.queryPayment({ ...request, providerReference: request.attemptId, amount });
    expect(await query()).toEqual({ status: 'pending' });
    await server.approve(request.attemptId, { airtelMoneyId: 'MP210603.1234.L06941' });
    expect(await query()).toEqual({
      status: 'succeeded',
      providerTransactionId: 'MP210603.1234.L06941',
      amount,
      currency,
    });
    expect(server.requests.at(-1)?.path).toBe(`/standard/v1/payments/${request.attemptId}`);
  });

  it('TS without the amount asked, or without airtel_money_id, is unknown: never a guessed amount', async () => {
    const server = await startServer({ country });
    const { collections } = adapterFor(server);
    const request = collectionRequest(server, { amount });
    await collections.requestPayment(request);
    await server.approve(request.attemptId);
    const asked = { attemptId: request.attemptId, providerReference: request.attemptId };
    expect((await collections.queryPayment(asked)).status).toBe('unknown');

    const other = collectionRequest(server, { amount });
    await collections.requestPayment(other);
    server.setStatus(other.attemptId, 'TS', 'DP00800001001');
    const status = await collections.queryPayment({ ...other, providerReference: other.attemptId, amount });
    expect(status).toMatchObject({ status: 'unknown', detail: expect.stringContaining('airtel_money_id') as string });
  });
});

describe('Airtel Money prompt refusals', () => {
  it.each([
    ['a number of another country', { phone: '+254733123456' }, 'INVALID_PHONE'],
    ['a number too short', { phone: '+25670012312' }, 'INVALID_PHONE'],
    ['another currency', { currency: 'KES' }, 'UNSUPPORTED_CURRENCY'],
    ['a zero amount', { amount: 0n }, 'INVALID_AMOUNT'],
  ])('refuses %s before any call', async (_, overrides, code) => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    expect(await collections.requestPayment(collectionRequest(server, overrides))).toMatchObject({
      kind: 'refused',
      code,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses KES cents Airtel cannot carry (50.50 KES)', async () => {
    const server = await startServer({ country: 'KE' });
    const { collections } = adapterFor(server);
    const result = await collections.requestPayment(collectionRequest(server, { amount: 5_050n }));
    expect(result).toMatchObject({ kind: 'refused', code: 'INVALID_AMOUNT' });
  });

  it('an amount under Airtel’s minimum is refused by Airtel (DP00800001004), nothing started', async () => {
    const server = await startServer({ minimumAmount: 500 });
    const { collections } = adapterFor(server);
    const result = await collections.requestPayment(collectionRequest(server, { amount: 100n }));
    expect(result).toMatchObject({ kind: 'refused', code: 'DP00800001004' });
    expect(server.transactions()).toHaveLength(0);
  });

  it('an application not enabled for the country is refused by the router (ROUTER007)', async () => {
    const server = await startServer({ country: 'KE' });
    // The adapter for UG, with the KE application's keys.
    const { collections } = adapterFor(server, { country: 'UG', currency: 'UGX' });
    const result = await collections.requestPayment(
      collectionRequest(server, { currency: 'UGX', phone: '+256700123123' }),
    );
    expect(result).toMatchObject({ kind: 'refused', code: 'ROUTER007' });
  });

  it('a retried prompt with the same attempt id is ESB000041: already sent, never a second prompt', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest(server);
    await collections.requestPayment(request);
    expect(await collections.requestPayment(request)).toEqual({
      kind: 'accepted',
      providerReference: request.attemptId,
      alreadySubmitted: true,
    });
    expect(server.transactions('collection')).toHaveLength(1);
  });

  it('no answer, a lost answer, a 5xx: unknown; the enquiry then says whether the push arrived', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { timeoutMs: 200 });
    const lost = collectionRequest(server);
    const never = collectionRequest(server);
    server.inject({ kind: 'hang_after' }, { path: PAYMENTS });
    server.inject({ kind: 'hang' }, { path: PAYMENTS });
    server.inject({ kind: 'status', status: 502, body: { message: 'Bad Gateway' } }, { path: PAYMENTS });

    expect((await collections.requestPayment(lost)).kind).toBe('unknown');
    expect((await collections.requestPayment(never)).kind).toBe('unknown');
    expect((await collections.requestPayment(collectionRequest(server))).kind).toBe('unknown');

    expect(await collections.queryPayment({ ...lost, providerReference: lost.attemptId })).toEqual({
      status: 'pending',
    });
    expect(await collections.queryPayment({ ...never, providerReference: never.attemptId })).toEqual({
      status: 'not_found',
    });
  });
});

describe('Airtel Money enquiry', () => {
  it.each([
    ['DP00800001007', 'insufficient_funds'],
    ['DP00800001002', 'declined'],
    ['DP00800001008', 'declined'],
    ['DP00800001024', 'timeout'],
    ['DP00800001029', 'expired'],
    ['DP00800001003', 'limit_exceeded'],
    ['DP00899999999', 'provider_error'],
  ])('TF with %s is failed: %s', async (code, failure) => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest(server);
    await collections.requestPayment(request);
    await server.decline(request.attemptId, code);
    const status = await collections.queryPayment({ ...request, providerReference: request.attemptId });
    expect(status).toMatchObject({ status: 'failed', failure, message: expect.stringContaining(code) as string });
  });

  it('TA (ambiguous) and an undocumented status are unknown; a 5xx or a router refusal too', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest(server);
    await collections.requestPayment(request);
    const query = () => collections.queryPayment({ ...request, providerReference: request.attemptId, amount: 5_000n });
    server.setStatus(request.attemptId, 'TA', 'DP00800001000');
    expect((await query()).status).toBe('unknown');
    server.setStatus(request.attemptId, 'TX', 'DP00800001006');
    expect((await query()).status).toBe('unknown');
    server.inject({ kind: 'status', status: 500 }, { path: /payments\/.+/ });
    expect((await query()).status).toBe('unknown');
  });
});

describe('Airtel Money token', () => {
  it('one token for many calls, taken with the client credentials as JSON, renewed at 150 of 180 s', async () => {
    const server = await startServer();
    let now = Date.parse('2026-11-24T10:00:00Z');
    const { collections } = adapterFor(server, { clock: () => now });
    const { clientId, clientSecret } = server.adapterSettings;

    await Promise.all([0, 1, 2].map(() => collections.requestPayment(collectionRequest(server))));
    expect(server.tokensIssued()).toBe(1);
    expect(server.requests[0]?.json).toEqual({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: 'client_credentials',
    });
    now += 149_000;
    await collections.requestPayment(collectionRequest(server));
    expect(server.tokensIssued()).toBe(1);
    now += 2_000;
    await collections.requestPayment(collectionRequest(server));
    expect(server.tokensIssued()).toBe(2);
  });

  it.each([401, 403] as const)(
    'a token that died early (%s): a new token and the same call once more',
    async (status) => {
      const server = await startServer({ deadTokenStatus: status, expiresInForm: 'number' });
      const { collections } = adapterFor(server);
      await collections.requestPayment(collectionRequest(server));
      server.expireTokens();
      const request = collectionRequest(server);
      expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted', alreadySubmitted: false });
      expect(trail(server)).toEqual([
        'POST /auth/oauth2/token',
        'POST /merchant/v1/payments/',
        'POST /merchant/v1/payments/',
        'POST /auth/oauth2/token',
        'POST /merchant/v1/payments/',
      ]);
      expect(server.transactions('collection')).toHaveLength(2);
    },
  );

  it('wrong keys: refused before anything is sent, no secret in the answer; a query is unknown', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { clientSecret: 'wrong-secret-value' });
    const result = await collections.requestPayment(collectionRequest(server));
    expect(result).toEqual({
      kind: 'refused',
      code: 'AIRTEL_TOKEN_REFUSED',
      message: 'Airtel Money token: HTTP 401 invalid_client (the request was not sent)',
    });
    expect(JSON.stringify(result)).not.toContain('wrong-secret-value');
    const { attemptId } = collectionRequest(server);
    expect((await collections.queryPayment({ attemptId, providerReference: attemptId })).status).toBe('unknown');
  });

  it('settings are checked at start; the error names the field, never its value', () => {
    const good = {
      country: 'UG' as const,
      currency: 'UGX',
      clientId: 'id',
      clientSecret: 'secret-value',
      timeoutMs: 1000,
    };
    expect(() => createAirtel({ ...good, currency: 'KES' })).toThrow(/currency/);
    expect(() => createAirtel({ ...good, clientId: ' ' })).toThrow(/clientId/);
    expect(() => createAirtel({ ...good, encryptedPin: 'not base64!' })).toThrow(/encryptedPin/);
    expect(() => createAirtel({ ...good, timeoutMs: 0 })).not.toThrow(/secret-value/);
    expect(createAirtel(good).disbursements).toBeNull();
  });
});

describe('Airtel Money callback', () => {
  it('reads the callback as a hint: TF failed, TS still to be asked; the id is our attempt id', async () => {
    const server = await startServer({ callbackUrl: 'https://merchant.example.com/airtel', deliver: () => {} });
    const { collections } = adapterFor(server);
    const paid = collectionRequest(server);
    const refused = collectionRequest(server);
    await collections.requestPayment(paid);
    await collections.requestPayment(refused);
    const [ok, ko] = [await server.approve(paid.attemptId), await server.decline(refused.attemptId, 'DP00800001007')];

    expect(collections.readCallback(ok!.body)).toMatchObject({
      providerReference: paid.attemptId,
      hint: { status: 'unknown' },
    });
    expect(collections.readCallback(JSON.stringify(ko!.body))).toMatchObject({
      providerReference: refused.attemptId,
      hint: { status: 'failed' },
    });
    expect(collections.readCallback({ hello: 'world' })).toBeNull();
  });

  it.each(['payload', 'transaction'] as const)(
    'with callback authentication: a hash over the %s is read, a forged or missing one is not',
    async (hashOver) => {
      const callbackKey = 'zITVAAGYSlzl1WkUQJn81kbpT5drH3koffT8jCkcJJA=';
      const server = await startServer({
        callbackUrl: 'https://m.example.com/cb',
        callbackKey,
        hashOver,
        deliver: () => {},
      });
      const { collections } = adapterFor(server);
      const request = collectionRequest(server);
      await collections.requestPayment(request);
      const delivery = await server.approve(request.attemptId);
      const body = delivery!.body;
      expect(body.hash).toMatch(/=$/);

      expect(collections.readCallback(body)?.providerReference).toBe(request.attemptId);
      const forged = { ...body, transaction: { ...body.transaction, status_code: 'TF' } };
      expect(collections.readCallback(forged)).toBeNull();
      expect(collections.readCallback({ transaction: body.transaction })).toBeNull();
    },
  );
});
