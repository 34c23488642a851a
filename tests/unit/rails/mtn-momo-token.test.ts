import { describe, expect, it } from 'vitest';
import { createMtnMomo, mtnMomoCollections } from '../../../lib/rails/providers/mtn-momo';
import type { MtnMomoServer } from '../../support/providers/mtn-momo';
import { adapterFor, collectionRequest, mtnMomoServers, payoutRequest } from '../../support/providers/mtn-momo/adapter';

/** MTN MoMo access tokens: one per product, cached until shortly before expiry, renewed once on a 401. */

const startServer = mtnMomoServers();
const TOKEN = /^\/(collection|disbursement)\/token\/$/;
const REQUEST_TO_PAY = /^\/collection\/v1_0\/requesttopay$/;
const trail = (server: MtnMomoServer) =>
  server.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}$/, ':id')}`);

describe('MTN MoMo tokens', () => {
  it('asks /collection/token/ with Basic auth and the subscription key, no body, then reuses the token', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const { apiUser, apiKey, subscriptionKey } = server.adapterSettings.collection;

    for (let i = 0; i < 3; i++) await collections.requestPayment(collectionRequest());
    const { attemptId } = collectionRequest();
    await collections.queryPayment({ attemptId, providerReference: attemptId });

    expect(server.tokensIssued('collection')).toBe(1);
    const [tokenRequest] = server.requests.filter((r) => TOKEN.test(r.path));
    expect(tokenRequest?.headers).toMatchObject({
      authorization: `Basic ${Buffer.from(`${apiUser}:${apiKey}`).toString('base64')}`,
      'ocp-apim-subscription-key': subscriptionKey,
      'content-length': '0',
    });
    expect(tokenRequest?.raw).toBe('');
    const bearers = new Set(server.requests.filter((r) => !TOKEN.test(r.path)).map((r) => r.headers.authorization));
    expect(bearers.size).toBe(1);
  });

  it('calls made at the same moment share one token request', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const results = await Promise.all(Array.from({ length: 5 }, () => collections.requestPayment(collectionRequest())));
    expect(results.map((r) => r.kind)).toEqual(Array(5).fill('accepted'));
    expect(server.tokensIssued()).toBe(1);
  });

  it('keeps one token per product: Collection’s token is never sent to Disbursement', async () => {
    const server = await startServer();
    const { collections, disbursements } = adapterFor(server);
    await collections.requestPayment(collectionRequest());
    expect(await disbursements.sendPayout(payoutRequest())).toMatchObject({ kind: 'accepted' });

    expect(server.tokensIssued('collection')).toBe(1);
    expect(server.tokensIssued('disbursement')).toBe(1);
    const [collection, disbursement] = ['/collection/v1_0/requesttopay', '/disbursement/v1_0/transfer'].map(
      (path) => server.requests.find((r) => r.path === path)?.headers.authorization,
    );
    expect(collection).not.toBe(disbursement);
  });

  it('renews the token five sixths into its life (50 of 60 minutes), before MTN refuses it', async () => {
    const server = await startServer();
    let now = Date.parse('2026-11-24T10:00:00Z');
    const { collections } = adapterFor(server, { clock: () => now });

    await collections.requestPayment(collectionRequest());
    now += 49 * 60_000;
    await collections.requestPayment(collectionRequest());
    expect(server.tokensIssued()).toBe(1);
    now += 2 * 60_000;
    await collections.requestPayment(collectionRequest());
    expect(server.tokensIssued()).toBe(2);
    expect(trail(server)).toEqual([
      'POST /collection/token/',
      'POST /collection/v1_0/requesttopay',
      'POST /collection/v1_0/requesttopay',
      'POST /collection/token/',
      'POST /collection/v1_0/requesttopay',
    ]);
  });

  it('a token that dies mid-flight: the 401 brings a new token and the same call once more', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const first = collectionRequest();
    const second = collectionRequest();
    await collections.requestPayment(first);

    server.expireTokens();
    expect(await collections.requestPayment(second)).toMatchObject({ kind: 'accepted', alreadySubmitted: false });
    server.expireTokens();
    expect(await collections.queryPayment({ attemptId: first.attemptId, providerReference: first.attemptId })).toEqual({
      status: 'pending',
    });

    expect(trail(server)).toEqual([
      'POST /collection/token/',
      'POST /collection/v1_0/requesttopay',
      'POST /collection/v1_0/requesttopay',
      'POST /collection/token/',
      'POST /collection/v1_0/requesttopay',
      'GET /collection/v1_0/requesttopay/:id',
      'POST /collection/token/',
      'GET /collection/v1_0/requesttopay/:id',
    ]);
    const retried = server.requests.filter((r) => REQUEST_TO_PAY.test(r.path)).slice(1);
    expect(retried.map((r) => r.headers['x-reference-id'])).toEqual([second.attemptId, second.attemptId]);
    expect(server.transactions('collection')).toHaveLength(2);
  });

  it('retries a 401 only once: a second 401 is refused (nothing was executed), a query unknown', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const unauthorized = { kind: 'status', status: 401, body: { statusCode: 401 } } as const;
    server.inject(unauthorized, { path: REQUEST_TO_PAY, times: 2 });

    expect(await collections.requestPayment(collectionRequest())).toMatchObject({
      kind: 'refused',
      code: 'UNAUTHORIZED',
    });
    expect(server.requests.filter((r) => REQUEST_TO_PAY.test(r.path))).toHaveLength(2);
    expect(server.tokensIssued()).toBe(2);

    server.inject(unauthorized, { path: /requesttopay\/.+/, times: 2 });
    const { attemptId } = collectionRequest();
    expect((await collections.queryPayment({ attemptId, providerReference: attemptId })).status).toBe('unknown');
  });

  it('wrong credentials: refused before anything is sent, and no secret in the answer', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, {
      collection: { ...server.adapterSettings.collection, apiKey: 'f'.repeat(32) },
    });
    const result = await collections.requestPayment(collectionRequest());

    expect(result).toEqual({
      kind: 'refused',
      code: 'MTN_TOKEN_REFUSED',
      message: 'MTN collection token: HTTP 401 login_failed (the request was not sent)',
      failure: 'provider_error',
    });
    expect(trail(server)).toEqual(['POST /collection/token/']);
    const { attemptId } = collectionRequest();
    expect((await collections.queryPayment({ attemptId, providerReference: attemptId })).status).toBe('unknown');
  });

  it('a wrong subscription key is refused by the gateway (401) before any token', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, {
      collection: { ...server.adapterSettings.collection, subscriptionKey: 'e'.repeat(32) },
    });
    expect(await collections.requestPayment(collectionRequest())).toMatchObject({
      kind: 'refused',
      code: 'MTN_TOKEN_REFUSED',
    });
    expect(server.tokensIssued()).toBe(0);
  });

  it('a token endpoint that fails or does not answer: the call was not sent; the next call tries again', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { timeoutMs: 200 });
    server.inject({ kind: 'status', status: 503 }, { path: TOKEN });
    server.inject({ kind: 'hang' }, { path: TOKEN });

    for (let i = 0; i < 2; i++) {
      expect(await collections.requestPayment(collectionRequest())).toMatchObject({
        kind: 'refused',
        code: 'MTN_TOKEN_UNAVAILABLE',
      });
    }
    expect(server.requests.filter((r) => REQUEST_TO_PAY.test(r.path))).toHaveLength(0);
    expect(await collections.requestPayment(collectionRequest())).toMatchObject({ kind: 'accepted' });
  });

  it('settings are checked at start; the error names the field, never its value', () => {
    const credentials = { subscriptionKey: 'sub-key-value', apiUser: 'user-value', apiKey: '' };
    expect(() => mtnMomoCollections({ targetEnvironment: 'sandbox', timeoutMs: 1000, credentials })).toThrow(
      'MTN MoMo collection settings: apiKey is missing or invalid',
    );
    const good = { subscriptionKey: 'k', apiUser: 'u', apiKey: 'secret-value' };
    const settings = { targetEnvironment: 'sandbox', collection: good, disbursement: good };
    expect(() => createMtnMomo({ ...settings, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createMtnMomo({ ...settings, timeoutMs: 1000, baseUrl: 'ftp://x' })).toThrow(/baseUrl/);
    expect(() => createMtnMomo({ ...settings, timeoutMs: 1000, baseUrl: 'ftp://x' })).not.toThrow(/secret-value/);
  });
});
