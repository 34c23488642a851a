import { afterEach, describe, expect, it } from 'vitest';
import { recordEvent } from '../../../lib/notifications/events/record-event';
import { deliverDueNow } from '../../../lib/notifications/webhooks/dispatcher';
import { getDb } from '../../../lib/platform/db/client';
import { contract } from '../../support/contract';
import { hostedPage, minimalCheckout, newMerchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { closeAllReceivers } from '../../support/webhook-receiver';
import { hook, sql } from './helpers';

/**
 * The order of a resource's events, as a merchant's "last event wins" handler needs it: `sequence`
 * grows with every event, and `created_at` is strictly increasing for one resource even when one
 * transaction writes two of its events (a payment's processing and paid used to tie to the microsecond).
 */
afterEach(closeAllReceivers);

describe("the order of a checkout's events", () => {
  it('a paid checkout: sequence and created_at both put created, processing, paid in the order they happened', async () => {
    const m = await newMerchant();
    const { receiver } = await hook(m, { events: ['checkout.created', 'checkout.processing', 'checkout.paid'] });
    const checkout = (await m.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const { page } = hostedPage(checkout);
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244123456' } });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    await deliverDueNow();
    const bodies = (await receiver.waitFor(3)).map((r) => r.json!);

    const bySequence = [...bodies].sort((a, b) => a.sequence - b.sequence);
    expect(bySequence.map((e) => e.event_type)).toEqual(['checkout.created', 'checkout.processing', 'checkout.paid']);
    for (let i = 1; i < bySequence.length; i++) {
      expect(bySequence[i]!.sequence).toBeGreaterThan(bySequence[i - 1]!.sequence);
      // The API's timestamps are strings of one form: compared as strings they order as times do.
      expect(bySequence[i]!.created_at > bySequence[i - 1]!.created_at).toBe(true);
    }
    // What the database holds is what was sent.
    const rows = await sql<{ sequence: string; created_at: Date }[]>`
      select sequence, created_at from events where resource_id = ${checkout.id} order by sequence`;
    expect(rows.map((r) => Number(r.sequence))).toEqual(bySequence.map((e) => e.sequence));
  });

  it('two events of one resource in one transaction are 1 ms apart at least; another resource keeps the time', async () => {
    const m = await newMerchant();
    const [merchant] = await sql<{ tenant_id: string }[]>`
      select id as tenant_id from tenants where merchant_id = ${m.id} and mode = 'test'`;
    const resourceId = crypto.randomUUID();
    const otherId = crypto.randomUUID();
    const event = (id: string) => ({
      merchantId: m.id,
      tenantId: merchant!.tenant_id,
      eventType: 'webhook.test' as const,
      resourceType: 'webhook' as const,
      resourceId: id,
      data: { webhook_id: id, message: 'order' },
    });
    await getDb().transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await recordEvent(tx, event(resourceId));
      await recordEvent(tx, event(otherId));
    });
    const rows = await sql<{ resource_id: string; created_at: Date; at: string; now: string }[]>`
      select resource_id, created_at, to_char(created_at, 'HH24:MI:SS.US') as at
        from events where resource_id in (${resourceId}, ${otherId}) order by sequence`;
    const mine = rows.filter((r) => r.resource_id === resourceId);
    for (let i = 1; i < mine.length; i++)
      expect(mine[i]!.created_at.getTime() - mine[i - 1]!.created_at.getTime()).toBeGreaterThanOrEqual(1);
    // The other resource's event has the transaction's time, the first event's.
    expect(rows.find((r) => r.resource_id === otherId)!.at).toBe(mine[0]!.at);
  });
});
