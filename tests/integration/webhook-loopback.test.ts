import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';
import { resetConfigForTests } from '../../lib/platform/config';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';
import { LOOPBACK_BODY_NOTE, responseBodyShown } from '../../lib/notifications/webhooks/send';
import { invalidFields } from '../support/caller';
import { contract } from '../support/contract';

/**
 * allow_loopback (sandbox) is for a merchant's developer receiving webhooks on this machine. It never
 * reaches this service's own port or its database's, never a loopback address the URL did not name
 * (a public name resolving to 127.0.0.1), and a loopback answer is shown only from the URL's own port.
 */
const sql = testSql();

afterEach(async () => {
  vi.restoreAllMocks();
  delete process.env.PORT;
  resetConfigForTests();
  await closeAllReceivers();
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

const databasePort = () => Number(new URL(process.env.DATABASE_URL!).port || 5432);

async function attemptsOf(deliveryId: string) {
  return sql<{ error: string | null; response_body: string | null; status_code: number | null }[]>`
    select error, response_body, status_code from webhook_attempts where delivery_id = ${deliveryId}`;
}

describe('allow_loopback', () => {
  it.each([
    ["this service's PORT", () => `http://127.0.0.1:3000/hooks`],
    ["the database's port", () => `http://localhost:${databasePort()}/`],
    ["the database's port over IPv6", () => `http://[::1]:${databasePort()}/x`],
  ])('refuses %s when the endpoint is saved', async (_what, url) => {
    const m = await newMerchant();
    expect(
      invalidFields(
        await m.call(contract.createWebhook, { body: { url: url(), events: ['*'], allow_loopback: true } }),
      ),
    ).toEqual(['url']);
  });

  it("never delivers to the service's own port, even to an endpoint saved before PORT changed", async () => {
    const m = await newMerchant();
    const receiver = await startReceiver({ status: 200, body: 'secret internal page' });
    const hook = (
      await m.ok(contract.createWebhook, { body: { url: receiver.url, events: ['*'], allow_loopback: true } })
    ).body.data;
    const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: hook.id } })).body.data;
    process.env.PORT = String(receiver.port);
    resetConfigForTests();
    await deliverDueNow();
    expect(receiver.received).toHaveLength(0);
    expect(await attemptsOf(test.delivery_id)).toEqual([
      { error: 'address_refused', status_code: null, response_body: expect.stringMatching(/own or its database/) },
    ]);
  });

  it('a public name that resolves to loopback is refused when saved and when delivering', async () => {
    const m = await newMerchant();
    const receiver = await startReceiver({ status: 200, body: 'internal' });
    const lookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((host: string, options: unknown, callback: unknown) =>
      host === 'rebound.example'
        ? (callback as (e: null, a: dns.LookupAddress[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
        : (lookup as (...args: unknown[]) => void)(host, options, callback)) as typeof dns.lookup);
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
    const url = `http://rebound.example:${receiver.port}/hooks`;
    expect(
      invalidFields(await m.call(contract.createWebhook, { body: { url, events: ['*'], allow_loopback: true } })),
    ).toEqual(['url']);

    // As if it had resolved to a public address when saved.
    const hook = (
      await m.ok(contract.createWebhook, { body: { url: receiver.url, events: ['*'], allow_loopback: true } })
    ).body.data;
    await sql`update webhook_endpoints set url = ${url} where id = ${hook.id}`;
    const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: hook.id } })).body.data;
    await deliverDueNow();
    expect(receiver.received).toHaveLength(0);
    expect((await attemptsOf(test.delivery_id))[0]).toMatchObject({ error: 'address_refused', status_code: null });
  });

  it('a loopback receiver the URL names is delivered to, and its answer shown', async () => {
    const m = await newMerchant();
    const receiver = await startReceiver({ status: 200, body: 'ok from the dev receiver' });
    const hook = (
      await m.ok(contract.createWebhook, {
        body: {
          url: receiver.url.replace('127.0.0.1', 'localhost'),
          events: ['*'],
          allow_loopback: true,
        },
      })
    ).body.data;
    const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: hook.id } })).body.data;
    await deliverDueNow();
    expect(await attemptsOf(test.delivery_id)).toEqual([
      { error: null, status_code: 200, response_body: 'ok from the dev receiver' },
    ]);
  });

  it("shows a loopback answer only from the URL's own loopback port", () => {
    const named = new URL('http://localhost:8080/hooks');
    expect(responseBodyShown(named, '127.0.0.1', 8080)).toBe(true);
    expect(responseBodyShown(named, '::1', 8080)).toBe(true);
    expect(responseBodyShown(named, '127.0.0.1', 6379)).toBe(false);
    expect(responseBodyShown(new URL('https://shop.example/hooks'), '127.0.0.1', 443)).toBe(false);
    expect(responseBodyShown(new URL('https://shop.example/hooks'), '93.184.215.14', 443)).toBe(true);
    expect(LOOPBACK_BODY_NOTE).toMatch(/not kept/);
  });
});
