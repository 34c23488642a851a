import { and, asc, eq, inArray } from 'drizzle-orm';
import { findCheckout } from '../../../checkout/read-checkouts';
import type { Db } from '../../../platform/db/client';
import {
  auditLog,
  collections,
  customerTransactions,
  events,
  paymentAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type Tenant,
} from '../../../platform/db/schema';
import {
  type AttemptStatus,
  type PaymentMethod,
  type TransactionStatus,
  type TransactionType,
  type WebhookDeliveryStatus,
} from '../../../platform/vocabulary';
import type { CurrencyCode } from '../../../platform/money/currencies';
import { toMajorUnits } from '../../../platform/money/amount';
import { actorLabel } from '../../../access/audit';

/**
 * Everything that happened to one checkout, oldest first, for its page in the dashboard: its creation,
 * each payment attempt (started, then its outcome), the money the rails reported (collections) and
 * the deposit or refunds it made, each event (the status changes) with the webhook deliveries it
 * caused, and what members did to it in the dashboard (audit lines). The checkout is found in the
 * tenant first (another merchant's, or the other mode's, is a 404), and every query below filters by
 * the tenant too, so no row of another tenant can appear even under a guessed id.
 */
export interface Delivery {
  id: string;
  url: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
}

interface Money {
  amount: number;
  currency: CurrencyCode;
}

export type TimelineEntry = { at: Date } & (
  | { kind: 'created' }
  | ({ kind: 'attempt_started'; method: PaymentMethod; network: string | null; provider: string } & Money)
  | {
      kind: 'attempt_ended';
      method: PaymentMethod;
      status: AttemptStatus;
      failureCode: string | null;
      failureMessage: string | null;
    }
  | ({
      kind: 'collection';
      collection: 'payment' | 'duplicate' | 'underpayment';
      rail: string;
      /** The provider's reference (M-Pesa's receipt once known, else its CheckoutRequestID). */
      reference: string;
    } & Money)
  | ({ kind: 'transaction'; type: TransactionType; status: TransactionStatus; id: string } & Money)
  | { kind: 'event'; eventType: string; status: string | null; deliveries: Delivery[] }
  | { kind: 'member'; action: string; actorEmail: string }
);

/**
 * Entries of one moment (one transaction) in the order things happen: a payment starts and its
 * checkout goes to processing; the attempt ends, the money arrives and is booked; then the checkout's
 * own move (paid, failed…) and what a member did. Events of one kind keep their sequence order.
 */
function rank(entry: TimelineEntry): number {
  switch (entry.kind) {
    case 'created':
      return 0;
    case 'attempt_started':
      return 2;
    case 'attempt_ended':
      return 3;
    case 'collection':
      return 4;
    case 'transaction':
      return 5;
    case 'event':
      return entry.eventType === 'checkout.created' ? 1 : entry.eventType === 'checkout.processing' ? 2 : 6;
    case 'member':
      return 7;
  }
}

const ENDED_ATTEMPT: readonly AttemptStatus[] = ['succeeded', 'failed', 'timeout', 'abandoned'];

const money = (minor: bigint, currency: CurrencyCode): Money => ({ amount: toMajorUnits(minor, currency), currency });

export async function checkoutTimeline(db: Db, tenant: Tenant, checkoutId: string): Promise<TimelineEntry[]> {
  const checkout = await findCheckout(db, tenant, checkoutId);
  const [attempts, received, transactions, happened, audited] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.tenantId, tenant.id), eq(paymentAttempts.checkoutId, checkout.id)))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    db
      .select()
      .from(collections)
      .where(and(eq(collections.tenantId, tenant.id), eq(collections.checkoutId, checkout.id))),
    db
      .select()
      .from(customerTransactions)
      .where(
        and(eq(customerTransactions.tenantId, tenant.id), eq(customerTransactions.checkoutSessionId, checkout.id)),
      ),
    db
      .select()
      .from(events)
      .where(
        and(eq(events.tenantId, tenant.id), eq(events.resourceType, 'checkout'), eq(events.resourceId, checkout.id)),
      )
      .orderBy(asc(events.sequence)),
    // The audit log is per merchant and mode: the tenant's two halves.
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.merchantId, tenant.merchantId),
          eq(auditLog.mode, tenant.mode),
          eq(auditLog.target, checkout.id),
        ),
      ),
  ]);
  const deliveries = happened.length
    ? await db
        .select({ delivery: webhookDeliveries, url: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(
          webhookEndpoints,
          and(eq(webhookEndpoints.id, webhookDeliveries.endpointId), eq(webhookEndpoints.tenantId, tenant.id)),
        )
        .where(
          and(
            eq(webhookDeliveries.tenantId, tenant.id),
            inArray(
              webhookDeliveries.eventId,
              happened.map((e) => e.id),
            ),
          ),
        )
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookEndpoints.url))
    : [];

  const entries: TimelineEntry[] = [{ kind: 'created', at: checkout.createdAt }];
  for (const a of attempts) {
    entries.push({
      kind: 'attempt_started',
      at: a.createdAt,
      method: a.method,
      network: a.network,
      provider: a.provider,
      ...money(a.amount, a.currencyCode),
    });
    // An attempt left behind (abandoned) has no completed_at: it ended when it last changed.
    const endedAt = a.completedAt ?? (ENDED_ATTEMPT.includes(a.status) ? a.updatedAt : null);
    if (endedAt) {
      entries.push({
        kind: 'attempt_ended',
        at: endedAt,
        method: a.method,
        status: a.status,
        failureCode: a.failureCode,
        failureMessage: a.failureMessage,
      });
    }
  }
  for (const c of received) {
    entries.push({
      kind: 'collection',
      at: c.receivedAt,
      collection: c.kind,
      rail: c.rail,
      reference: c.railReference,
      ...money(c.amount, c.currencyCode),
    });
  }
  for (const t of transactions) {
    entries.push({
      kind: 'transaction',
      at: t.createdAt,
      id: t.id,
      type: t.transactionType,
      status: t.status,
      ...money(t.amount, t.currencyCode),
    });
  }
  for (const e of happened) {
    entries.push({
      kind: 'event',
      at: e.createdAt,
      eventType: e.eventType,
      status: typeof e.data.status === 'string' ? e.data.status : null,
      deliveries: deliveries
        .filter((d) => d.delivery.eventId === e.id)
        .map(({ delivery: d, url }) => ({
          id: d.id,
          url,
          status: d.status,
          attempts: d.attemptCount,
          lastStatusCode: d.lastStatusCode,
          lastError: d.lastError,
        })),
    });
  }
  for (const line of audited) {
    entries.push({ kind: 'member', at: line.createdAt, action: line.action, actorEmail: actorLabel(line) });
  }
  // A stable sort: events were added in sequence order, and attempts before events of the same rank.
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a) - rank(b));
}
