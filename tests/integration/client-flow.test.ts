import { afterEach, describe, expect, it } from 'vitest';
import {
  PaymentsApiError,
  isPaymentsApiError,
  PaymentsClient,
  parseWebhook,
  type RequestOf,
  type WebhookEvent,
} from '../../lib/surfaces/client/src';
import { MERCHANT_OPERATIONS } from '../../lib/surfaces/client/generated/operations';
import { OPERATIONS } from '../../lib/surfaces/openapi/operations';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';
import { newMerchant } from '../support/fixtures';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';
import { caller, expectStatus } from '../support/caller';
import { contract } from '../support/contract';
import { dispatch } from '../support/api';

/**
 * The typed client (the package in lib/surfaces/client, from its source) driving a merchant's whole integration against the real route
 * handlers: create a checkout (idempotently), send the customer, receive and verify the webhook,
 * confirm by reading the checkout, and typed errors on refusals.
 */
afterEach(closeAllReceivers);

async function merchantClient(options: { maxRetries?: number } = {}) {
  const merchant = await newMerchant();
  const payments = new PaymentsClient({
    baseUrl: 'http://api.payments.test',
    apiKey: merchant.apiKey,
    fetch: dispatch,
    ...options,
  });
  return { merchant, payments };
}

async function drainWebhooks() {
  for (let round = 0; round < 50; round++) if ((await deliverDueNow()).length === 0) return;
}

describe('the typed client', () => {
  it('has one method per merchant operation the service documents, called as the contract says', () => {
    const merchant = OPERATIONS.filter((op) => op.security === 'apiKey');
    const merchantOperations = merchant.map((op) => op.operationId).sort();
    expect(Object.keys(MERCHANT_OPERATIONS).sort()).toEqual(merchantOperations);
    for (const op of merchant) {
      expect(MERCHANT_OPERATIONS[op.operationId as keyof typeof MERCHANT_OPERATIONS], op.operationId).toMatchObject({
        method: op.method,
        path: op.path,
        idempotent: op.idempotent === true,
        paginated: op.paginated === true,
        bare: op.bare === true,
      });
    }
    const { payments } = { payments: new PaymentsClient({ baseUrl: 'http://x', apiKey: 'k' }) };
    for (const id of merchantOperations) expect(payments[id as keyof PaymentsClient], id).toBeTypeOf('function');
  });

  it('runs the whole flow: checkout, customer pays, signed webhook, confirmation by reading', async () => {
    const { payments } = await merchantClient();
    const receiver = await startReceiver({ status: 200 });
    const webhook = await payments.createWebhook({
      body: { url: receiver.url, events: ['checkout.paid'], allow_loopback: true },
    });
    expect(webhook.secret).toMatch(/^whsec_/);

    // Idempotent create: the same key returns the same checkout, once.
    const body: RequestOf<'createCheckout'>['body'] = {
      customer_email: 'ama@example.com',
      amount: 125.5,
      currency_code: 'GHS',
      meta_data: { order_id: 'ORD-1042' },
    };
    const checkout = await payments.createCheckout({ body, idempotencyKey: 'order-ORD-1042' });
    const again = await payments.createCheckout({ body, idempotencyKey: 'order-ORD-1042' });
    expect(again.id).toBe(checkout.id);
    expect(checkout).toMatchObject({ status: 'pending', amount: 125.5, currency_code: 'GHS' });
    expect(checkout.checkout_url).toContain('#token=');
    expect((await payments.listCheckouts({ query: { limit: 10 } })).map((c) => c.id)).toEqual([checkout.id]);

    // The customer pays (the sandbox rail stands in for the bank).
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: checkout.payment_reference,
        scenario: 'exact',
      },
    });
    expectStatus(paid, 200);
    await drainWebhooks();

    // The webhook, verified and typed by the client's helper.
    expect(receiver.received).toHaveLength(1);
    const delivery = receiver.received[0]!;
    const event: WebhookEvent = parseWebhook(
      delivery.raw,
      delivery.headers['x-webhook-signature'] as string,
      webhook.secret,
    );
    expect(event.event_type).toBe('checkout.paid');
    if (event.event_type !== 'checkout.paid') throw new Error('narrowing');
    expect(event.data.id).toBe(checkout.id);
    // Typed by event_type: the full checkout shape, so these compile only when the types are right.
    const orderId: string | undefined = event.data.meta_data?.order_id;
    const amount: number = event.data.amount;
    expect({ orderId, amount }).toEqual({ orderId: 'ORD-1042', amount: 125.5 });
    expect(() =>
      parseWebhook(delivery.raw, delivery.headers['x-webhook-signature'] as string, `${webhook.secret}x`),
    ).toThrow(PaymentsApiError);

    // Confirm by reading, as a merchant should before fulfilling.
    const confirmed = await payments.getCheckout({ params: { checkout_id: checkout.id } });
    expect(confirmed.status).toBe('paid');
    expect(confirmed.paid_at).not.toBeNull();
  });

  it('turns refusals into PaymentsApiError with the API code, fields and request id', async () => {
    const { payments } = await merchantClient();
    const invalid = await payments
      .createCheckout({ body: { customer_email: 'not-an-email', amount: -1, currency_code: 'GHS' } })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(PaymentsApiError);
    expect(invalid).toMatchObject({ status: 422, code: 'validation_error' });
    expect((invalid as PaymentsApiError).fields.map((f) => f.field)).toContain('customer_email');
    expect((invalid as PaymentsApiError).requestId).toBeTruthy();

    const checkout = await payments.createCheckout({
      body: { customer_email: 'a@b.co', amount: 5, currency_code: 'GHS' },
    });
    await payments.cancelCheckout({ params: { checkout_id: checkout.id } });
    await expect(payments.cancelCheckout({ params: { checkout_id: checkout.id } })).rejects.toMatchObject({
      status: 409,
      code: 'checkout_not_cancellable',
    });

    const other = await merchantClient();
    await expect(other.payments.getCheckout({ params: { checkout_id: checkout.id } })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('never lets a path parameter reach another path, and refuses a success that is not JSON', async () => {
    const seen: string[] = [];
    const recording = async (request: Request) => {
      seen.push(new URL(request.url).pathname);
      return new Response('<html>proxy page</html>', { status: 200, headers: { 'content-type': 'text/html' } });
    };
    const payments = new PaymentsClient({
      baseUrl: 'http://api.payments.test/',
      apiKey: 'sk_test_x',
      fetch: recording,
    });
    for (const id of ['..', '.', '']) {
      await expect(payments.getWebhook({ params: { webhook_id: id } })).rejects.toThrow(TypeError);
    }
    await expect(payments.getWebhook({ params: { webhook_id: 'a/b?c' } })).rejects.toMatchObject({
      code: 'invalid_response',
      status: 200,
    });
    expect(seen).toEqual(['/api/v1/merchants/webhooks/a%2Fb%3Fc']);
  });

  it('paginate walks a listing to its end: limit/offset (checkouts) and page/size (checkout buttons)', async () => {
    const { payments } = await merchantClient();
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        (await payments.createCheckout({ body: { customer_email: `p${i}@b.co`, amount: 1 + i, currency_code: 'GHS' } }))
          .payment_reference,
      );
    const seen: string[] = [];
    for await (const checkout of payments.paginate('listCheckouts', { query: { limit: 2 } })) {
      seen.push(checkout.payment_reference); // typed: a checkout, not unknown
    }
    expect(seen.sort()).toEqual([...made].sort());

    for (let i = 0; i < 3; i++)
      await payments.createEmbedSession({
        body: {
          amount: 10 + i,
          currency_code: 'GHS',
          description: `Button ${i}`,
          allowed_origins: ['https://shop.example'],
        },
      });
    const buttons = [];
    for await (const button of payments.paginate('listEmbedSessions', { query: { size: 2 } })) buttons.push(button.id);
    expect(new Set(buttons).size).toBe(3);
  });

  it('abandons an attempt that takes longer than timeoutMs, and retries a safe one', async () => {
    const merchant = await newMerchant();
    let slow = 1;
    const hanging = async (request: Request) => {
      if (slow-- > 0) {
        // Never answers: only the request's own signal ends it.
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
        );
      }
      return dispatch(request);
    };
    const payments = new PaymentsClient({
      baseUrl: 'http://api.payments.test',
      apiKey: merchant.apiKey,
      fetch: hanging,
      timeoutMs: 200,
    });
    const started = Date.now();
    expect(await payments.listCheckouts()).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const once = new PaymentsClient({
      baseUrl: 'http://api.payments.test',
      apiKey: merchant.apiKey,
      fetch: (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
        ),
      timeoutMs: 100,
      maxRetries: 0,
    });
    await expect(once.listCheckouts()).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
      cause: { name: 'TimeoutError' },
    });
  });

  it('retries a safe call after a network error and never creates twice', async () => {
    const merchant = await newMerchant();
    let failures = 1;
    const flaky = async (request: Request) => {
      const response = await dispatch(request);
      // The first answer is lost on the way back, after the server acted.
      if (failures-- > 0) throw new TypeError('fetch failed');
      return response;
    };
    const payments = new PaymentsClient({ baseUrl: 'http://api.payments.test', apiKey: merchant.apiKey, fetch: flaky });
    const checkout = await payments.createCheckout({
      body: { customer_email: 'a@b.co', amount: 7, currency_code: 'GHS' },
    });
    expect((await payments.listCheckouts()).map((c) => c.id)).toEqual([checkout.id]);
  });

  it('waits out 409 idempotency_key_in_use with the same key, and every error carries the key', async () => {
    const merchant = await newMerchant();
    const keys: (string | null)[] = [];
    let busy = 1;
    const payments = new PaymentsClient({
      baseUrl: 'http://api.payments.test',
      apiKey: merchant.apiKey,
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key'));
        if (busy-- > 0) {
          const body = { status: 'error', message: 'in flight', error: { code: 'idempotency_key_in_use', fields: [] } };
          return Response.json(body, { status: 409, headers: { 'retry-after': '0' } });
        }
        return dispatch(request);
      },
    });
    const checkout = await payments.createCheckout({
      body: { customer_email: 'a@b.co', amount: 7, currency_code: 'GHS' },
    });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect((await payments.listCheckouts()).map((c) => c.id)).toEqual([checkout.id]);

    const refused = await payments
      .createCheckout({ body: { customer_email: 'a@b.co', amount: -1, currency_code: 'GHS' } })
      .catch((error: unknown) => error);
    expect(isPaymentsApiError(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 422, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('never follows a redirect: the key would go along, and a 302 would turn the POST into a GET', async () => {
    const merchant = await newMerchant();
    const seen: string[] = [];
    const payments = new PaymentsClient({
      baseUrl: 'http://api.payments.test',
      apiKey: merchant.apiKey,
      fetch: async (request) => {
        seen.push(`${request.method} ${request.url} ${request.redirect}`);
        return new Response(null, { status: 302, headers: { location: 'http://evil.example/collect' } });
      },
    });
    await expect(
      payments.createCheckout({ body: { customer_email: 'a@b.co', amount: 7, currency_code: 'GHS' } }),
    ).rejects.toMatchObject({ code: 'unexpected_redirect', status: 302 });
    expect(seen).toEqual(['POST http://api.payments.test/api/v1/merchants/checkouts manual']);
  });
});
