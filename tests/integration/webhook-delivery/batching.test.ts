import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { ownerOf } from '../../../lib/platform/db/schema';
import { recordEvents } from '../../../lib/notifications/events/record-event';
import { claimDue, releaseClaims, PER_ENDPOINT_IN_FLIGHT } from '../../../lib/notifications/webhooks/claim';
import { recordAttempts } from '../../../lib/notifications/webhooks/record';
import { startWebhookDispatcher } from '../../../lib/notifications/webhooks/dispatcher';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { closeAllReceivers, type Reply } from '../../support/webhook-receiver';
import { sql, hook, withEnv } from './helpers';

/**
 * Claiming and recording in batches (issue 17): a dispatcher claims up to 16 deliveries of an endpoint
 * at once and records finished attempts together, while an endpoint still gets at most 4 at once
 * across dispatchers, and every event reaches it.
 */

afterEach(async () => {
  await closeAllReceivers();
  await sql`update webhook_deliveries set status = 'cancelled' where status = 'pending'`;
});

async function queueEvents(m: Merchant, webhookId: string, count: number) {
  await recordEvents(
    getDb(),
    Array.from({ length: count }, (_, i) => ({
      ...ownerOf(m.tenant),
      eventType: 'webhook.test' as const,
      resourceType: 'webhook' as const,
      resourceId: crypto.randomUUID(),
      data: { webhook_id: webhookId, message: `batch ${i}` },
    })),
  );
}

/** A responder that answers after `delayMs` and tracks how many requests were open at once. */
function concurrencyTracker(delayMs: number) {
  const seen = { open: 0, max: 0 };
  const responder = async (): Promise<Reply> => {
    seen.open += 1;
    seen.max = Math.max(seen.max, seen.open);
    await new Promise((r) => setTimeout(r, delayMs));
    seen.open -= 1;
    return { status: 200 };
  };
  return { seen, responder };
}

describe('claiming in batches', () => {
  it('one dispatcher holds up to 16 of an endpoint; another gets none of it meanwhile; leases grow by rounds of 4', async () => {
    const m = await newMerchant();
    const { webhook } = await hook(m);
    await queueEvents(m, webhook.id, 20);
    const now = new Date();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const claim = (claimer: string, queued = 0) =>
      claimDue(getDb(), { limit: 100, claimer, perEndpoint: 16, queued: new Map([[webhook.id, queued]]), now });

    const first = await claim(a);
    expect(first).toHaveLength(16);
    // Timeout 10 s: the first 4 may start at once (10 s + 5 s), the next 4 after one round (25 s), …
    const leaseOf = (d: { lockedUntil: Date }) => Math.round((d.lockedUntil.getTime() - now.getTime()) / 1000);
    expect(first.map(leaseOf)).toEqual([15, 15, 15, 15, 25, 25, 25, 25, 35, 35, 35, 35, 45, 45, 45, 45]);

    expect(await claim(b)).toEqual([]); // the endpoint is a's while a holds any of it
    expect(await claim(a, 16)).toEqual([]); // a's line is full
    // 4 of a's line are done (waiting to be recorded): a takes the last 4, at the end of its line.
    const rest = await claim(a, 12);
    expect(rest.map(leaseOf)).toEqual([45, 45, 45, 45]);

    // Given back, they are claimable again; once a holds nothing of the endpoint, b may take it.
    await releaseClaims(getDb(), first.slice(4));
    expect(await claim(b)).toEqual([]);
    await releaseClaims(getDb(), [...first.slice(0, 4), ...rest]);
    expect(await claim(b)).toHaveLength(16);
  });

  it('without a batch size, a claim takes at most 4 of an endpoint (as tests and scripts deliver)', async () => {
    const m = await newMerchant();
    const { webhook } = await hook(m);
    await queueEvents(m, webhook.id, 6);
    expect(await claimDue(getDb(), { limit: 100 })).toHaveLength(PER_ENDPOINT_IN_FLIGHT);
  });
});

describe('recording in batches', () => {
  it('records every attempt it still holds in one call, and none whose lease another dispatcher took', async () => {
    const m = await newMerchant();
    const ok = await hook(m);
    const failing = await hook(m, { responder: { status: 500 } });
    await queueEvents(m, ok.webhook.id, 3); // each goes to both endpoints (both take every event)
    const claimed = await claimDue(getDb(), { limit: 100, perEndpoint: 16 });
    const ofOk = claimed.filter((d) => d.endpointId === ok.webhook.id);
    const ofFailing = claimed.filter((d) => d.endpointId === failing.webhook.id);
    expect([ofOk.length, ofFailing.length]).toEqual([3, 3]);
    // Another dispatcher took one over (its lease ran out meanwhile).
    await sql`update webhook_deliveries set lease_token = gen_random_uuid() where id = ${ofOk[0]!.id}`;

    const at = new Date();
    const result = (statusCode: number) => ({
      statusCode,
      error: null,
      latencyMs: 3,
      responseBody: 'fine',
      retryAfterSeconds: null,
    });
    const recorded = await recordAttempts(getDb(), [
      ...ofOk.map((delivery) => ({ delivery, result: result(200), at })),
      ...ofFailing.map((delivery) => ({ delivery, result: result(500), at })),
    ]);
    expect(recorded.size).toBe(5);
    expect(recorded.has(ofOk[0]!.id)).toBe(false);

    const rows = await sql<{ id: string; status: string; attempts: number; claimed_by: string | null }[]>`
      select d.id, d.status, d.claimed_by, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
        from webhook_deliveries d where d.id in ${sql(claimed.map((d) => d.id))}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ofOk[0]!.id)).toMatchObject({ status: 'pending', attempts: 0 });
    for (const d of ofOk.slice(1))
      expect(byId.get(d.id)).toMatchObject({ status: 'succeeded', attempts: 1, claimed_by: null });
    for (const d of ofFailing)
      expect(byId.get(d.id)).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null });

    const endpoints = await sql<{ id: string; failing_since: Date | null; last_success_at: Date | null }[]>`
      select id, failing_since, last_success_at from webhook_endpoints where id in ${sql([ok.webhook.id, failing.webhook.id])}`;
    const health = new Map(endpoints.map((e) => [e.id, e]));
    expect(health.get(ok.webhook.id)).toMatchObject({ failing_since: null, last_success_at: expect.any(Date) });
    expect(health.get(failing.webhook.id)).toMatchObject({ failing_since: expect.any(Date), last_success_at: null });
  });
});

describe('a running dispatcher', () => {
  it('delivers 300 events to one endpoint, each once, never more than 4 at once, even with two dispatchers', async () => {
    const m = await newMerchant();
    const tracker = concurrencyTracker(3);
    const { receiver, webhook } = await hook(m, { responder: tracker.responder });
    const dispatchers = await Promise.all([startWebhookDispatcher(), startWebhookDispatcher()]);
    try {
      await queueEvents(m, webhook.id, 300);
      await receiver.waitFor(300, 20_000);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }
    expect(tracker.seen.max).toBeLessThanOrEqual(PER_ENDPOINT_IN_FLIGHT);
    const ids = receiver.received.map((r) => r.json!.id);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toHaveLength(300);
    const [counts] = await sql<{ succeeded: number; attempts: number }[]>`
      select count(*) filter (where d.status = 'succeeded')::int as succeeded,
             (select count(*)::int from webhook_attempts a where a.merchant_id = ${m.id}) as attempts
        from webhook_deliveries d where d.endpoint_id = ${webhook.id}`;
    expect(counts).toEqual({ succeeded: 300, attempts: 300 });
  });

  it('gives back the deliveries it holds but has not sent when it stops', async () => {
    const m = await newMerchant();
    const { receiver, webhook } = await hook(m, { responder: { hang: true } });
    await withEnv({ WEBHOOK_TIMEOUT_SECONDS: '1' }, async () => {
      const dispatcher = await startWebhookDispatcher();
      try {
        await queueEvents(m, webhook.id, 10);
        await receiver.waitFor(4, 5_000);
      } finally {
        await dispatcher.stop();
      }
    });
    expect(receiver.received).toHaveLength(4);
    const rows = await sql<{ attempt_count: number; locked_until: Date | null }[]>`
      select attempt_count, locked_until from webhook_deliveries where endpoint_id = ${webhook.id}`;
    expect(rows.filter((r) => r.attempt_count === 1)).toHaveLength(4);
    // The other 6 are free for any dispatcher now, not held until their leases run out.
    expect(rows.filter((r) => r.attempt_count === 0 && r.locked_until === null)).toHaveLength(6);
  });
});
