import crypto from 'node:crypto';
import net from 'node:net';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  events,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  ownerOf,
  type Tenant,
} from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { formatTimestamp } from '../../platform/time';
import { conflict, invalidField, notFound } from '../../platform/http/errors';
import { offsetOf } from '../../platform/http/paging';
import { storedUrl, WEBHOOK_URL_RULE } from '../../platform/http/stored-url';
import { pagination } from '../../platform/http/envelope';
import { recordEvent } from '../events/record-event';
import { addressProblem, bareHost, namesLoopback, resolveAll } from './address-guard';
import { reservedPortProblem } from './loopback';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type CreateWebhookInput,
  type ListDeliveriesQuery,
  type UpdateWebhookInput,
} from './input';
import { presentDelivery, presentWebhook } from './present';
import type { DeletedWebhook } from './contract';

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** Standard base64, as the Standard Webhooks libraries decode the part after `whsec_`. */
const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

/**
 * Where deliveries may go. https only, written the usual way, no credentials, and a public address: an
 * IP literal is checked as is, a name by what it resolves to now (a name that does not resolve yet is
 * accepted; every attempt checks again at connect time). Loopback over http only with the sandbox
 * opt-in, only when the URL itself names loopback, and never on this service's or its database's port.
 */
async function checkUrl(raw: string, allowLoopback: boolean): Promise<string> {
  const form = storedUrl(raw, WEBHOOK_URL_RULE);
  if ('problem' in form) throw invalidField('url', form.problem);
  const url = new URL(form.href);
  const host = bareHost(url);
  const loopback = namesLoopback(host);
  if (loopback && !allowLoopback) {
    throw invalidField(
      'url',
      `must be a public address (${host} is loopback; with a test key, set allow_loopback for local development)`,
    );
  }
  if (url.protocol === 'http:' && !(loopback && allowLoopback)) throw invalidField('url', 'must be an https:// URL');
  if (loopback) {
    const reserved = reservedPortProblem(url);
    if (reserved) throw invalidField('url', reserved);
    return url.href;
  }
  const addresses = net.isIP(host) ? [host] : ((await resolveAll(host)) ?? []);
  for (const address of addresses) {
    const problem = addressProblem(address, { allowLoopback: false });
    if (problem)
      throw invalidField(
        'url',
        `must be a public address (${host === address ? problem : `${host} resolves to ${problem}`})`,
      );
  }
  return url.href;
}

function checkLoopbackOptIn(tenant: Tenant, allowLoopback: boolean) {
  if (allowLoopback && tenant.mode !== 'test')
    throw invalidField('allow_loopback', 'is only available to test-mode endpoints (a test key)');
}

async function findEndpoint(db: Db, tenant: Tenant, webhookId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, webhookId),
        eq(webhookEndpoints.tenantId, tenant.id),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Webhook');
  return row;
}

/** At most MAX_WEBHOOK_ENDPOINTS per merchant (creations queue on an advisory lock to count). */
export async function createWebhook(db: Db, tenant: Tenant, input: CreateWebhookInput) {
  checkLoopbackOptIn(tenant, input.allow_loopback);
  const url = await checkUrl(input.url, input.allow_loopback);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${tenant.id}`}, 0))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, tenant.id), isNull(webhookEndpoints.deletedAt)));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw conflict(
        'webhook_limit_reached',
        `A merchant may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one first`,
      );
    }
    const secret = newSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        ...ownerOf(tenant),
        url,
        description: input.description ?? null,
        eventTypes: input.events,
        enabled: input.enabled,
        allowLoopback: input.allow_loopback,
        secret,
        disabledAt: input.enabled ? null : sql`now()`,
        disabledReason: input.enabled ? null : 'Disabled by the merchant',
      })
      .returning();
    return presentWebhook(row!, { secret });
  });
}

export async function listWebhooks(db: Db, tenant: Tenant) {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenant.id), isNull(webhookEndpoints.deletedAt)))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows.map((r) => presentWebhook(r));
}

export async function getWebhook(db: Db, tenant: Tenant, webhookId: string) {
  return presentWebhook(await findEndpoint(db, tenant, webhookId));
}

/** Re-enabling clears the reason and the failure streak; pending deliveries resume. */
export async function updateWebhook(db: Db, tenant: Tenant, webhookId: string, input: UpdateWebhookInput) {
  const current = await findEndpoint(db, tenant, webhookId);
  if (input.allow_loopback !== undefined) checkLoopbackOptIn(tenant, input.allow_loopback);
  const allowLoopback = (input.allow_loopback ?? current.allowLoopback) && tenant.mode === 'test';
  const url =
    input.url !== undefined || input.allow_loopback === false
      ? await checkUrl(input.url ?? current.url, allowLoopback)
      : current.url;
  const enabling = input.enabled === true && !current.enabled;
  const disabling = input.enabled === false && current.enabled;
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url,
      allowLoopback,
      ...(input.events ? { eventTypes: input.events } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(enabling ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null } : {}),
      ...(disabling ? { enabled: false, disabledAt: sql`now()`, disabledReason: 'Disabled by the merchant' } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.id, current.id), isNull(webhookEndpoints.deletedAt)))
    .returning();
  if (!row) throw notFound('Webhook');
  return presentWebhook(row);
}

/** Deleting keeps the row (its deliveries stay inspectable by id in logs) and cancels what is pending. */
export async function deleteWebhook(db: Db, tenant: Tenant, webhookId: string): Promise<DeletedWebhook> {
  return db.transaction(async (tx) => {
    const current = await findEndpoint(tx, tenant, webhookId, { lock: true });
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: sql`now()`, enabled: false, updatedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await tx
      .update(webhookDeliveries)
      .set({ status: 'cancelled', lockedUntil: null, leaseToken: null, claimedBy: null, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.endpointId, current.id), eq(webhookDeliveries.status, 'pending')));
    return { ...presentWebhook(row!), deleted: true };
  });
}

/** A new secret; the previous one keeps signing (a second `v1`) for ROTATION_OVERLAP_MS. */
export async function rotateWebhookSecret(db: Db, tenant: Tenant, webhookId: string) {
  return db.transaction(async (tx) => {
    const current = await findEndpoint(tx, tenant, webhookId, { lock: true });
    if (current.previousSecretExpiresAt && current.previousSecretExpiresAt > new Date()) {
      throw conflict(
        'rotation_in_progress',
        `The previous secret still signs until ${formatTimestamp(current.previousSecretExpiresAt)} UTC: rotate again after that`,
      );
    }
    const secret = newSecret();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
        secretRotatedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return presentWebhook(row!, { secret });
  });
}

/** A `webhook.test` event for this endpoint only (whatever it subscribes to), delivered like any other. */
export async function sendTestEvent(db: Db, tenant: Tenant, webhookId: string) {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, tenant, webhookId);
    if (!endpoint.enabled)
      throw conflict('webhook_disabled', 'This webhook is disabled: enable it to send a test event');
    const eventId = await recordEvent(tx, {
      ...ownerOf(tenant),
      eventType: 'webhook.test',
      resourceType: 'webhook',
      resourceId: endpoint.id,
      webhookEndpointId: endpoint.id,
      data: { webhook_id: endpoint.id, message: 'This is a test event. Nothing happened to any money.' },
    });
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.eventId, eventId), eq(webhookDeliveries.endpointId, endpoint.id)));
    return { event_id: eventId, delivery_id: delivery!.id, status: delivery!.status };
  });
}

/** The endpoint's deliveries, newest first, each with its payload and every attempt. */
export async function listDeliveries(db: Db, tenant: Tenant, webhookId: string, query: ListDeliveriesQuery) {
  const endpoint = await findEndpoint(db, tenant, webhookId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpoint.id),
    eq(webhookDeliveries.tenantId, tenant.id),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.event_type ? eq(events.eventType, query.event_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: webhookDeliveries, event: events })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(events.sequence))
      .limit(query.size)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(webhookDeliveries)
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(where),
  ]);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.delivery.id),
          ),
        )
        .orderBy(webhookAttempts.createdAt, webhookAttempts.attemptNumber)
    : [];
  return {
    data: rows.map((r) =>
      presentDelivery(
        r.delivery,
        r.event,
        attempts.filter((a) => a.deliveryId === r.delivery.id),
      ),
    ),
    pagination: pagination(total?.n ?? 0, query.page, query.size),
  };
}

/** Sends the event again from the start of the schedule (attempt history is kept). */
export async function redeliver(db: Db, tenant: Tenant, webhookId: string, deliveryId: string) {
  const endpoint = await findEndpoint(db, tenant, webhookId);
  if (!endpoint.enabled) throw conflict('webhook_disabled', 'This webhook is disabled: enable it to redeliver');
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: sql`now()`,
      lockedUntil: null,
      leaseToken: null,
      claimedBy: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpoint.id),
        eq(webhookDeliveries.tenantId, tenant.id),
        // Not while an attempt is in flight: that attempt's result would be lost and the event sent twice at once.
        sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} <= now())`,
      ),
    )
    .returning();
  if (!row) {
    const [exists] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.tenantId, tenant.id),
        ),
      );
    if (exists)
      throw conflict('delivery_in_flight', 'This delivery is being attempted right now: try again in a few seconds');
    throw notFound('Delivery');
  }
  await db.execute(sql`select pg_notify('webhook_deliveries', '')`);
  const [event] = await db.select().from(events).where(eq(events.id, row.eventId));
  return presentDelivery(row, event!, []);
}
