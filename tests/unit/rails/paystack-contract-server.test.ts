import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPaystack, type PaystackServer } from '../../support/providers/paystack';

/**
 * The contract server itself, spoken to as any client would: what it answers must be what Paystack
 * documents (tests/support/providers/paystack/shapes.ts names each source), or the adapter tests prove
 * nothing.
 */
let server: PaystackServer;
beforeEach(async () => {
  server = await startPaystack();
});
afterEach(() => server.close());

async function call(method: 'GET' | 'POST', path: string, body?: unknown, key: string | null = server.secretKey) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const recipient = { type: 'nuban', name: 'John Doe', account_number: '0001234567', bank_code: '058', currency: 'NGN' };

describe('the Paystack contract server', () => {
  it.each([
    ['POST', '/charge'],
    ['GET', '/transaction/verify/abc'],
    ['POST', '/transferrecipient'],
    ['POST', '/transfer'],
    ['GET', '/transfer/verify/abc'],
  ] as const)('answers %s %s without the right key with 401 "Invalid key"', async (method, path) => {
    const body = method === 'POST' ? {} : undefined;
    for (const key of [null, 'sk_test_other']) {
      expect(await call(method, path, body, key)).toEqual({
        status: 401,
        body: { status: false, message: 'Invalid key' },
      });
    }
  });

  it('answers a PwT charge with the documented fields, and verify with the charge', async () => {
    const answer = await call('POST', '/charge', {
      email: 'another@one.com',
      amount: '10000',
      bank_transfer: { account_expires_at: '2030-04-24T16:40:57.954Z' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: true, message: 'Charge attempted' });
    const data = answer.body.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([
      'reference',
      'status',
      'display_text',
      'account_name',
      'account_number',
      'bank',
      'account_expires_at',
    ]);
    expect(data).toMatchObject({ status: 'pending_bank_transfer', account_expires_at: '2030-04-24T16:40:57.954Z' });
    const verify = await call('GET', `/transaction/verify/${String(data.reference)}`);
    expect(verify.body).toMatchObject({
      status: true,
      message: 'Verification successful',
      data: { status: 'ongoing', amount: 10000, requested_amount: 10000, channel: 'bank_transfer', currency: 'NGN' },
    });
  });

  it('answers missing or wrong fields with the documented 400s', async () => {
    expect(await call('POST', '/charge', { amount: 100, bank_transfer: {} })).toEqual({
      status: 400,
      body: { status: false, message: 'Email address is required for association with card' },
    });
    const noName = await call('POST', '/transferrecipient', { ...recipient, name: undefined });
    expect(noName).toMatchObject({ status: 400, body: { message: '"name" is required', code: 'missing_params' } });
    const noRecipient = await call('POST', '/transfer', {
      source: 'balance',
      amount: 100,
      recipient: 'RCP_nobody',
      reference: 'ref-0000000000000001',
    });
    expect(noRecipient).toMatchObject({ status: 400, body: { code: 'invalid_transfer_recipient' } });
    expect(await call('GET', '/transfer/verify/ref-0000000000000001')).toEqual({
      status: 404,
      body: { status: false, message: 'Transfer not found' },
    });
  });

  it('gives one recipient per account (PS-OAS) and one transfer per reference', async () => {
    const first = await call('POST', '/transferrecipient', recipient);
    const second = await call('POST', '/transferrecipient', recipient);
    expect(first.status).toBe(201);
    const code = (first.body.data as Record<string, unknown>).recipient_code;
    expect((second.body.data as Record<string, unknown>).recipient_code).toBe(code);
    const transfer = { source: 'balance', amount: 5000, recipient: code, reference: 'ref-0000000000000002' };
    expect((await call('POST', '/transfer', transfer)).body).toMatchObject({
      status: true,
      message: 'Transfer has been queued',
      data: { status: 'pending', reference: 'ref-0000000000000002', amount: 5000 },
    });
    expect(await call('POST', '/transfer', transfer)).toMatchObject({
      status: 404,
      body: { message: 'Duplicate reference(s) found: ref-0000000000000002' },
    });
    expect(server.state.transfers.size).toBe(1);
    expect(server.state.recipients.size).toBe(1);
  });
});
