import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { collections, customerTransactions, paymentAttempts, wallets, ownerOf } from '../platform/db/schema';
import type { Db } from '../platform/db/client';
import { config } from '../platform/config';
import { feeFor } from './fees';
import { nonZero, postEntry } from './ledger/post-entry';
import type { CheckoutRow } from '../checkout/present';
import { formatTimestamp } from '../platform/time';

type CollectionRow = typeof collections.$inferSelect;

/**
 * Money in: a customer transaction `deposit` and its ledger entry, in the caller's transaction.
 *   debit  rail_clearing     gross   (the rail holds the customer's money for us)
 *   credit merchant_holding  gross   (statement: deposit)
 *   debit  merchant_holding  fee     (statement: fee)
 *   credit fees              fee
 */
async function recordDeposit(
  db: Db,
  checkout: CheckoutRow,
  deposit: {
    amount: bigint;
    method: string;
    rail: string;
    collection: CollectionRow | null;
    collections: CollectionRow[];
    duplicate: boolean;
  },
): Promise<string | null> {
  const currency = checkout.currencyCode;
  const method = deposit.method === 'bank_transfer' ? 'bank_transfer' : 'mobile_money';
  const fee = feeFor(config().FEE_SCHEDULE, `deposit.${method}`, currency, deposit.amount);
  const [created] = await db
    .insert(customerTransactions)
    .values({
      ...ownerOf(checkout),
      walletId: (await walletIdOf(db, checkout))!,
      currencyId: checkout.currencyId,
      currencyCode: currency,
      transactionType: 'deposit',
      status: 'completed',
      amount: deposit.amount,
      feeAmount: fee,
      netAmount: deposit.amount - fee,
      completedAt: sql`now()`,
      customerEmail: checkout.customerEmail,
      customerName: checkout.customerName,
      customerPhone: checkout.customerPhone,
      checkoutSessionId: checkout.id,
      collectionId: deposit.collection?.id ?? null,
      isDuplicate: deposit.duplicate,
      paymentMethod: method,
      provider: deposit.rail,
      providerReference: deposit.collection?.railReference ?? null,
      providerMetadata: deposit.collections.length
        ? {
            collections: deposit.collections.map((c) => ({
              collection_id: c.id,
              provider_reference: c.railReference,
              amount_minor: c.amount.toString(),
              received_at: formatTimestamp(c.receivedAt),
            })),
          }
        : null,
      metaData: {
        ...(checkout.metaData ?? {}),
        checkout_id: checkout.id,
        payment_reference: checkout.paymentReference,
        ...(deposit.duplicate ? { duplicate_payment: 'true' } : {}),
      },
      externalReference: checkout.id,
    })
    .onConflictDoNothing()
    .returning({ id: customerTransactions.id });
  if (!created) return null; // already recorded: a repeated report changes nothing

  await postEntry(db, {
    ...ownerOf(checkout),
    kind: 'deposit',
    description: `${deposit.duplicate ? 'Duplicate payment' : 'Payment'} for checkout ${checkout.paymentReference}`,
    customerTransactionId: created.id,
    stamp: 'lastDepositAt',
    lines: nonZero([
      {
        account: 'rail_clearing',
        direction: 'debit',
        amount: deposit.amount,
        currency,
        purpose: 'deposit',
        rail: deposit.rail,
      },
      { account: 'merchant_holding', direction: 'credit', amount: deposit.amount, currency, purpose: 'deposit' },
      { account: 'merchant_holding', direction: 'debit', amount: fee, currency, purpose: 'fee' },
      { account: 'fees', direction: 'credit', amount: fee, currency, purpose: 'fee' },
    ]),
  });
  return created.id;
}

async function walletIdOf(db: Db, checkout: CheckoutRow) {
  const [wallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.tenantId, checkout.tenantId), eq(wallets.currencyId, checkout.currencyId)));
  return wallet?.id;
}

/**
 * The checkout just became `paid`: credit what was collected for it (all its non-duplicate
 * collections; an operator may approve a short transfer). Without any collection (an operator
 * approved a claimed transfer they verified elsewhere) the checkout's amount is credited.
 */
export async function creditCheckoutDeposit(db: Db, checkout: CheckoutRow): Promise<string | null> {
  const received = await db
    .select()
    .from(collections)
    .where(and(eq(collections.checkoutId, checkout.id), inArray(collections.kind, ['payment', 'underpayment'])))
    .orderBy(asc(collections.receivedAt), asc(collections.id));
  const latest = received.at(-1) ?? null;
  const method = checkout.paymentMethod ?? latest?.method ?? 'bank_transfer';
  return recordDeposit(db, checkout, {
    amount: received.length ? received.reduce((sum, c) => sum + c.amount, 0n) : checkout.amount,
    method,
    rail: latest?.rail ?? (await railOfLatestAttempt(db, checkout.id)) ?? 'manual',
    collection: latest,
    collections: received,
    duplicate: false,
  });
}

/** Money for a checkout that could no longer take it: credited all the same, flagged, ready to refund. */
export async function creditDuplicateDeposit(db: Db, checkout: CheckoutRow, collection: CollectionRow) {
  return recordDeposit(db, checkout, {
    amount: collection.amount,
    method: collection.method,
    rail: collection.rail,
    collection,
    collections: [collection],
    duplicate: true,
  });
}

async function railOfLatestAttempt(db: Db, checkoutId: string) {
  const [attempt] = await db
    .select({ provider: paymentAttempts.provider })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.checkoutId, checkoutId))
    .orderBy(desc(paymentAttempts.createdAt))
    .limit(1);
  return attempt?.provider;
}
