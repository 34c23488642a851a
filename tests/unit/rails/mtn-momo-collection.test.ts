import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../../../lib/platform/money/currencies';
import type { PaymentFailure } from '../../../lib/rails/providers/types';
import type { Fault } from '../../support/providers/json-server';
import type { MtnMomoServer } from '../../support/providers/mtn-momo';
import { adapterFor, collectionRequest, mtnMomoServers } from '../../support/providers/mtn-momo/adapter';

/** Request to pay against the MTN MoMo contract server: what is sent, and how each answer is read. */

const startServer = mtnMomoServers();
const REQUEST_TO_PAY = /^\/collection\/v1_0\/requesttopay$/;
const posts = (server: MtnMomoServer) =>
  server.requests.filter((r) => r.method === 'POST' && REQUEST_TO_PAY.test(r.path));

describe('MTN MoMo request to pay', () => {
  it('sends the documented headers and body, and is accepted under the attempt id', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest();

    const result = await collections.requestPayment(request);

    expect(result).toEqual({ kind: 'accepted', providerReference: request.attemptId, alreadySubmitted: false });
    const [post] = posts(server);
    expect(post?.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer eyJ/),
      'x-reference-id': request.attemptId,
      'x-target-environment': 'sandbox',
      'x-callback-url': request.callbackUrl,
      'ocp-apim-subscription-key': server.adapterSettings.collection.subscriptionKey,
      'content-type': 'application/json',
    });
    expect(post?.json).toEqual({
      amount: '10.5',
      currency: 'EUR',
      externalId: request.attemptId,
      payer: { partyIdType: 'MSISDN', partyId: '46733123999' },
      payerMessage: 'Order 1042',
      payeeNote: 'PAY-7K2M9Q',
    });
    expect(server.transaction(request.attemptId)).toMatchObject({ product: 'collection', status: 'PENDING' });
  });

  it.each<[CurrencyCode, bigint, string]>([
    ['GHS', 1_050n, '10.5'],
    ['GHS', 1_000n, '10'],
    ['GHS', 1_055n, '10.55'],
    ['GHS', 1n, '0.01'],
    ['GHS', 99_999_999_999_999n, '999999999999.99'],
    ['XOF', 1_500n, '1500'],
    ['XAF', 25_000n, '25000'],
    ['EUR', 99n, '0.99'],
  ])('%s %s minor units go out as "%s" and come back exactly', async (currency, amount, text) => {
    const server = await startServer({ targetEnvironment: 'mtnghana', currency });
    const { collections } = adapterFor(server);
    const request = collectionRequest({ currency, amount });

    expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
    expect(posts(server)[0]?.json).toMatchObject({ amount: text, currency });

    await server.approve(request.attemptId, { financialTransactionId: '600198217' });
    expect(
      await collections.queryPayment({ attemptId: request.attemptId, providerReference: request.attemptId }),
    ).toEqual({ status: 'succeeded', providerTransactionId: '600198217', amount, currency });
  });

  it('keeps the texts MTN accepts: no apostrophe or ampersand, at most 160 characters', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest({ description: `Kofi's shop & café ${'x'.repeat(200)}` });

    expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
    const payerMessage = (posts(server)[0]?.json as { payerMessage: string }).payerMessage;
    expect(payerMessage.startsWith('Kofi s shop café xxx')).toBe(true);
    expect(payerMessage).toHaveLength(160);
  });

  it('sends no X-Callback-Url when the attempt has none (MTN then sends no callback)', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    await collections.requestPayment(collectionRequest({ callbackUrl: '' }));
    expect(posts(server)[0]?.headers['x-callback-url']).toBeUndefined();
  });

  it.each([
    ['a phone number that is not one', { phone: '024 412 3456' }, 'INVALID_PHONE'],
    ['a currency MTN does not settle', { currency: 'KES' as const }, 'UNSUPPORTED_CURRENCY'],
    ['an attempt id that is not a UUID v4', { attemptId: 'attempt-1' }, 'INVALID_REFERENCE_ID'],
    ['a zero amount', { amount: 0n }, 'INVALID_AMOUNT'],
    ['a callback URL that is not a URL', { callbackUrl: 'not a url' }, 'INVALID_CALLBACK_URL'],
  ])('refuses %s without calling MTN', async (_name, overrides, code) => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    expect(await collections.requestPayment(collectionRequest(overrides))).toMatchObject({ kind: 'refused', code });
    expect(server.requests).toHaveLength(0);
  });
});

describe('MTN MoMo refusals and unknown outcomes', () => {
  it('a currency the target environment does not take is a 400: refused, nothing created', async () => {
    const server = await startServer({ targetEnvironment: 'mtnghana', currency: 'GHS' });
    const { collections } = adapterFor(server);
    const result = await collections.requestPayment(collectionRequest({ currency: 'EUR' }));
    expect(result).toEqual({
      kind: 'refused',
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Invalid currency') as string,
      failure: 'provider_error',
    });
    expect(server.transactions()).toHaveLength(0);
  });

  it('a 403 (IP not allowed) is refused', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    server.inject({ kind: 'status', status: 403, body: { message: 'FORBIDDEN IP' } }, { path: REQUEST_TO_PAY });
    expect(await collections.requestPayment(collectionRequest())).toMatchObject({ kind: 'refused', code: 'FORBIDDEN' });
  });

  it('a reused reference id is 409 RESOURCE_ALREADY_EXIST: accepted as already sent, never a second request', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const request = collectionRequest();

    await collections.requestPayment(request);
    const again = await collections.requestPayment(request);

    expect(again).toEqual({ kind: 'accepted', providerReference: request.attemptId, alreadySubmitted: true });
    expect(posts(server)).toHaveLength(2);
    expect(server.transactions('collection')).toHaveLength(1);
  });

  it.each<[string, Fault]>([
    ['a 500 without a code', { kind: 'status', status: 500, body: { message: 'x' } }],
    ['a 500 INTERNAL_PROCESSING_ERROR', { kind: 'status', status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' } }],
    ['a 503', { kind: 'status', status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }],
    ['a 200 instead of 202 with a body that is not JSON', { kind: 'status', status: 200, body: '<html>' }],
    ['a 404 from the gateway', { kind: 'status', status: 404, body: { statusCode: 404 } }],
    ['a 409 without RESOURCE_ALREADY_EXIST', { kind: 'status', status: 409, body: { message: 'conflict' } }],
    ['no answer in time', { kind: 'hang' }],
  ])('%s is unknown, never refused', async (_name, fault) => {
    const server = await startServer();
    const { collections } = adapterFor(server, { timeoutMs: 200 });
    server.inject(fault, { path: REQUEST_TO_PAY });
    const result = await collections.requestPayment(collectionRequest());
    expect(result.kind).toBe('unknown');
  });

  // MTN's RequestToPay error codes come as a 500 with `code` (MTN-MIRROR common-error-codes, MTN-ERR).
  it.each<[string, number, PaymentFailure]>([
    ['PAYER_NOT_FOUND', 500, 'invalid_number'],
    ['SENDER_ACCOUNT_NOT_ACTIVE', 500, 'invalid_number'],
    ['NOT_ENOUGH_FUNDS', 500, 'insufficient_funds'],
    ['PAYER_LIMIT_REACHED', 500, 'limit_exceeded'],
    ['PAYEE_NOT_ALLOWED_TO_RECEIVE', 500, 'provider_error'],
    ['NOT_ALLOWED', 500, 'provider_error'],
    ['PAYER_NOT_FOUND', 400, 'invalid_number'],
  ])('a sure refusal, %s (HTTP %s), is refused at once as %s', async (code, status, failure) => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    server.inject({ kind: 'status', status, body: { code, message: 'x' } }, { path: REQUEST_TO_PAY });
    expect(await collections.requestPayment(collectionRequest())).toEqual({
      kind: 'refused',
      code,
      failure,
      message: `MTN MoMo HTTP ${status}: ${code} x`,
    });
  });

  it('a number that is not one is refused here as invalid_number', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    expect(await collections.requestPayment(collectionRequest({ phone: 'call me' }))).toMatchObject({
      kind: 'refused',
      code: 'INVALID_PHONE',
      failure: 'invalid_number',
    });
  });

  it('a 500 NOT_ALLOWED_TARGET_ENVIRONMENT is refused, and the status then proves nothing was created', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { targetEnvironment: 'mtnghana' });
    const request = collectionRequest();

    const result = await collections.requestPayment(request);
    expect(result).toEqual({
      kind: 'refused',
      code: 'NOT_ALLOWED_TARGET_ENVIRONMENT',
      failure: 'provider_error',
      message: 'MTN MoMo HTTP 500: NOT_ALLOWED_TARGET_ENVIRONMENT Access to target environment is forbidden.',
    });
    expect(server.transactions()).toHaveLength(0);
  });

  it('500 INVALID_CURRENCY and INVALID_CALLBACK_URL_HOST are refused; a status query then answers not_found', async () => {
    const server = await startServer({ currencyMismatch: 500 });
    const { collections } = adapterFor(server);
    const wrongCurrency = collectionRequest({ currency: 'GHS' });
    const wrongHost = collectionRequest({ callbackUrl: 'https://elsewhere.example.org/mtn' });

    expect(await collections.requestPayment(wrongCurrency)).toMatchObject({
      kind: 'refused',
      code: 'INVALID_CURRENCY',
      failure: 'provider_error',
    });
    expect(await collections.requestPayment(wrongHost)).toMatchObject({
      kind: 'refused',
      code: 'INVALID_CALLBACK_URL_HOST',
      failure: 'provider_error',
    });
    for (const { attemptId } of [wrongCurrency, wrongHost]) {
      expect(await collections.queryPayment({ attemptId, providerReference: attemptId })).toEqual({
        status: 'not_found',
      });
    }
  });

  it('hang_after: MTN took it but never answered; unknown, and the retry is 409 → already sent, one request', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { timeoutMs: 200 });
    const request = collectionRequest();
    server.inject({ kind: 'hang_after' }, { path: REQUEST_TO_PAY });

    expect(await collections.requestPayment(request)).toMatchObject({ kind: 'unknown' });
    expect(server.transaction(request.attemptId)?.status).toBe('PENDING');

    expect(await collections.requestPayment(request)).toEqual({
      kind: 'accepted',
      providerReference: request.attemptId,
      alreadySubmitted: true,
    });
    expect(server.transactions('collection')).toHaveLength(1);
  });

  it('an answer slower than usual but within the time-out is read normally', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server, { timeoutMs: 500 });
    server.inject({ kind: 'delay', ms: 100 }, { path: REQUEST_TO_PAY });
    expect(await collections.requestPayment(collectionRequest())).toMatchObject({ kind: 'accepted' });
  });
});
