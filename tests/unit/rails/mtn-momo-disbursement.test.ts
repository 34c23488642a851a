import { describe, expect, it } from 'vitest';
import type { Fault } from '../../support/providers/json-server';
import { SANDBOX_NUMBERS, type MtnCallback, type MtnMomoServer } from '../../support/providers/mtn-momo';
import { adapterFor, mtnMomoServers, payoutRequest } from '../../support/providers/mtn-momo/adapter';

/** MTN MoMo Disbursement transfers against the contract server: a payout id can never pay twice. */

const startServer = mtnMomoServers();
const TRANSFER = /^\/disbursement\/v1_0\/transfer$/;
const transferPosts = (server: MtnMomoServer) =>
  server.requests.filter((r) => r.method === 'POST' && TRANSFER.test(r.path));

describe('MTN MoMo transfer', () => {
  it('sends the documented headers and body (payee, not payer), and completes with MTN’s transaction id', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    const request = payoutRequest();

    expect(await disbursements.sendPayout(request)).toEqual({
      kind: 'accepted',
      providerReference: request.payoutId,
      alreadySubmitted: false,
    });
    const [post] = transferPosts(server);
    expect(post?.headers).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
      'x-reference-id': request.payoutId,
      'x-target-environment': 'sandbox',
      'x-callback-url': request.callbackUrl,
      'ocp-apim-subscription-key': server.adapterSettings.disbursement.subscriptionKey,
    });
    expect(post?.json).toEqual({
      amount: '25',
      currency: 'EUR',
      externalId: request.payoutId,
      payee: { partyIdType: 'MSISDN', partyId: '46733123998' },
      payerMessage: 'Payout to merchant',
      payeeNote: 'Payout to merchant',
    });

    const query = () => disbursements.queryPayout({ payoutId: request.payoutId, providerReference: request.payoutId });
    expect(await query()).toEqual({ status: 'pending' });
    await server.approve(request.payoutId, { financialTransactionId: '771203344' });
    expect(await query()).toEqual({ status: 'completed', providerTransactionId: '771203344' });
    expect(server.requests.at(-1)?.path).toBe(`/disbursement/v1_0/transfer/${request.payoutId}`);
  });

  it.each([
    ['NOT_ENOUGH_FUNDS', 'insufficient_funds'],
    ['PAYEE_NOT_FOUND', 'recipient_not_found'],
    ['PAYEE_NOT_ALLOWED_TO_RECEIVE', 'recipient_not_allowed'],
    ['PAYER_LIMIT_REACHED', 'limit_exceeded'],
    ['INTERNAL_PROCESSING_ERROR', 'provider_error'],
    ['A_REASON_MTN_NEVER_DOCUMENTED', 'provider_error'],
  ])('FAILED with %s is failed: %s', async (reason, code) => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    const request = payoutRequest();
    await disbursements.sendPayout(request);
    await server.decline(request.payoutId, reason);

    expect(await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null })).toEqual({
      status: 'failed',
      code,
      message: expect.stringContaining(reason) as string,
    });
  });

  it('sending the same payout again is 409: already sent, ask the status; MTN holds one transfer', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    const request = payoutRequest();

    await disbursements.sendPayout(request);
    expect(await disbursements.sendPayout(request)).toEqual({
      kind: 'accepted',
      providerReference: request.payoutId,
      alreadySubmitted: true,
    });
    expect(transferPosts(server)).toHaveLength(2);
    expect(server.transactions('disbursement')).toEqual([expect.objectContaining({ referenceId: request.payoutId })]);
  });

  it('a lost answer (hang_after), then a retry: one transfer, and its status answers for the payout id', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server, { timeoutMs: 200 });
    const request = payoutRequest();
    server.inject({ kind: 'hang_after' }, { path: TRANSFER });

    expect(await disbursements.sendPayout(request)).toMatchObject({ kind: 'unknown' });
    // The payout's submit proved nothing, so it has no provider reference: the payout id is enough.
    expect(await disbursements.queryPayout({ payoutId: request.payoutId, providerReference: null })).toEqual({
      status: 'pending',
    });
    expect(await disbursements.sendPayout(request)).toMatchObject({ kind: 'accepted', alreadySubmitted: true });
    await server.approve(request.payoutId);

    expect(server.transactions('disbursement')).toHaveLength(1);
    expect(server.transaction(request.payoutId)).toMatchObject({ status: 'SUCCESSFUL', amount: '25' });
  });

  it('a 403 (IP not on MTN’s allow-list) is refused', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    server.inject({ kind: 'status', status: 403, body: { message: 'FORBIDDEN IP' } }, { path: TRANSFER });
    expect(await disbursements.sendPayout(payoutRequest())).toMatchObject({ kind: 'refused', code: 'FORBIDDEN' });
  });

  it.each<[string, Fault]>([
    ['a 500 INTERNAL_PROCESSING_ERROR', { kind: 'status', status: 500, body: { code: 'INTERNAL_PROCESSING_ERROR' } }],
    ['a 503 SERVICE_UNAVAILABLE', { kind: 'status', status: 503, body: { code: 'SERVICE_UNAVAILABLE' } }],
    ['a 502', { kind: 'status', status: 502 }],
    ['no answer in time', { kind: 'hang' }],
  ])('%s is unknown, never refused', async (_name, fault) => {
    const server = await startServer();
    const { disbursements } = adapterFor(server, { timeoutMs: 200 });
    server.inject(fault, { path: TRANSFER });
    expect((await disbursements.sendPayout(payoutRequest())).kind).toBe('unknown');
  });

  // MTN's Transfer error codes come as a 500 with `code` (MTN-MIRROR common-error-codes, MTN-ERR).
  it.each(['NOT_ENOUGH_FUNDS', 'PAYEE_NOT_FOUND', 'PAYEE_NOT_ALLOWED_TO_RECEIVE', 'PAYER_LIMIT_REACHED'])(
    'a 500 %s is a sure refusal: refused at once, nothing sent',
    async (code) => {
      const server = await startServer();
      const { disbursements } = adapterFor(server);
      server.inject({ kind: 'status', status: 500, body: { code, message: 'x' } }, { path: TRANSFER });
      expect(await disbursements.sendPayout(payoutRequest())).toMatchObject({ kind: 'refused', code });
      expect(server.transactions('disbursement')).toHaveLength(0);
    },
  );

  it('a transfer MTN does not know is not_found; a gateway failure on the status is unknown', async () => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    const { payoutId } = payoutRequest();
    expect(await disbursements.queryPayout({ payoutId, providerReference: null })).toEqual({ status: 'not_found' });
    server.inject({ kind: 'status', status: 500 }, { path: /transfer\/.+/ });
    expect((await disbursements.queryPayout({ payoutId, providerReference: null })).status).toBe('unknown');
  });

  it.each([
    ['a bank account', { type: 'bank_transfer', accountNumber: '1', bankCode: '2', accountName: 'A' } as const],
    ['another network', { type: 'mobile_money', phone: '+233201234567', network: 'vodafone_cash' } as const],
  ])('refuses %s without calling MTN', async (_name, target) => {
    const server = await startServer();
    const { disbursements } = adapterFor(server);
    expect(await disbursements.sendPayout(payoutRequest({ target }))).toMatchObject({
      kind: 'refused',
      code: 'UNSUPPORTED_TARGET',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('the transfer callback reads as a payout hint; sandbox numbers script transfers too', async () => {
    const received: MtnCallback[] = [];
    const server = await startServer({ deliver: (callback) => void received.push(callback) });
    const { disbursements } = adapterFor(server);
    const rejected = payoutRequest({
      target: { type: 'mobile_money', phone: `+${SANDBOX_NUMBERS.FAILED}`, network: 'mtn_momo' },
    });
    await disbursements.sendPayout(rejected);
    await server.callbacksSettled();

    expect(received[0]?.body).toMatchObject({ payee: { partyId: SANDBOX_NUMBERS.FAILED }, status: 'FAILED' });
    expect(disbursements.readCallback(received[0]?.body)).toEqual({
      payoutId: rejected.payoutId,
      hint: { status: 'failed', code: 'provider_error', message: expect.stringContaining('INTERNAL_PROCESSING_ERROR') },
    });
  });
});
