import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AirtelServer } from '../../support/providers/airtel';
import { airtelServers } from '../../support/providers/airtel/adapter';

/** The Airtel contract server refuses what Airtel refuses, whoever calls it (raw HTTP here, no adapter). */

const startServer = airtelServers();

async function tokenOf(server: AirtelServer): Promise<string> {
  const { clientId, clientSecret } = server.adapterSettings;
  const res = await fetch(`${server.url}/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, grant_type: 'client_credentials' }),
  });
  const body = (await res.json()) as { access_token: string; expires_in: unknown; token_type: string };
  expect(body).toMatchObject({ expires_in: '180', token_type: 'bearer' });
  return body.access_token;
}

async function call(server: AirtelServer, path: string, init: { headers?: Record<string, string>; body?: unknown }) {
  const token = await tokenOf(server);
  const res = await fetch(`${server.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-country': 'UG',
      'x-currency': 'UGX',
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, Record<string, unknown>> };
}

const push = (overrides: { msisdn?: unknown; amount?: unknown; id?: string } = {}) => ({
  reference: 'Order1042',
  subscriber: { country: 'UG', currency: 'UGX', msisdn: overrides.msisdn ?? '700123123' },
  transaction: {
    amount: overrides.amount ?? 1000,
    country: 'UG',
    currency: 'UGX',
    id: overrides.id ?? crypto.randomUUID(),
  },
});

describe('the Airtel contract server', () => {
  it('refuses wrong client credentials and a token it did not issue', async () => {
    const server = await startServer();
    const res = await fetch(`${server.url}/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: 'x', client_secret: 'y', grant_type: 'client_credentials' }),
    });
    expect(res.status).toBe(401);
    const forged = await fetch(`${server.url}/standard/v1/payments/abcd`, {
      headers: { authorization: 'Bearer forged', 'x-country': 'UG', 'x-currency': 'UGX' },
    });
    expect(forged.status).toBe(401);
  });

  it.each([
    [{ 'x-country': 'KE' }, 'ROUTER007'],
    [{ 'x-country': 'uganda' }, 'ROUTER006'],
    [{ 'x-currency': 'KES' }, 'ROUTER112'],
  ])('refuses the headers %j with %s', async (headers, code) => {
    const server = await startServer();
    const { status, body } = await call(server, '/merchant/v1/payments/', { headers, body: push() });
    expect(status).toBe(400);
    expect(body.status).toMatchObject({ success: false, result_code: code });
  });

  it.each([
    ['a msisdn with its country code', { msisdn: '256700123123' }, 'ESB000033'],
    ['a msisdn with a leading 0', { msisdn: '0700123123' }, 'ESB000033'],
    ['UGX cents', { amount: 1000.5 }, 'DP00800001004'],
    ['a zero amount', { amount: 0 }, 'DP00800001004'],
  ])('refuses %s (HTTP 200, success false, %s)', async (_, overrides, code) => {
    const server = await startServer();
    const { status, body } = await call(server, '/merchant/v1/payments/', { body: push(overrides) });
    expect(status).toBe(200);
    expect(body.status).toMatchObject({ code: '400', success: false });
    expect([body.status?.result_code, body.status?.response_code]).toContain(code);
    expect(server.transactions()).toHaveLength(0);
  });

  it('refuses a reused transaction id (ESB000041) and keeps the first', async () => {
    const server = await startServer();
    const id = crypto.randomUUID();
    expect((await call(server, '/merchant/v1/payments/', { body: push({ id }) })).body.status).toMatchObject({
      response_code: 'DP00800001006',
      success: true,
    });
    expect((await call(server, '/merchant/v1/payments/', { body: push({ id }) })).body.status).toMatchObject({
      result_code: 'ESB000041',
    });
    expect(server.transactions()).toHaveLength(1);
  });

  it('refuses a transfer without a PIN, or with a PIN not encrypted with its key', async () => {
    const server = await startServer();
    const transfer = (pin?: string) => ({
      payee: { currency: 'UGX', msisdn: '750160185' },
      reference: 'Payout1',
      ...(pin === undefined ? {} : { pin }),
      transaction: { amount: 500, id: crypto.randomUUID(), type: 'B2C' },
    });
    const missing = await call(server, '/standard/v2/disbursements/', { body: transfer() });
    expect(missing.body.status).toMatchObject({
      response_code: 'DP00900001013',
      message: 'Missing header/body params',
    });
    const plain = await call(server, '/standard/v2/disbursements/', { body: transfer('1234') });
    expect(plain.body.status).toMatchObject({ message: 'Incorrect Encrypted Pin' });
    const good = await call(server, '/standard/v2/disbursements/', {
      body: transfer(server.adapterSettings.encryptedPin),
    });
    expect(good.body.status).toMatchObject({ response_code: 'DP00900001001', success: true });
  });
});
