import { and, eq, inArray, sql } from 'drizzle-orm';
import { checkouts, customerTransactions, ownerOf, type Tenant } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import type { MerchantCtx } from '../access/endpoints';
import { conflict, invalidField, notFound } from '../platform/http/errors';
import { amountProblemInAnyCurrency, amountProblemMessage, toMajorUnits } from '../platform/money/amount';
import { requireMoney } from '../platform/http/money-input';
import { nonZero, postEntry } from './ledger/post-entry';
import { recordEvent } from '../notifications/events/record-event';
import { presentCheckoutFull } from '../checkout/present';
import { assertCanSendMoney, findWallet } from './wallets/find-wallet';
import type { CheckoutRefunded } from './customer-transactions/contract';
import type { RefundInput } from './customer-transactions/input';
import { presentTransaction } from './customer-transactions/present';

/**
 * Gives a customer money back from a deposit, in full or in part. The refund is a customer transaction
 * `refund` (linked by `refunds_transaction_id`) and one ledger entry:
 *   debit  merchant_available  as much as is available     (statement: refund)
 *   debit  merchant_holding    the rest, if any            (statement: refund)
 *   credit rail_clearing       the amount (the rail sends it back to the customer)
 * Fees of the deposit are not returned. The wallet row is locked first, then the deposit, so refunds of
 * one deposit queue up and their total can never pass the deposit's amount.
 */
export async function refundDeposit(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: RefundInput,
  idempotencyKey: string | null,
) {
  const { tenant } = ctx;
  // A malformed amount is a 422 before anything is looked up (and before any 404 or 409).
  const shapeProblem = input.amount === undefined ? null : amountProblemInAnyCurrency(input.amount);
  if (shapeProblem) throw invalidField('amount', amountProblemMessage(shapeProblem.problem, shapeProblem.currency));
  return ctx.db.transaction(async (tx) => {
    const target = await findDeposit(tx, tenant, input);
    const currency = target.currencyCode;
    const { wallet } = await findWallet(tx, tenant, currency, { lock: true });
    assertCanSendMoney(wallet, currency);
    const [deposit] = await tx
      .select()
      .from(customerTransactions)
      .where(eq(customerTransactions.id, target.id))
      .for('update');
    const refundable = deposit!.amount - deposit!.refundedAmount;
    if (refundable === 0n) throw conflict('already_refunded', 'This deposit has already been refunded in full');

    let amount = refundable;
    if (input.amount !== undefined) {
      const { minor } = requireMoney(input.amount, currency);
      if (minor > refundable) {
        throw conflict(
          'refund_exceeds_deposit',
          `At most ${toMajorUnits(refundable, currency)} ${currency} of this deposit can still be refunded`,
        );
      }
      amount = minor;
    }
    const fromAvailable = wallet.availableBalance < amount ? wallet.availableBalance : amount;
    const fromHolding = amount - fromAvailable;

    const [refund] = await tx
      .insert(customerTransactions)
      .values({
        ...ownerOf(tenant),
        walletId: wallet.id,
        currencyId: deposit!.currencyId,
        currencyCode: currency,
        transactionType: 'refund',
        status: 'completed',
        amount,
        feeAmount: 0n,
        netAmount: amount,
        completedAt: sql`now()`,
        // Money leaving the wallet is settled as it leaves: there is nothing left to settle.
        settlementStatus: 'settled',
        settledAt: sql`now()`,
        customerEmail: deposit!.customerEmail,
        customerName: deposit!.customerName,
        customerPhone: deposit!.customerPhone,
        checkoutSessionId: deposit!.checkoutSessionId,
        paymentMethod: deposit!.paymentMethod,
        provider: deposit!.provider,
        providerReference: `refund-${crypto.randomUUID()}`,
        metaData: deposit!.metaData,
        refundsTransactionId: deposit!.id,
        externalReference: deposit!.externalReference,
        idempotencyKey,
        notes: input.reason,
      })
      .returning();
    const [updatedDeposit] = await tx
      .update(customerTransactions)
      .set({
        refundedAmount: sql`${customerTransactions.refundedAmount} + ${amount}`,
        // What settlement must not move for this deposit any more (see run-settlement.ts).
        refundedFromHolding: sql`${customerTransactions.refundedFromHolding} + ${fromHolding}`,
        updatedAt: sql`now()`,
      })
      .where(eq(customerTransactions.id, deposit!.id))
      .returning();

    await postEntry(tx, {
      ...ownerOf(tenant),
      kind: 'refund',
      description: `Refund of ${toMajorUnits(amount, currency)} ${currency}: ${input.reason}`,
      customerTransactionId: refund!.id,
      lines: nonZero([
        { account: 'merchant_available', direction: 'debit', amount: fromAvailable, currency, purpose: 'refund' },
        { account: 'merchant_holding', direction: 'debit', amount: fromHolding, currency, purpose: 'refund' },
        {
          account: 'rail_clearing',
          direction: 'credit',
          amount,
          currency,
          purpose: 'refund',
          rail: deposit!.provider ?? 'manual',
        },
      ]),
    });

    if (deposit!.checkoutSessionId) {
      const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, deposit!.checkoutSessionId));
      await recordEvent(tx, {
        ...ownerOf(tenant),
        eventType: 'checkout.refunded',
        resourceType: 'checkout',
        resourceId: checkout!.id,
        data: {
          ...presentCheckoutFull(checkout!),
          refund: {
            ...presentTransaction(refund!),
            deposit_transaction_id: deposit!.id,
            deposit_refunded_amount: toMajorUnits(updatedDeposit!.refundedAmount, currency),
            fully_refunded: updatedDeposit!.refundedAmount === updatedDeposit!.amount,
          },
        } satisfies CheckoutRefunded,
      });
    }
    return presentTransaction(refund!);
  });
}

/** What is left to refund of a checkout's payment (its non-duplicate deposit), or null when it has none. */
export async function refundableOfCheckout(db: Db, tenant: Tenant, checkoutId: string) {
  const [deposit] = await db
    .select({ amount: customerTransactions.amount, refunded: customerTransactions.refundedAmount })
    .from(customerTransactions)
    .where(
      and(
        eq(customerTransactions.checkoutSessionId, checkoutId),
        eq(customerTransactions.tenantId, tenant.id),
        eq(customerTransactions.transactionType, 'deposit'),
        eq(customerTransactions.isDuplicate, false),
      ),
    );
  return deposit ? deposit.amount - deposit.refunded : null;
}

/**
 * How much of each checkout's payment (its non-duplicate deposit) was refunded, for the checkouts
 * that have one: what the dashboard's lists show as "Refunded" or "Partially refunded".
 */
export async function refundedOfCheckouts(db: Db, tenant: Tenant, checkoutIds: string[]) {
  const found = new Map<string, { amount: bigint; refunded: bigint }>();
  if (checkoutIds.length === 0) return found;
  const rows = await db
    .select({
      checkoutId: customerTransactions.checkoutSessionId,
      amount: customerTransactions.amount,
      refunded: customerTransactions.refundedAmount,
    })
    .from(customerTransactions)
    .where(
      and(
        inArray(customerTransactions.checkoutSessionId, checkoutIds),
        eq(customerTransactions.tenantId, tenant.id),
        eq(customerTransactions.transactionType, 'deposit'),
        eq(customerTransactions.isDuplicate, false),
      ),
    );
  for (const row of rows) if (row.checkoutId) found.set(row.checkoutId, { amount: row.amount, refunded: row.refunded });
  return found;
}

/** The deposit named by `transaction_id`, or the (non-duplicate) deposit of `checkout_id`. */
async function findDeposit(db: Db, tenant: Tenant, input: RefundInput) {
  const where = input.transaction_id
    ? eq(customerTransactions.id, input.transaction_id)
    : and(eq(customerTransactions.checkoutSessionId, input.checkout_id!), eq(customerTransactions.isDuplicate, false));
  const [row] = await db
    .select()
    .from(customerTransactions)
    .where(
      and(where, eq(customerTransactions.tenantId, tenant.id), eq(customerTransactions.transactionType, 'deposit')),
    );
  if (row) return row;
  if (input.checkout_id) {
    const [checkout] = await db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(and(eq(checkouts.id, input.checkout_id), eq(checkouts.tenantId, tenant.id)));
    if (checkout)
      throw conflict('checkout_not_paid', `This checkout has no payment to refund (status ${checkout.status})`);
    throw notFound('Checkout');
  }
  const [other] = await db
    .select({ type: customerTransactions.transactionType })
    .from(customerTransactions)
    .where(and(eq(customerTransactions.id, input.transaction_id!), eq(customerTransactions.tenantId, tenant.id)));
  if (other) throw conflict('not_a_deposit', `Only deposits can be refunded; this transaction is a ${other.type}`);
  throw notFound('Transaction');
}
