import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMpesa, stkPassword, type MpesaCollections } from '../../../lib/rails/providers/mpesa';
import type { CollectionRequest } from '../../../lib/rails/providers/types';
import { startJsonServer } from '../../support/providers/json-server';
import { startMpesa, type MpesaServer } from '../../support/providers/mpesa';
import { eatDigits, parseEatTimestamp } from '../../support/providers/mpesa/bodies';

/** M-Pesa Express (STK Push) collections against the Daraja contract server. */
const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';
const CALLBACK_URL = 'https://service.example/rails/callbacks/0f3a9c4e2b7d4a61';

let server: MpesaServer;
let mpesa: MpesaCollections;

beforeEach(async () => {
  server = await startMpesa({ deliver: () => {} });
  mpesa = createMpesa(server.adapterSettings({ timeoutMs: 300 })).collections!;
});
afterEach(() => server.close());

const payment = (overrides: Partial<CollectionRequest & { phone: string }> = {}) => ({
  attemptId: '5b0a4c1e-8a53-4c1f-9a57-3f1d2a9c7e10',
  amount: 150_000n,
  currency: 'KES' as const,
  reference: 'PAY-7K3M9Q2XW4T8B6ZD',
  description: 'Order 1042 at Duka Bora',
  callbackUrl: CALLBACK_URL,
  phone: '+254712345678',
  ...overrides,
});

async function accepted(overrides: Partial<CollectionRequest & { phone: string }> = {}) {
  const result = await mpesa.requestPayment(payment(overrides));
  if (result.kind !== 'accepted') throw new Error(`push not accepted: ${JSON.stringify(result)}`);
  return result.providerReference;
}

describe('STK Push', () => {
  it('sends the documented body: password from short code, passkey and an East Africa Time timestamp', async () => {
    const before = eatDigits(new Date());
    const reference = await accepted();
    const after = eatDigits(new Date());

    const [sent] = server.requestsTo(PUSH);
    const body = sent!.json as Record<string, unknown>;
    const timestamp = body.Timestamp as string;
    expect(timestamp >= before && timestamp <= after).toBe(true);
    expect(Math.abs(parseEatTimestamp(timestamp)!.getTime() - Date.now())).toBeLessThan(5000);
    expect(body).toEqual({
      BusinessShortCode: 174379,
      Password: Buffer.from(`174379${server.account.passkey}${timestamp}`).toString('base64'),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: '1500',
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: CALLBACK_URL,
      AccountReference: '7K3M9Q2XW4T8',
      TransactionDesc: 'Order 1042 at',
    });
    expect(sent!.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(server.stkPush(reference)).toMatchObject({ state: 'processing', fields: { amount: 1500 } });
  });

  it("matches Daraja's documented example password and timestamp", () => {
    const passkey = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
    expect(eatDigits(new Date('2021-06-28T06:24:08Z'))).toBe('20210628092408');
    expect(stkPassword('174379', passkey, '20210628092408')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMjEwNjI4MDkyNDA4',
    );
  });

  it('sends a till as PartyB for Buy Goods', async () => {
    const settings = server.adapterSettings({ timeoutMs: 300 });
    const till = createMpesa({
      ...settings,
      stk: { ...settings.stk!, transactionType: 'CustomerBuyGoodsOnline', partyB: '5123456' },
    }).collections!;
    expect((await till.requestPayment(payment())).kind).toBe('accepted');
    expect(server.requestsTo(PUSH)[0]!.json).toMatchObject({
      BusinessShortCode: 174379,
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyB: '5123456',
    });
  });

  it.each([
    ['an amount with cents', { amount: 150_050n }, 'amount_not_whole_shillings'],
    ['less than one shilling', { amount: 0n }, 'amount_too_small'],
    ['another currency', { currency: 'UGX' as 'KES' }, 'unsupported_currency'],
    ['a non-Kenyan number', { phone: '+233244123456' }, 'invalid_number'],
    ['a Kenyan landline', { phone: '+254201234567' }, 'invalid_number'],
    [
      'a callback URL with a word Daraja refuses',
      { callbackUrl: 'https://pay.example/mpesa/cb/1' },
      'invalid_callback_url',
    ],
  ])('refuses %s before any HTTP call', async (_case, overrides, code) => {
    const result = await mpesa.requestPayment(payment(overrides));
    expect(result).toMatchObject({ kind: 'refused', code });
    expect(server.requests).toHaveLength(0);
  });

  it('reads Daraja refusals: wrong passkey, unknown short code, a subscriber already prompted', async () => {
    const settings = server.adapterSettings({ timeoutMs: 300 });
    const wrongKey = createMpesa({ ...settings, stk: { ...settings.stk!, passkey: 'not-the-passkey' } }).collections!;
    expect(await wrongKey.requestPayment(payment())).toEqual({
      kind: 'refused',
      code: 'wrong_credentials',
      message: '500.001.1001 Wrong credentials',
    });
    const wrongCode = createMpesa({ ...settings, stk: { ...settings.stk!, shortCode: '999999' } }).collections!;
    expect(await wrongCode.requestPayment(payment())).toMatchObject({ kind: 'refused', code: 'merchant_not_found' });

    await accepted();
    expect(await mpesa.requestPayment(payment())).toMatchObject({ kind: 'refused', code: 'subscriber_busy' });
    expect(server.stkPushes()).toHaveLength(1);
  });

  it('is refused a timestamp off Nairobi time (a UTC clock reads three hours early)', async () => {
    const threeHoursEarly = createMpesa({
      ...server.adapterSettings({ timeoutMs: 300 }),
      now: () => new Date(Date.now() - 3 * 3600_000),
    }).collections!;
    expect(await threeHoursEarly.requestPayment(payment())).toEqual({
      kind: 'refused',
      code: 'invalid_request',
      message: '400.002.02 Bad Request - Invalid Timestamp',
    });
  });

  it.each([
    ['Bad Request - Invalid PhoneNumber', 400, '400.002.02', 'refused', 'invalid_number'],
    ['Bad Request - Invalid AccountReference', 400, '400.002.02', 'refused', 'invalid_request'],
    ['Error Occurred: Spike Arrest Violation', 500, '500.003.02', 'refused', 'rate_limited'],
    ['Quota Violation', 500, '500.003.03', 'refused', 'rate_limited'],
    // [DJ-EXP]: "Retry the request after a short wait": turned away, no prompt was sent.
    ['System is busy. Please try again in few minutes.', 500, '500.003.02', 'refused', 'system_busy'],
    ['Internal Server Error', 500, '500.003.1001', 'unknown', null],
    ['', 500, '500.001.1001', 'unknown', null],
  ])('reads "%s" (HTTP %i, %s) as %s', async (message, status, errorCode, kind, code) => {
    server.inject(
      { kind: 'status', status, body: { requestId: 'r-1', errorCode, errorMessage: message } },
      { path: /stkpush\/v1/ },
    );
    const result = await mpesa.requestPayment(payment());
    expect(result.kind).toBe(kind);
    if (code) expect(result).toMatchObject({ code });
  });

  it.each([
    ['a 503', { kind: 'status', status: 503 } as const],
    ['a 500 that is not JSON', { kind: 'status', status: 500, body: '<html>gateway</html>' } as const],
    ['no answer in time', { kind: 'hang' } as const],
  ])('answers unknown on %s', async (_case, fault) => {
    server.inject(fault, { path: /stkpush\/v1/ });
    expect((await mpesa.requestPayment(payment())).kind).toBe('unknown');
  });

  it('answers unknown when the prompt went out but the answer was lost (hang_after), and never retries', async () => {
    server.inject({ kind: 'hang_after' }, { path: /stkpush\/v1/ });
    expect((await mpesa.requestPayment(payment())).kind).toBe('unknown');
    expect(server.stkPushes()).toHaveLength(1);
    expect(server.requestsTo(PUSH)).toHaveLength(1);
  });
});

describe('STK query', () => {
  it.each(['being_processed', 'still_under_processing'] as const)(
    'is pending while the prompt is open (%s)',
    async (style) => {
      server.setPendingAnswer(style);
      const reference = await accepted();
      expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference })).toEqual({ status: 'pending' });
      const [query] = server.requestsTo(QUERY);
      const body = query!.json as Record<string, string>;
      expect(body).toEqual({
        BusinessShortCode: '174379',
        Password: stkPassword('174379', server.account.passkey, body.Timestamp!),
        Timestamp: body.Timestamp,
        CheckoutRequestID: reference,
      });
    },
  );

  it('is unknown, never failed or not found, for an empty 500.001.1001 or "does not Exist"', async () => {
    server.setPendingAnswer('empty_error');
    const reference = await accepted();
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference })).toMatchObject({
      status: 'unknown',
    });
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: 'ws_CO_000' })).toEqual({
      status: 'unknown',
      detail: 'HTTP 500: 500.001.1001 The transaction does not Exist',
    });
  });

  it('succeeds with the requested amount, and is unknown without it (the query reports none)', async () => {
    const reference = await accepted();
    await server.complete(reference, 0);
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference, amount: 150_000n })).toEqual({
      status: 'succeeded',
      providerTransactionId: reference,
      amount: 150_000n,
      currency: 'KES',
    });
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference })).toMatchObject({
      status: 'unknown',
    });
  });

  const FAILURES = [
    [1, 'insufficient_funds'],
    [2, 'limit_exceeded'],
    [3, 'limit_exceeded'],
    [4, 'limit_exceeded'],
    [8, 'limit_exceeded'],
    [17, 'limit_exceeded'],
    [1019, 'expired'],
    [1025, 'provider_error'],
    [1032, 'declined'],
    [1037, 'timeout'],
    [2001, 'declined'],
    [2028, 'provider_error'],
    [8006, 'declined'],
    ['SFC_IC0003', 'provider_error'],
    [1001, 'provider_error'],
    [9999, 'provider_error'],
    [26, 'provider_error'],
  ] as const;

  it('maps every listed ResultCode, in the query and in the callback', async () => {
    for (const [code, failure] of FAILURES) {
      const reference = await accepted();
      await server.complete(reference, code);
      const queried = await mpesa.queryPayment({ attemptId: 'a', providerReference: reference, amount: 150_000n });
      expect(queried, `query ${code}`).toMatchObject({ status: 'failed', failure });
      const delivery = server.deliveries.at(-1)!;
      expect(delivery.reference).toBe(reference);
      expect(mpesa.readCallback(delivery.body), `callback ${code}`).toEqual({
        providerReference: reference,
        hint: { status: 'failed', failure, message: expect.any(String) },
      });
    }
    expect(server.deliveries).toHaveLength(FAILURES.length);
  });

  it('is unknown for an unlisted ResultCode', async () => {
    const reference = await accepted();
    await server.complete(reference, 7777);
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference, amount: 1n })).toEqual({
      status: 'unknown',
      detail: 'unlisted M-Pesa ResultCode 7777: Result code 7777',
    });
  });

  it.each([
    ['a 503', { kind: 'status', status: 503 } as const],
    ['no answer in time', { kind: 'hang' } as const],
  ])('is unknown on %s', async (_case, fault) => {
    const reference = await accepted();
    server.inject(fault, { path: /stkpushquery/ });
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference })).toMatchObject({
      status: 'unknown',
    });
  });
});

describe('callbacks', () => {
  it('reads a success: amount in cents, by name, whatever the order, and its M-Pesa receipt', async () => {
    const reference = await accepted();
    const body = await server.complete(reference, 0);
    expect(mpesa.readCallback(body)).toEqual({
      providerReference: reference,
      hint: { status: 'succeeded', providerTransactionId: reference, amount: 150_000n, currency: 'KES' },
      receipt: server.stkPush(reference)!.receipt,
    });
    expect(server.stkPush(reference)!.receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(server.deliveries[0]).toMatchObject({ kind: 'stk_callback', url: CALLBACK_URL, body });
  });

  it('comes before the query knows (out of order): the query stays pending until it does', async () => {
    const reference = await accepted();
    const body = await server.complete(reference, 0, { visibleToQuery: false });
    expect(mpesa.readCallback(body)?.hint.status).toBe('succeeded');
    const query = { attemptId: 'a', providerReference: reference, amount: 150_000n };
    expect(await mpesa.queryPayment(query)).toEqual({ status: 'pending' });
    server.showToQuery(reference);
    expect(await mpesa.queryPayment(query)).toMatchObject({ status: 'succeeded', amount: 150_000n });
  });

  it('can be withheld (the query alone settles it), then arrive late and twice', async () => {
    const reference = await accepted();
    await server.complete(reference, 1032, { callback: 'withhold' });
    expect(server.deliveries).toHaveLength(0);
    expect(await mpesa.queryPayment({ attemptId: 'a', providerReference: reference })).toMatchObject({
      status: 'failed',
      failure: 'declined',
    });
    const first = await server.sendCallback(reference);
    const second = await server.sendCallback(reference);
    expect(second.body).toEqual(first.body);
    expect(mpesa.readCallback(second.body)).toEqual(mpesa.readCallback(first.body));
  });

  it('is POSTed to the CallBackURL as Daraja does, once', async () => {
    const receiver = await startJsonServer(() => ({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } }));
    const live = await startMpesa();
    try {
      const collections = createMpesa(live.adapterSettings({ timeoutMs: 300 })).collections!;
      const result = await collections.requestPayment(payment({ callbackUrl: `${receiver.url}/rails/cb/7d1e` }));
      if (result.kind !== 'accepted') throw new Error('not accepted');
      await live.complete(result.providerReference, 1037);
      expect(receiver.requests).toHaveLength(1);
      const [received] = receiver.requests;
      expect(received).toMatchObject({ method: 'POST', path: '/rails/cb/7d1e' });
      expect(received!.headers['content-type']).toBe('application/json;charset=UTF-8');
      expect(received!.headers.businessshortcode).toBe('174379');
      expect(collections.readCallback(received!.json)?.hint).toMatchObject({ failure: 'timeout' });
      expect(live.deliveries[0]!.receiverStatus).toBe(200);
    } finally {
      await Promise.all([live.close(), receiver.close()]);
    }
  });
});
