import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { moveAttempts } from '../attempt-lifecycle';
import { checkouts, collections, merchants, ownerOf } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/http/errors';
import { recordEvent } from '../../notifications/events/record-event';
import { toMajorUnits } from '../../platform/money/amount';
import { presentCheckoutFull } from '../../checkout/present';
import { transitionCheckout } from '../../checkout/state-machine';
import { creditCheckoutDeposit } from '../../books/deposits';
import { latestAttempt, presentAttempt } from '../hosted-page/present';
import type { ApproveInput, RejectInput } from './input';
import type { CheckoutAwaitingApproval } from './contract';

/** A claimed or received bank transfer waiting for an operator's decision. */
export const awaitingApproval = and(
  eq(checkouts.status, 'processing'),
  eq(checkouts.paymentMethod, 'bank_transfer'),
  eq(checkouts.approvalStatus, 'pending_approval'),
);

export async function listAwaitingApproval(
  db: Db,
  page: { limit: number; offset: number },
): Promise<CheckoutAwaitingApproval[]> {
  const rows = await db
    .select({ checkout: checkouts, merchantName: merchants.name })
    .from(checkouts)
    .innerJoin(merchants, eq(merchants.id, checkouts.merchantId))
    .where(awaitingApproval)
    .orderBy(asc(checkouts.updatedAt), asc(checkouts.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.checkout.id);
  const received = ids.length
    ? await db
        .select({ checkoutId: collections.checkoutId, total: sql<string>`sum(${collections.amount})::text` })
        .from(collections)
        .where(inArray(collections.checkoutId, ids))
        .groupBy(collections.checkoutId)
    : [];
  return Promise.all(
    rows.map(async ({ checkout, merchantName }) => {
      const total = received.find((r) => r.checkoutId === checkout.id)?.total;
      const attempt = await latestAttempt(db, checkout.id);
      return {
        ...presentCheckoutFull(checkout),
        merchant_name: merchantName,
        amount_received: total ? toMajorUnits(BigInt(total), checkout.currencyCode) : 0,
        latest_attempt: attempt ? presentAttempt(attempt) : null,
      };
    }),
  );
}

async function requireAwaiting(db: Db, checkoutId: string) {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row) throw notFound('Checkout');
  if (
    row.status !== 'processing' ||
    row.paymentMethod !== 'bank_transfer' ||
    row.approvalStatus !== 'pending_approval'
  ) {
    throw conflict(
      'not_awaiting_approval',
      `This checkout is not a bank transfer awaiting approval (status ${row.status}, approval ${row.approvalStatus})`,
    );
  }
  return row;
}

/** Approve: `checkout.approved` then `checkout.paid`, with the operator's id and notes. */
export async function approveCheckout(db: Db, adminId: string, checkoutId: string, input: ApproveInput) {
  return db.transaction(async (tx) => {
    const current = await requireAwaiting(tx, checkoutId);
    const row = await transitionCheckout(tx, {
      checkoutId,
      tenantId: current.tenantId,
      transition: 'confirm_payment',
      eventType: 'checkout.approved',
      where: awaitingApproval,
      set: {
        approvalStatus: 'approved',
        approvedByAdminId: adminId,
        approvedAt: sql`now()`,
        paidAt: sql`now()`,
        adminNotes: input.admin_notes ?? null,
      },
    });
    await recordEvent(tx, {
      ...ownerOf(row),
      eventType: 'checkout.paid',
      resourceType: 'checkout',
      resourceId: row.id,
      data: presentCheckoutFull(row),
    });
    await creditCheckoutDeposit(tx, row);
    await moveAttempts(tx, 'transfer_approved', { checkoutId });
    return presentCheckoutFull(row);
  });
}

/** Reject: the checkout fails (`checkout.rejected`); the customer may try again until it expires. */
export async function rejectCheckout(db: Db, adminId: string, checkoutId: string, input: RejectInput) {
  return db.transaction(async (tx) => {
    const current = await requireAwaiting(tx, checkoutId);
    const row = await transitionCheckout(tx, {
      checkoutId,
      tenantId: current.tenantId,
      transition: 'decline_payment',
      eventType: 'checkout.rejected',
      where: awaitingApproval,
      set: {
        approvalStatus: 'rejected',
        rejectionReason: input.rejection_reason,
        approvedByAdminId: adminId,
        adminNotes: input.admin_notes ?? null,
      },
    });
    await moveAttempts(
      tx,
      'transfer_rejected',
      { checkoutId },
      { failure: { code: 'rejected', message: input.rejection_reason } },
    );
    return presentCheckoutFull(row);
  });
}
