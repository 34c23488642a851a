import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaystack, readPaystackEvent } from '../../../lib/rails/providers/paystack';
import { signPaystackBody, startPaystack, webhookRequest, type WebhookEvent } from '../../support/providers/paystack';
import {
  payoutRequest,
  startRig,
  transferAccountRequest,
  type PaystackRig,
  expectPublishedContractKept,
} from '../../support/providers/paystack/fixtures';
import { startReceiver } from '../../support/webhook-receiver';

/**
 * Paystack's webhooks: `x-paystack-signature` (HMAC-SHA512 of the raw body with the secret key) and
 * what each event says. Mapping table: lib/rails/providers/paystack/notifications.ts.
 */
let rig: PaystackRig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.server.close();
  expectPublishedContractKept(rig.server);
});

async function paidCharge(delivery: 'send' | 'withhold' = 'send') {
  const request = transferAccountRequest();
  await rig.paystack.openTransferAccount(request);
  const paid = await rig.server.payCharge(request.attemptId, { delivery });
  return { reference: request.attemptId, event: paid.event! };
}

async function acceptedPayout() {
  const request = payoutRequest();
  const sent = await rig.paystack.sendPayout(request);
  if (sent.kind !== 'accepted') throw new Error('expected accepted');
  return { payoutId: request.payoutId, transferCode: sent.providerReference };
}

const verify = (request: { headers: Headers; rawBody: string }) =>
  rig.paystack.verifyNotification(request.headers, request.rawBody);

describe('verifyNotification', () => {
  let event: WebhookEvent;
  beforeEach(async () => {
    event = (await paidCharge('withhold')).event;
  });

  it('accepts the signature Paystack sends', () => {
    expect(verify(webhookRequest(event))).toBe(true);
    const upper = webhookRequest(event);
    upper.headers.set('x-paystack-signature', event.signature.toUpperCase());
    expect(verify(upper)).toBe(true);
  });

  it.each([
    ['forged (signed with another key)', { signature: 'forged' }],
    ['unsigned (no header)', { signature: 'missing' }],
    ['altered by one byte after signing', { alterBody: true }],
  ] as const)('refuses a body %s', (_name, options) => {
    const request = webhookRequest(event, options);
    expect(verify(request)).toBe(false);
    if ('alterBody' in options) expect(request.rawBody).not.toBe(event.rawBody);
  });

  it('refuses the same JSON written differently: the signature is over the raw bytes', () => {
    const request = webhookRequest(event);
    expect(verify({ headers: request.headers, rawBody: JSON.stringify(event.body, null, 2) })).toBe(false);
  });

  it.each([
    ['a truncated signature', (s: string) => s.slice(0, 64)],
    ['two signatures', (s: string) => `${s}, ${s}`],
    ['a signature that is not hex', (s: string) => `${s.slice(0, -1)}z`],
    ['an empty signature', () => ''],
  ])('refuses %s without throwing', (_name, change) => {
    const request = webhookRequest(event);
    request.headers.set('x-paystack-signature', change(event.signature));
    expect(verify(request)).toBe(false);
  });

  it('checks with the adapter’s own key: another integration’s valid signature is refused', async () => {
    const other = await startPaystack();
    try {
      const headers = new Headers({ 'x-paystack-signature': signPaystackBody(other.secretKey, event.rawBody) });
      expect(verify({ headers, rawBody: event.rawBody })).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('readNotification', () => {
  it('reads charge.success as the collection succeeded, with the amount received', async () => {
    const { reference } = await paidCharge();
    const [request] = rig.received;
    expect(verify(request!)).toBe(true);
    const charge = rig.server.state.charges.get(reference)!;
    expect(rig.paystack.readNotification(request!.rawBody)).toEqual({
      about: 'collection',
      providerReference: reference,
      status: { status: 'succeeded', providerTransactionId: String(charge.id), amount: 2_500_000n, currency: 'NGN' },
    });
  });

  it('reads bank.transfer.rejected (wrong amount) as other; its details name the amount and transaction', async () => {
    const request = transferAccountRequest();
    await rig.paystack.openTransferAccount(request);
    await rig.server.payCharge(request.attemptId, { amount: 3_000_000n });
    const [received] = rig.received;
    expect(verify(received!)).toBe(true);
    expect(rig.paystack.readNotification(received!.rawBody)).toEqual({
      about: 'other',
      type: 'bank.transfer.rejected',
    });
    expect(readPaystackEvent(received!.rawBody)).toEqual({
      event: 'bank.transfer.rejected',
      transactionId: String(rig.server.state.charges.get(request.attemptId)!.id),
      amount: 3_000_000n,
      messageType: 'INCORRECT_AMOUNT',
      message: 'incorrect amount sent',
      customerEmail: 'ada@example.com',
    });
  });

  it('reads transfer.success, transfer.failed and transfer.reversed as the payout’s status', async () => {
    const done = await acceptedPayout();
    const failed = await acceptedPayout();
    const reversed = await acceptedPayout();
    await rig.server.completeTransfer(done.payoutId);
    await rig.server.failTransfer(failed.payoutId, { gatewayResponse: 'Account closed' });
    await rig.server.reverseTransfer(reversed.payoutId);
    expect(rig.received.map((r) => verify(r))).toEqual([true, true, true]);
    expect(rig.received.map((r) => rig.paystack.readNotification(r.rawBody))).toEqual([
      {
        about: 'payout',
        payoutId: done.payoutId,
        status: { status: 'completed', providerTransactionId: done.transferCode },
      },
      {
        about: 'payout',
        payoutId: failed.payoutId,
        status: { status: 'failed', code: 'failed', message: 'Account closed' },
      },
      {
        about: 'payout',
        payoutId: reversed.payoutId,
        status: { status: 'failed', code: 'reversed', message: 'Beneficiary bank unavailable' },
      },
    ]);
  });

  it("reads Paystack's published examples as published", () => {
    // PS-SNIP pwt-events/charge-successful.json and webhooks/events/transfer-failed.json, trimmed.
    const charge = {
      event: 'charge.success',
      data: {
        id: 3104021987,
        status: 'success',
        reference: 'zuz8ggd1ro',
        amount: 25000,
        currency: 'NGN',
        channel: 'bank_transfer',
        requested_amount: 25000,
      },
    };
    const failed = {
      event: 'transfer.failed',
      data: {
        amount: 200000,
        currency: 'NGN',
        reference: '1976435206',
        status: 'failed',
        transfer_code: 'TRF_chs98y5rykjb47w',
        gateway_response: null,
        reason: 'Enjoy',
      },
    };
    expect(rig.paystack.readNotification(JSON.stringify(charge))).toEqual({
      about: 'collection',
      providerReference: 'zuz8ggd1ro',
      status: { status: 'succeeded', providerTransactionId: '3104021987', amount: 25_000n, currency: 'NGN' },
    });
    expect(rig.paystack.readNotification(JSON.stringify(failed))).toEqual({
      about: 'payout',
      payoutId: '1976435206',
      status: { status: 'failed', code: 'failed', message: 'Enjoy' },
    });
  });

  it.each([
    ['another event', '{"event":"refund.processed","data":{"id":1}}', { about: 'other', type: 'refund.processed' }],
    ['a body that is not JSON', 'event=charge.success', null],
    ['an event without data', '{"event":"charge.success"}', null],
    ['a charge.success without a reference', '{"event":"charge.success","data":{"status":"success"}}', null],
  ])('reads %s', (_name, raw, expected) => {
    expect(rig.paystack.readNotification(raw)).toEqual(expected);
  });

  it('reads a charge.success with an unreadable amount as unknown, never as money', () => {
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { id: 1, status: 'success', reference: 'r', amount: '25.5', currency: 'NGN' },
    });
    expect(rig.paystack.readNotification(raw)).toMatchObject({ about: 'collection', status: { status: 'unknown' } });
  });
});

describe('repeated, reordered and lost notifications', () => {
  it('a repeated event is byte for byte the same and reads the same', async () => {
    const { event } = await paidCharge();
    await rig.server.deliver(event);
    expect(rig.received).toHaveLength(2);
    expect(rig.received[1]!.rawBody).toBe(rig.received[0]!.rawBody);
    expect(rig.received.map((r) => verify(r))).toEqual([true, true]);
    const [first, second] = rig.received.map((r) => rig.paystack.readNotification(r.rawBody));
    expect(second).toEqual(first);
  });

  it('a success delivered after its reversal reads as success; verify tells the current state', async () => {
    const { payoutId, transferCode } = await acceptedPayout();
    const success = await rig.server.completeTransfer(payoutId, { delivery: 'withhold' });
    await rig.server.reverseTransfer(payoutId);
    expect(rig.server.withheld()).toEqual([success.event]);
    await rig.server.deliver(success.event);
    expect(rig.received.map((r) => r.event.event)).toEqual(['transfer.reversed', 'transfer.success']);
    expect(rig.received.map((r) => rig.paystack.readNotification(r.rawBody))).toEqual([
      {
        about: 'payout',
        payoutId,
        status: { status: 'failed', code: 'reversed', message: 'Beneficiary bank unavailable' },
      },
      { about: 'payout', payoutId, status: { status: 'completed', providerTransactionId: transferCode } },
    ]);
    expect(await rig.paystack.queryPayout({ payoutId, providerReference: transferCode })).toMatchObject({
      status: 'failed',
      code: 'reversed',
    });
  });

  it('a lost charge.success leaves the payment to verify, which finds it', async () => {
    const { reference } = await paidCharge('withhold');
    expect(rig.received).toHaveLength(0);
    expect(rig.server.withheld().map((e) => e.event)).toEqual(['charge.success']);
    expect(await rig.paystack.queryPayment({ attemptId: reference, providerReference: reference })).toMatchObject({
      status: 'succeeded',
      amount: 2_500_000n,
    });
  });
});

describe('delivery over HTTP', () => {
  it('POSTs the signed raw body to webhookUrl, and the receiver verifies it', async () => {
    const receiver = await startReceiver({ status: 200 }, '/paystack');
    const server = await startPaystack({ webhookUrl: receiver.url, secretKey: rig.server.secretKey });
    try {
      const request = transferAccountRequest();
      const adapter = createPaystack({ secretKey: server.secretKey, baseUrl: server.url, timeoutMs: 1_000 });
      const charge = await adapter.openTransferAccount(request);
      expect(charge.kind).toBe('accepted');
      const paid = await server.payCharge(request.attemptId);
      expect(paid.delivery).toMatchObject({ status: 200, error: null });
      const [got] = receiver.received;
      expect(got).toMatchObject({ method: 'POST', path: '/paystack' });
      expect(got!.headers['content-type']).toBe('application/json');
      const headers = new Headers({ 'x-paystack-signature': String(got!.headers['x-paystack-signature']) });
      expect(rig.paystack.verifyNotification(headers, got!.raw)).toBe(true);
      expect(rig.paystack.readNotification(got!.raw)).toMatchObject({ providerReference: request.attemptId });
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});
