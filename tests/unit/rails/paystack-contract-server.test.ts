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
afterEach(async () => {
  await server.close();
  // Every answer it gave is what Paystack's OpenAPI document (vendored) says that answer looks like.
  expect(server.contract.answered).toEqual([]);
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

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
    const expires = inMinutes(20);
    const answer = await call('POST', '/charge', {
      email: 'another@one.com',
      amount: 10000,
      bank_transfer: { account_expires_at: expires },
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
    expect(data).toMatchObject({ status: 'pending_bank_transfer', account_expires_at: expires });
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

  it.each([
    // PS-OAS `ChargeCreate`: amount an integer (in subunits), email required.
    ['POST', '/charge', { email: 'a@b.co', amount: '10000', bank_transfer: {} }, /amount must be integer/],
    ['POST', '/charge', { email: 'a@b.co', amount: 100.5, bank_transfer: {} }, /amount must be integer/],
    ['POST', '/charge', { email: 'a@b.co', bank_transfer: {} }, /"amount" is required/],
    ['POST', '/charge', { email: 42, amount: 100, bank_transfer: {} }, /email must be string/],
    // PS-OAS `TransferRecipientCreate`: type from its enum (and PS-TRF's kepss), strings.
    ['POST', '/transferrecipient', { ...recipient, type: 'iban' }, /type must be equal to one of/],
    ['POST', '/transferrecipient', { ...recipient, account_number: 1234567890 }, /account_number must be string/],
    ['POST', '/transferrecipient', { ...recipient, bank_code: undefined }, /"bank_code" is required/],
    // PS-OAS `TransferInitiate` / `TransferBase`: reference required, amount an integer, currency enum.
    ['POST', '/transfer', { source: 'balance', amount: 100, recipient: 'RCP_x' }, /"reference" is required/],
    [
      'POST',
      '/transfer',
      { source: 'balance', amount: '100', recipient: 'RCP_x', reference: 'ref-0000000000000003' },
      /amount must be integer/,
    ],
    [
      'POST',
      '/transfer',
      { source: 'balance', amount: 100, recipient: 'RCP_x', reference: 'ref-0000000000000004', currency: 'USD' },
      /currency must be equal to one of/,
    ],
  ] as const)('refuses %s %s as its OpenAPI document does: %o', async (method, path, body, message) => {
    const answer = await call(method, path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: false });
    expect(String(answer.body.message)).toMatch(message);
    expect(server.contract.refused).toHaveLength(1);
    expect(server.state.charges.size + server.state.recipients.size + server.state.transfers.size).toBe(0);
  });

  it('refuses a PwT account asked for past 30 minutes or in the past (PS-PWT-SUP; inferred)', async () => {
    for (const expires of [inMinutes(31), inMinutes(-1)]) {
      const answer = await call('POST', '/charge', {
        email: 'another@one.com',
        amount: 10000,
        bank_transfer: { account_expires_at: expires },
      });
      expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_params' } });
    }
    expect(server.state.charges.size).toBe(0);
  });
});
