import { and, eq, sql } from 'drizzle-orm';
import { collections, customerTransactions, paymentAttempts } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { log } from '../../platform/log';

/**
 * The receipt of a mobile-money payment that only the provider's unsigned callback carries (M-Pesa's
 * `MpesaReceiptNumber`: Daraja's STK query answers a ResultCode and nothing else).
 *
 * Where it goes: the collection's `rail_reference` and its deposit's `provider_reference`, in place of
 * the push's `CheckoutRequestID`. The receipt is the code in the customer's SMS and on the merchant's
 * M-Pesa statement, so it is what a customer quotes and what a merchant or an operator looks a payment
 * up by; the `CheckoutRequestID` stays the attempt's `provider_reference`, the id we query by.
 *
 * When: the callback is unsigned, so its receipt counts only for a payment the status query already
 * confirmed, for the same `CheckoutRequestID` the attempt holds, with the amount asked, and only while
 * the collection still carries that id: set once, never changed by a later callback.
 */
export interface CallbackReceipt {
  /** The request the callback names (M-Pesa's `CheckoutRequestID`). */
  providerReference: string;
  receipt: string;
}

/**
 * The receipt a success callback brings for this attempt's own request and amount; undefined for
 * anything else (a failure, another request, another amount, no receipt).
 */
export function receiptOf(
  reading: { providerReference: string; hint: { status: string; amount?: bigint }; receipt?: string } | null,
  attempt: { providerReference: string | null; amount: bigint },
): CallbackReceipt | undefined {
  if (!reading?.receipt || reading.hint.status !== 'succeeded' || reading.hint.amount !== attempt.amount) return;
  if (reading.providerReference !== attempt.providerReference) return;
  return { providerReference: reading.providerReference, receipt: reading.receipt };
}

/**
 * Puts a confirmed receipt on the succeeded attempt's collection, once. The conditional UPDATE is the
 * guard: a second callback finds the receipt there, not the request id, and changes nothing, even
 * when both run at once. True when this call filled it.
 */
export async function fillReceipt(db: Db, attemptId: string, found: CallbackReceipt): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [filled] = await tx
        .update(collections)
        .set({ railReference: found.receipt })
        .where(
          and(
            eq(collections.attemptId, attemptId),
            eq(collections.railReference, found.providerReference),
            sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.id} = ${attemptId}
              and ${paymentAttempts.status} = 'succeeded' and ${paymentAttempts.providerReference} = ${found.providerReference})`,
          ),
        )
        .returning({ id: collections.id });
      if (!filled) return false;
      await tx
        .update(customerTransactions)
        .set({
          providerReference: found.receipt,
          providerMetadata: sql`case when ${customerTransactions.providerMetadata} ? 'collections' then
            jsonb_set(${customerTransactions.providerMetadata}, '{collections}', (
              select jsonb_agg(case when c->>'collection_id' = ${filled.id}
                then jsonb_set(c, '{provider_reference}', to_jsonb(${found.receipt}::text)) else c end)
              from jsonb_array_elements(${customerTransactions.providerMetadata}->'collections') c))
            else ${customerTransactions.providerMetadata} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(customerTransactions.collectionId, filled.id));
      log.info('rail.receipt_recorded', { attempt_id: attemptId, collection_id: filled.id });
      return true;
    });
  } catch (error) {
    // The same receipt on another payment (unique per rail): forged or a provider's slip; keep the request id.
    if (isUniqueViolation(error)) {
      log.error('rail.receipt_taken', { attempt_id: attemptId });
      return false;
    }
    throw error;
  }
}

/** PostgreSQL's unique_violation, however deep the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
