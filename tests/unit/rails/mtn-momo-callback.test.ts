import { afterEach, describe, expect, it } from 'vitest';
import { startJsonServer, type JsonServer } from '../../support/providers/json-server';
import { SANDBOX_NUMBERS, type CallbackMethod, type MtnCallback } from '../../support/providers/mtn-momo';
import { adapterFor, collectionRequest, mtnMomoServers } from '../../support/providers/mtn-momo/adapter';

/** MTN MoMo callbacks to X-Callback-Url: unsigned hints that readCallback turns into a reference and a status. */

const startServer = mtnMomoServers();
const receivers: JsonServer[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

/** A contract server whose callbacks land in `received` instead of going over HTTP. */
async function capturing(options: Parameters<typeof startServer>[0] = {}) {
  const received: MtnCallback[] = [];
  const server = await startServer({ ...options, deliver: (callback) => void received.push(callback) });
  const { collections } = adapterFor(server);
  const request = collectionRequest();
  expect(await collections.requestPayment(request)).toMatchObject({ kind: 'accepted' });
  const query = () => collections.queryPayment({ attemptId: request.attemptId, providerReference: request.attemptId });
  return { server, collections, request, received, query };
}

describe('MTN MoMo callbacks', () => {
  it.each<CallbackMethod>(['POST', 'PUT'])(
    'arrive over HTTP as %s with the status object, read as a hint',
    async (method) => {
      const receiver = await startJsonServer(() => ({ status: 200 }));
      receivers.push(receiver);
      // The receiver listens on 127.0.0.1: that is the host registered with the API user here.
      const server = await startServer({ callbackMethod: method, callbackHost: '127.0.0.1' });
      const { collections } = adapterFor(server);
      const request = collectionRequest({ callbackUrl: `${receiver.url}/callbacks/mtn/k3y` });
      await collections.requestPayment(request);

      const [delivery] = await server.approve(request.attemptId, { financialTransactionId: '600198217' });

      expect(delivery?.outcome).toEqual({ status: 200 });
      const [received] = receiver.requests;
      expect(received?.method).toBe(method);
      expect(received?.path).toBe('/callbacks/mtn/k3y');
      expect(received?.headers).toMatchObject({
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'LWAC Http Client 1.0',
      });
      expect(received?.headers.authorization).toBeUndefined();
      expect(received?.json).toEqual({
        financialTransactionId: '600198217',
        externalId: request.attemptId,
        amount: '10.5',
        currency: 'EUR',
        payer: { partyIdType: 'MSISDN', partyId: '46733123999' },
        payerMessage: 'Order 1042',
        payeeNote: 'PAY-7K2M9Q',
        status: 'SUCCESSFUL',
      });
      expect(collections.readCallback(received?.json)).toEqual({
        providerReference: request.attemptId,
        hint: { status: 'succeeded', providerTransactionId: '600198217', amount: 1_050n, currency: 'EUR' },
      });
    },
  );

  it.each(['string', 'object'] as const)('read a FAILED reason in its %s form', async (reasonForm) => {
    const { server, collections, request, received } = await capturing();
    await server.decline(request.attemptId, 'APPROVAL_REJECTED', { reasonForm });

    expect(received).toHaveLength(1);
    expect(received[0]?.body.reason).toEqual(
      reasonForm === 'string' ? 'APPROVAL_REJECTED' : { code: 'APPROVAL_REJECTED', message: expect.any(String) },
    );
    expect(collections.readCallback(received[0]?.body)).toEqual({
      providerReference: request.attemptId,
      hint: { status: 'failed', failure: 'declined', message: expect.stringContaining('APPROVAL_REJECTED') },
    });
  });

  it('a duplicate (at once, or minutes later as the sandbox did) reads the same', async () => {
    const { server, collections, request, received } = await capturing();
    await server.decline(request.attemptId, 'EXPIRED', { callback: 'twice' });
    await server.sendCallback(request.attemptId);

    expect(received).toHaveLength(3);
    const readings = received.map((c) => collections.readCallback(c.body));
    expect(readings[1]).toEqual(readings[0]);
    expect(readings[2]).toEqual(readings[0]);
    expect(readings[0]?.hint).toMatchObject({ status: 'failed', failure: 'expired' });
  });

  it('withheld: no callback comes, and the status still tells', async () => {
    const { server, received, query, request } = await capturing();
    expect(await server.approve(request.attemptId, { callback: 'withhold' })).toEqual([]);
    expect(received).toHaveLength(0);
    expect(await query()).toMatchObject({ status: 'succeeded' });
  });

  it('out of order: the callback says SUCCESSFUL while the status still says PENDING', async () => {
    const seen: { hint: unknown; status: unknown }[] = [];
    const server = await startServer({
      deliver: async (callback) => {
        seen.push({ hint: collections.readCallback(callback.body)?.hint, status: await query() });
      },
    });
    const { collections } = adapterFor(server);
    const request = collectionRequest();
    const query = () =>
      collections.queryPayment({ attemptId: request.attemptId, providerReference: request.attemptId });
    await collections.requestPayment(request);

    await server.approve(request.attemptId, { callback: 'before_status' });

    expect(seen).toEqual([{ hint: expect.objectContaining({ status: 'succeeded' }), status: { status: 'pending' } }]);
    expect(await query()).toMatchObject({ status: 'succeeded', amount: 1_050n });
  });

  it('a request without X-Callback-Url gets no callback', async () => {
    const received: MtnCallback[] = [];
    const server = await startServer({ deliver: (callback) => void received.push(callback) });
    const { collections } = adapterFor(server);
    const request = collectionRequest({ callbackUrl: '' });
    await collections.requestPayment(request);
    expect(await server.approve(request.attemptId)).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it('the sandbox numbers call back by themselves once settled', async () => {
    const received: MtnCallback[] = [];
    const server = await startServer({ deliver: (callback) => void received.push(callback) });
    const { collections } = adapterFor(server);
    const request = collectionRequest({ phone: `+${SANDBOX_NUMBERS.REJECTED}` });
    await collections.requestPayment(request);
    await server.callbacksSettled();

    expect(received.map((c) => [c.method, c.body.status, c.body.reason])).toEqual([
      ['POST', 'FAILED', 'APPROVAL_REJECTED'],
    ]);
    expect(collections.readCallback(received[0]?.body)?.providerReference).toBe(request.attemptId);
  });

  it('a forged callback is only a hint: the status query says what happened', async () => {
    const { collections, request, query } = await capturing();
    const forged = {
      externalId: request.attemptId,
      amount: '10.5',
      currency: 'EUR',
      status: 'SUCCESSFUL',
      financialTransactionId: '1',
    };
    expect(collections.readCallback(forged)?.hint).toMatchObject({ status: 'succeeded' });
    expect(await query()).toEqual({ status: 'pending' });
  });

  it('reads a raw JSON body, and gives null for what is not a callback', async () => {
    const { collections, request } = await capturing();
    const raw = JSON.stringify({ externalId: request.attemptId, status: 'PENDING' });
    expect(collections.readCallback(raw)).toEqual({
      providerReference: request.attemptId,
      hint: { status: 'pending' },
    });
    for (const body of [null, [], 'not json', 42, {}, { status: 'SUCCESSFUL' }, { externalId: '' }]) {
      expect(collections.readCallback(body)).toBeNull();
    }
    expect(collections.readCallback({ externalId: request.attemptId, status: 'WHATEVER' })?.hint.status).toBe(
      'unknown',
    );
  });
});
