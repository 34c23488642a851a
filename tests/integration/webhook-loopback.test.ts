import dns from 'node:dns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';
import { resetConfigForTests } from '../../lib/platform/config';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';
import { answerBodyKept, PRIVATE_BODY_NOTE } from '../../lib/notifications/webhooks/send';
import { listDeliveries } from '../../lib/notifications/webhooks/manage';
import { getDb } from '../../lib/platform/db/client';
import { tenantOf } from '../support/fixtures';
import { invalidFields } from '../support/caller';
import { contract } from '../support/contract';

/**
 * allow_loopback (sandbox) is for a merchant's developer receiving webhooks on this machine. It never
 * reaches this service's own port or its database's, never a loopback address the URL did not name
 * (a public name resolving to 127.0.0.1), and what a loopback listener answers is never kept or shown:
 * only its status code, with a note (it could be another local service's page).
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

  it.each([200, 500])(
    'a loopback receiver answering %i is delivered to; its status is shown, its body never (API, dashboard, database)',
    async (status) => {
      const secret = `INTERNAL-ONLY-SECRET-${status}`;
      const m = await newMerchant();
      const receiver = await startReceiver({ status, body: `${secret}: the local listener's page` });
      const hook = (
        await m.ok(contract.createWebhook, {
          body: { url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['*'], allow_loopback: true },
        })
      ).body.data;
      const test = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: hook.id } })).body.data;
      await deliverDueNow();
      expect(receiver.received).toHaveLength(1);
      expect(await attemptsOf(test.delivery_id)).toEqual([
        { error: null, status_code: status, response_body: PRIVATE_BODY_NOTE },
      ]);

      // The API's delivery log, and the read the dashboard's delivery log page renders.
      const api = await m.ok(contract.listWebhookDeliveries, { params: { webhook_id: hook.id }, query: {} });
      expect(api.body.data[0]!.attempts[0]).toMatchObject({ status_code: status, response_body: PRIVATE_BODY_NOTE });
      expect(api.text).not.toContain(secret);
      const tenant = await tenantOf(m.id, 'test');
      const page = await listDeliveries(getDb(), tenant, hook.id, { page: 1, size: 20 });
      expect(JSON.stringify(page)).not.toContain(secret);
      const [stored] = await sql<{ n: number }[]>`
        select count(*)::int as n from webhook_attempts where response_body like ${`%${secret}%`}`;
      expect(stored!.n).toBe(0);
    },
  );

  it('keeps an answer body only from a public address', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '10.0.0.5', '192.168.1.2', 'fd00::1'])
      expect(answerBodyKept(address), address).toBe(false);
    expect(answerBodyKept(undefined)).toBe(false);
    expect(answerBodyKept('93.184.215.14')).toBe(true);
    expect(answerBodyKept('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    expect(PRIVATE_BODY_NOTE).toMatch(/not kept/);
  });
});
