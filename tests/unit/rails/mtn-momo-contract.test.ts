import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startMtnMomo, type MtnMomoServer, type MtnMomoServerOptions } from '../../support/providers/mtn-momo';
import { CALLBACK_HOST, adapterFor, collectionRequest, mtnMomoServers } from '../../support/providers/mtn-momo/adapter';

/**
 * The MTN contract server is as strict as MTN (docs/plans/provider-contracts.md section 1): what it
 * refuses, spoken to over raw HTTP, and the adapter meeting every rule.
 */

const startServer = mtnMomoServers();
const PRODUCTION: MtnMomoServerOptions = {
  mode: 'production',
  targetEnvironment: 'mtnghana',
  currency: 'GHS',
  allowedIps: ['127.0.0.1'],
};

async function token(server: MtnMomoServer, init: { body?: string; basic?: string } = {}) {
  const { apiUser, apiKey, subscriptionKey } = server.adapterSettings.collection;
  const basic = init.basic ?? Buffer.from(`${apiUser}:${apiKey}`).toString('base64');
  const res = await fetch(`${server.url}/collection/token/`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': subscriptionKey },
    body: init.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A raw request to pay; `body` and `headers` override a valid one. */
async function requestToPay(
  server: MtnMomoServer,
  overrides: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const { body: issued } = await token(server);
  const referenceId = crypto.randomUUID();
  const res = await fetch(`${server.url}/collection/v1_0/requesttopay`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${String(issued.access_token)}`,
      'ocp-apim-subscription-key': server.adapterSettings.collection.subscriptionKey,
      'x-target-environment': server.adapterSettings.targetEnvironment,
      'x-reference-id': referenceId,
      'x-callback-url': `https://${CALLBACK_HOST}/mtn/1`,
      'content-type': 'application/json',
      ...overrides.headers,
    },
    body: JSON.stringify({
      amount: '10',
      currency: 'EUR',
      externalId: referenceId,
      payer: { partyIdType: 'MSISDN', partyId: '46733123999' },
      payerMessage: 'Order 1042',
      payeeNote: 'PAY-7K2M9Q',
      ...overrides.body,
    }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, referenceId };
}

describe('the API user’s registered callback host', () => {
  it('an X-Callback-Url on another host is a 500 INVALID_CALLBACK_URL_HOST; the registered host, any port, is taken', async () => {
    const server = await startServer();
    const other = await requestToPay(server, { headers: { 'x-callback-url': 'https://elsewhere.example.org/mtn' } });
    expect(other).toMatchObject({ status: 500, body: { code: 'INVALID_CALLBACK_URL_HOST' } });
    expect(server.transaction(other.referenceId)).toBeUndefined();
    const samePortless = await requestToPay(server, {
      headers: { 'x-callback-url': `https://${CALLBACK_HOST}:8443/x` },
    });
    expect(samePortless.status).toBe(202);
  });

  it('by default the registered host is 127.0.0.1 (the browser tests’ service), nothing else', async () => {
    const server = await startMtnMomo();
    try {
      expect((await requestToPay(server, { headers: { 'x-callback-url': 'http://127.0.0.1:3000/cb' } })).status).toBe(
        202,
      );
      expect((await requestToPay(server)).body).toMatchObject({ code: 'INVALID_CALLBACK_URL_HOST' });
    } finally {
      await server.close();
    }
  });
});

describe('production mode', () => {
  it('a caller not on the IP allow-list gets 403 on every call, the token first', async () => {
    const server = await startServer({ ...PRODUCTION, allowedIps: ['203.0.113.7'] });
    expect((await token(server)).status).toBe(403);
    const { collections } = adapterFor(server);
    expect(await collections.requestPayment(collectionRequest({ currency: 'GHS' }))).toMatchObject({
      kind: 'refused',
      code: 'MTN_TOKEN_REFUSED',
      failure: 'provider_error',
    });
    expect(server.transactions()).toHaveLength(0);
  });

  it('an allowed caller is served; the sandbox’s test numbers mean nothing there', async () => {
    const server = await startServer(PRODUCTION);
    const { collections } = adapterFor(server);
    const request = collectionRequest({ currency: 'GHS', phone: '+56733123453' });
    expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
    expect(server.transaction(request.attemptId)?.status).toBe('PENDING');
  });

  it('a wrong X-Target-Environment is a 500 NOT_ALLOWED_TARGET_ENVIRONMENT', async () => {
    const server = await startServer(PRODUCTION);
    const answer = await requestToPay(server, { headers: { 'x-target-environment': 'sandbox' } });
    expect(answer).toMatchObject({ status: 500, body: { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT' } });
  });

  it.each<[string, MtnMomoServerOptions]>([
    ['the sandbox target', { ...PRODUCTION, targetEnvironment: 'sandbox' }],
    ['no allow-list', { ...PRODUCTION, allowedIps: [] }],
    ['an IP as callback host', { ...PRODUCTION, callbackHost: '198.51.100.4' }],
  ])('will not start with %s', async (_name, options) => {
    await expect(startMtnMomo(options)).rejects.toThrow(/production/);
  });
});

describe('the body MTN refuses (400)', () => {
  it.each<[string, unknown]>([
    ['a number', 10],
    ['a sign', '-5'],
    ['an exponent', '1e3'],
    ['a thousands separator', '1,000'],
    ['spaces', ' 5'],
    ['zero', '0.00'],
    ['more decimals than the currency has', '10.505'],
  ])('amount as %s', async (_name, amount) => {
    const server = await startServer();
    const answer = await requestToPay(server, { body: { amount } });
    expect(answer.status).toBe(400);
    expect(server.transaction(answer.referenceId)).toBeUndefined();
  });

  it('a decimal in a currency without minor units (XOF); whole francs and two-decimal euros pass', async () => {
    const server = await startServer({ targetEnvironment: 'mtnivorycoast', currency: 'XOF' });
    const headers = { 'x-target-environment': 'mtnivorycoast' };
    expect((await requestToPay(server, { headers, body: { currency: 'XOF', amount: '1500.5' } })).status).toBe(400);
    expect((await requestToPay(server, { headers, body: { currency: 'XOF', amount: '1500' } })).status).toBe(202);
    expect((await requestToPay(await startServer(), { body: { amount: '10.50' } })).status).toBe(202);
  });

  it.each<[string, string]>([
    ['161 characters', 'x'.repeat(161)],
    ['an apostrophe', "Kofi's shop"],
    ['a typographic apostrophe', 'Kofi’s shop'],
    ['an ampersand', 'Tea & cake'],
    ['markup', '<b>Order</b>'],
    ['half a character', `${'x'.repeat(10)}\uD835`],
  ])('a note with %s', async (_name, note) => {
    const server = await startServer();
    expect((await requestToPay(server, { body: { payerMessage: note } })).status).toBe(400);
    expect((await requestToPay(server, { body: { payeeNote: note } })).status).toBe(400);
  });

  it('160 characters are counted as characters, not UTF-16 units', async () => {
    const server = await startServer();
    expect((await requestToPay(server, { body: { payerMessage: '𝒜'.repeat(160) } })).status).toBe(202);
  });

  it('X-Reference-Id not a UUID v4 is a 400; reused, a 409 RESOURCE_ALREADY_EXIST', async () => {
    const server = await startServer();
    expect((await requestToPay(server, { headers: { 'x-reference-id': 'order-1042' } })).status).toBe(400);
    const first = await requestToPay(server);
    const again = await requestToPay(server, { headers: { 'x-reference-id': first.referenceId } });
    expect(again).toMatchObject({ status: 409, body: { code: 'RESOURCE_ALREADY_EXIST' } });
  });
});

describe('the token', () => {
  it('Basic auth with the API user and key, and no body; anything else is refused', async () => {
    const server = await startServer();
    expect(await token(server)).toMatchObject({ status: 200, body: { token_type: 'access_token', expires_in: 3600 } });
    expect((await token(server, { body: '{}' })).status).toBe(400);
    expect(await token(server, { basic: Buffer.from('someone:else').toString('base64') })).toEqual({
      status: 401,
      body: { error: 'login_failed' },
    });
  });
});

describe('the adapter meets every rule', () => {
  it('a description cut at 160 characters is never cut inside one', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest({ description: '𝒜'.repeat(200) });
    expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
    expect(server.transaction(request.attemptId)?.payerMessage).toBe('𝒜'.repeat(160));
  });

  it('texts with every refused sign, and amounts in each currency, are accepted', async () => {
    for (const [currency, amount] of [
      ['EUR', 1_055n],
      ['GHS', 1n],
      ['XOF', 1_500n],
      ['XAF', 25_000n],
    ] as const) {
      const server = await startServer({ targetEnvironment: 'mtnghana', currency });
      const { collections } = adapterFor(server, { targetEnvironment: 'mtnghana' });
      const request = collectionRequest({ currency, amount, description: `Kofi's <tea> & "cake" ’ \\ \u0007 ok` });
      expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
    }
  });
});

describe('several countries behind one gateway', () => {
  it('each request is answered as the country of its subscription key: its token, its environment, its requests', async () => {
    const server = await startServer({ countries: [{ targetEnvironment: 'mtnivorycoast', currency: 'XOF' }] });
    const ivory = server.adapterSettings.countries[0]!;
    const asIvory = { 'ocp-apim-subscription-key': ivory.collection.subscriptionKey };
    // The sandbox's own token under the Ivorian subscription key: refused.
    expect((await requestToPay(server, { headers: asIvory })).status).toBe(401);

    const basic = Buffer.from(`${ivory.collection.apiUser}:${ivory.collection.apiKey}`).toString('base64');
    const issued = await fetch(`${server.url}/collection/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, ...asIvory, 'content-length': '0' },
    });
    const { access_token } = (await issued.json()) as { access_token: string };
    const ivorian = { ...asIvory, authorization: `Bearer ${access_token}` };
    const wrongEnvironment = await requestToPay(server, { headers: ivorian });
    expect(wrongEnvironment).toMatchObject({ status: 500, body: { code: 'NOT_ALLOWED_TARGET_ENVIRONMENT' } });
    const made = await requestToPay(server, {
      headers: { ...ivorian, 'x-target-environment': 'mtnivorycoast' },
      body: { currency: 'XOF', amount: '1000' },
    });
    expect(made.status).toBe(202);
    expect(server.transaction(made.referenceId)).toMatchObject({
      targetEnvironment: 'mtnivorycoast',
      apiUser: ivory.collection.apiUser,
    });

    // The sandbox country does not know an Ivorian request.
    const { body } = await token(server);
    const asked = await fetch(`${server.url}/collection/v1_0/requesttopay/${made.referenceId}`, {
      headers: {
        authorization: `Bearer ${String(body.access_token)}`,
        'ocp-apim-subscription-key': server.adapterSettings.collection.subscriptionKey,
        'x-target-environment': 'sandbox',
      },
    });
    expect(asked.status).toBe(404);
  });
});
