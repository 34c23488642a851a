import { describe, expect, it } from 'vitest';
import { MTN_REASONS } from '../../../lib/rails/providers/mtn-momo';
import type { CollectionStatus, PaymentFailure } from '../../../lib/rails/providers/types';
import type { Fault } from '../../support/providers/json-server';
import { SANDBOX_NUMBERS, type MtnMomoServer } from '../../support/providers/mtn-momo';
import { adapterFor, collectionRequest, mtnMomoServers } from '../../support/providers/mtn-momo/adapter';

/** The request-to-pay status GET against the MTN MoMo contract server, and how each answer maps. */

const startServer = mtnMomoServers();
const STATUS_PATH = /^\/collection\/v1_0\/requesttopay\/.+$/;

async function submitted(server: MtnMomoServer, phone?: string) {
  const { collections } = adapterFor(server, { timeoutMs: 300 });
  const request = collectionRequest(phone ? { phone } : {});
  expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
  const query = () => collections.queryPayment({ attemptId: request.attemptId, providerReference: request.attemptId });
  return { collections, request, query };
}

describe('MTN MoMo request-to-pay status', () => {
  it('PENDING is pending, with the documented headers on the GET', async () => {
    const server = await startServer();
    const { query, request } = await submitted(server);

    expect(await query()).toEqual({ status: 'pending' });
    const get = server.requests.find((r) => r.method === 'GET');
    expect(get?.path).toBe(`/collection/v1_0/requesttopay/${request.attemptId}`);
    expect(get?.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
      'x-target-environment': 'sandbox',
      'ocp-apim-subscription-key': server.adapterSettings.collection.subscriptionKey,
    });
  });

  it('SUCCESSFUL is succeeded: the amount back in minor units, financialTransactionId as the transaction id', async () => {
    const server = await startServer();
    const { query, request } = await submitted(server);
    await server.approve(request.attemptId, { financialTransactionId: '600198217' });

    expect(await query()).toEqual({
      status: 'succeeded',
      providerTransactionId: '600198217',
      amount: 1_050n,
      currency: 'EUR',
    });
  });

  const expected: Record<string, PaymentFailure> = {
    APPROVAL_REJECTED: 'declined',
    TRANSACTION_CANCELED: 'declined',
    PAYMENT_NOT_APPROVED: 'declined',
    EXPIRED: 'expired',
    COULD_NOT_PERFORM_TRANSACTION: 'timeout',
    NOT_ENOUGH_FUNDS: 'insufficient_funds',
    PAYER_LIMIT_REACHED: 'limit_exceeded',
    PAYER_NOT_FOUND: 'invalid_number',
    SENDER_ACCOUNT_NOT_ACTIVE: 'invalid_number',
    PAYEE_NOT_FOUND: 'provider_error',
    PAYEE_NOT_ALLOWED_TO_RECEIVE: 'provider_error',
    NOT_ALLOWED: 'provider_error',
    NOT_ALLOWED_TARGET_ENVIRONMENT: 'provider_error',
    INVALID_CALLBACK_URL_HOST: 'provider_error',
    INVALID_CURRENCY: 'provider_error',
    SERVICE_UNAVAILABLE: 'provider_error',
    INTERNAL_PROCESSING_ERROR: 'provider_error',
    RESOURCE_NOT_FOUND: 'provider_error',
    RESOURCE_ALREADY_EXIST: 'provider_error',
    A_REASON_MTN_NEVER_DOCUMENTED: 'provider_error',
  };

  it('the table covers every reason MTN documents', () => {
    expect(Object.keys(MTN_REASONS).sort()).toEqual(
      Object.keys(expected)
        .filter((r) => r !== 'A_REASON_MTN_NEVER_DOCUMENTED')
        .sort(),
    );
  });

  it.each(Object.entries(expected))('FAILED with reason %s is failed: %s (final)', async (reason, failure) => {
    const server = await startServer();
    const { query, request } = await submitted(server);
    await server.decline(request.attemptId, reason);

    expect(await query()).toEqual({
      status: 'failed',
      failure,
      message: expect.stringContaining(`MTN MoMo ${reason}:`) as string,
    });
  });

  it('reads `reason` in the swagger’s object form too', async () => {
    const bodies: unknown[] = [];
    const server = await startServer({ reasonForm: 'object', deliver: (callback) => void bodies.push(callback.body) });
    const { query, request } = await submitted(server);
    await server.decline(request.attemptId, 'NOT_ENOUGH_FUNDS');

    // The callback is the status object: it shows the form the status GET answers in.
    expect(bodies).toEqual([
      expect.objectContaining({ reason: { code: 'NOT_ENOUGH_FUNDS', message: expect.any(String) } }),
    ]);
    expect(await query()).toMatchObject({ status: 'failed', failure: 'insufficient_funds' });
  });

  it('FAILED without a reason is still failed', async () => {
    const server = await startServer();
    const { query } = await submitted(server);
    server.inject({ kind: 'status', status: 200, body: { status: 'FAILED' } }, { path: STATUS_PATH });
    expect(await query()).toEqual({ status: 'failed', failure: 'provider_error', message: expect.any(String) });
  });

  it('a reference MTN does not know is 404 RESOURCE_NOT_FOUND: not_found', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const attemptId = collectionRequest().attemptId;
    expect(await collections.queryPayment({ attemptId, providerReference: attemptId })).toEqual({
      status: 'not_found',
    });
  });

  it.each<[string, Fault]>([
    ['a 404 without RESOURCE_NOT_FOUND (a gateway page)', { kind: 'status', status: 404, body: { statusCode: 404 } }],
    ['a 500', { kind: 'status', status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' } }],
    ['a 503', { kind: 'status', status: 503 }],
    ['a 400', { kind: 'status', status: 400, body: { message: 'bad' } }],
    ['a body that is not JSON', { kind: 'status', status: 200, body: 'PENDING' }],
    ['a status MTN does not document', { kind: 'status', status: 200, body: { status: 'ONGOING' } }],
    ['SUCCESSFUL without financialTransactionId', { kind: 'status', status: 200, body: { status: 'SUCCESSFUL' } }],
    [
      'SUCCESSFUL with more decimals than the currency has',
      {
        kind: 'status',
        status: 200,
        body: { status: 'SUCCESSFUL', amount: '10.505', currency: 'EUR', financialTransactionId: '1' },
      },
    ],
    [
      'SUCCESSFUL in a currency the service does not know',
      {
        kind: 'status',
        status: 200,
        body: { status: 'SUCCESSFUL', amount: '100', currency: 'TZS', financialTransactionId: '1' },
      },
    ],
    ['no answer in time', { kind: 'hang' }],
  ])('%s is unknown', async (_name, fault) => {
    const server = await startServer();
    const { query } = await submitted(server);
    server.inject(fault, { path: STATUS_PATH });
    expect((await query()).status).toBe('unknown');
  });

  it('reads the numbers of MTN’s own example ("amount": 100, "financialTransactionId": 23503452)', async () => {
    const server = await startServer();
    const { query } = await submitted(server);
    const body = { amount: 100, currency: 'EUR', financialTransactionId: 23503452, status: 'SUCCESSFUL' };
    server.inject({ kind: 'status', status: 200, body }, { path: STATUS_PATH });
    expect(await query()).toEqual({
      status: 'succeeded',
      providerTransactionId: '23503452',
      amount: 10_000n,
      currency: 'EUR',
    });
  });

  it('does not ask MTN about a reference it never sends (not a UUID v4)', async () => {
    const server = await startServer();
    const { collections } = adapterFor(server);
    const answer = await collections.queryPayment({ attemptId: 'x', providerReference: '../token/' });
    expect(answer.status).toBe('unknown');
    expect(server.requests).toHaveLength(0);
  });
});

describe('MTN sandbox test numbers (the newer published table)', () => {
  it.each<[string, string, CollectionStatus | { status: 'failed'; failure: PaymentFailure }]>([
    ['Failed', SANDBOX_NUMBERS.FAILED, { status: 'failed', failure: 'provider_error' }],
    ['Rejected', SANDBOX_NUMBERS.REJECTED, { status: 'failed', failure: 'declined' }],
    ['Timeout', SANDBOX_NUMBERS.TIMEOUT, { status: 'failed', failure: 'expired' }],
    ['Pending', SANDBOX_NUMBERS.PENDING, { status: 'pending' }],
    ['an unlisted number', '46733123453', { status: 'pending' }],
  ])('%s (%s)', async (_label, msisdn, status) => {
    const server = await startServer();
    const { query } = await submitted(server, `+${msisdn}`);
    expect(await query()).toMatchObject(status);
  });

  it('Success (56733123453) is succeeded with a numeric financialTransactionId', async () => {
    const server = await startServer();
    const { query } = await submitted(server, `+${SANDBOX_NUMBERS.SUCCESS}`);
    expect(await query()).toEqual({
      status: 'succeeded',
      providerTransactionId: expect.stringMatching(/^\d{9}$/) as string,
      amount: 1_050n,
      currency: 'EUR',
    });
  });

  it('Pending as the sandbox was seen answering it (status CREATED) is pending', async () => {
    const server = await startServer({ pendingStatus: 'CREATED' });
    const { query, request } = await submitted(server, `+${SANDBOX_NUMBERS.PENDING}`);
    expect(server.transaction(request.attemptId)?.status).toBe('CREATED');
    expect(await query()).toEqual({ status: 'pending' });
  });

  it('outside the sandbox the numbers mean nothing', async () => {
    const server = await startServer({ targetEnvironment: 'mtnghana', currency: 'EUR' });
    const { query } = await submitted(server, `+${SANDBOX_NUMBERS.REJECTED}`);
    expect(await query()).toEqual({ status: 'pending' });
  });
});
