import { type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { startReceiver, type Responder, type Reply } from '../../support/webhook-receiver';
import { resetConfigForTests } from '../../../lib/platform/config';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Delivering webhooks (issue 6): the envelope and its signature, event filtering, the retry schedule
 * under a controllable clock (deliverDueNow's `now`), Retry-After, 410, redirects, timeouts, refused
 * connections, independence of endpoints and events, and disabling after 5 days of failures. Receivers
 * are real HTTP servers on 127.0.0.1.
 */

export const SCHEDULE = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600];
export const DAY = 86_400_000;

export const sql = testSql();

export async function hook(
  m: Merchant,
  options: { events?: string[]; responder?: Responder | Reply; url?: string } = {},
) {
  const receiver = await startReceiver(options.responder ?? { status: 200 });
  const res = await m.call(contract.createWebhook, {
    body: {
      url: options.url ?? receiver.url,
      events: options.events ?? ['*'],
      allow_loopback: true,
    },
  });
  if (!res.ok) throw new Error(`webhook creation failed: ${res.text}`);
  return { receiver, webhook: res.body.data };
}

export async function testEvent(m: Merchant, webhookId: string) {
  const res = await m.call(contract.sendWebhookTest, { params: { webhook_id: webhookId } });
  if (!res.ok) throw new Error(`test event failed: ${res.text}`);
  return res.body.data;
}

/** Delivers everything due at `now` until nothing more is due (at most 4 per endpoint are claimed at once). */
export async function drain(now?: Date) {
  const results = [];
  for (let round = 0; round < 50; round++) {
    const batch = await deliverDueNow(undefined, now ? { now } : {});
    if (batch.length === 0) return results;
    results.push(...batch);
  }
  throw new Error('deliveries kept coming');
}

export async function deliveryRow(id: string) {
  const [row] = await sql<
    {
      status: string;
      attempt_count: number;
      next_attempt_at: Date;
      last_status_code: number | null;
      last_error: string | null;
    }[]
  >`
    select status, attempt_count, next_attempt_at, last_status_code, last_error from webhook_deliveries where id = ${id}`;
  return row!;
}

export async function endpoint(m: Merchant, id: string) {
  const res = await m.call(contract.getWebhook, { params: { webhook_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

export async function deliveryView(m: Merchant, webhookId: string, deliveryId: string) {
  const res = await m.call(contract.listWebhookDeliveries, { params: { webhook_id: webhookId }, query: { size: 100 } });
  expectStatus(res, 200);
  const view = res.body.data.find((d) => d.id === deliveryId);
  if (!view) throw new Error(`delivery ${deliveryId} is not listed: ${res.text}`);
  return view;
}

export async function withEnv<T>(extra: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(extra).map((k) => [k, process.env[k]]));
  Object.assign(process.env, extra);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  }
}

export const signatureOf = (r: { headers: Record<string, unknown> }) => r.headers['x-webhook-signature'] as string;
export const timestampOf = (header: string) => Number(/(?:^|,)t=(\d+)/.exec(header)![1]);
