import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { payoutCallbacks, payoutStatusQuestions } from '../platform/db/schema';
import type { Db } from '../platform/db/client';

/**
 * What comes to a live payout's addresses, and the status queries answered there. MTN and Daraja sign
 * nothing, and the addresses sit in URLs handed to the provider (and to every proxy that logs them),
 * so the address alone never moves money: a callback is kept as received and only makes us ask the
 * provider; an answer posted to either address counts only as the answer to a request we made (a
 * status query, or M-Pesa's B2C request itself), named by the id the provider gave that request in its
 * own HTTP response, and only once.
 */

export type PayoutAddress = 'callback' | 'status';

/** Keeps a body posted to a payout's address; false when there is no such payout, or for a replay. */
export async function keepCallback(
  db: Db,
  transactionId: string,
  address: PayoutAddress,
  body: unknown,
  questionId: string | null = null,
): Promise<boolean> {
  const json = JSON.stringify(body ?? null);
  const rows = await db.execute<{ id: string }>(sql`
    insert into ${payoutCallbacks} (transaction_id, address, body, digest, question_id)
    select id, ${address}, ${json}::jsonb, md5(${json}::jsonb::text), ${questionId}
      from customer_transactions where id = ${transactionId} and payout_kind is not null
    on conflict (transaction_id, address, digest) do nothing
    returning id`);
  return rows.length > 0;
}

/**
 * The question a transfer's own result answers (M-Pesa's B2C result names the ConversationID of the
 * B2C request's answer), kept apart from status queries' ids so one never passes for the other.
 */
export const sendQuestion = (providerId: string) => `send:${providerId}`;

/** A request the provider accepted (a status query, a send), by its id for it: the only answers that may count. */
export async function noteQuestion(db: Db, transactionId: string, questionId: string): Promise<void> {
  await db.insert(payoutStatusQuestions).values({ transactionId, questionId }).onConflictDoNothing();
}

/** Marks the question answered: true for one answer only, and only for a question we asked about this payout. */
export async function takeQuestion(db: Db, transactionId: string, questionId: string): Promise<boolean> {
  const taken = await db
    .update(payoutStatusQuestions)
    .set({ answeredAt: sql`now()` })
    .where(
      and(
        eq(payoutStatusQuestions.transactionId, transactionId),
        eq(payoutStatusQuestions.questionId, questionId),
        isNull(payoutStatusQuestions.answeredAt),
      ),
    )
    .returning({ questionId: payoutStatusQuestions.questionId });
  return taken.length > 0;
}

/**
 * An answer to the question that came before we noted it (the provider posted it while its HTTP
 * response to us was still on its way): the first one kept, or undefined.
 */
export async function earlyAnswer(
  db: Db,
  transactionId: string,
  questionId: string,
  address: PayoutAddress = 'status',
): Promise<unknown> {
  const [row] = await db
    .select({ body: payoutCallbacks.body })
    .from(payoutCallbacks)
    .where(
      and(
        eq(payoutCallbacks.transactionId, transactionId),
        eq(payoutCallbacks.address, address),
        eq(payoutCallbacks.questionId, questionId),
      ),
    )
    .orderBy(asc(payoutCallbacks.receivedAt))
    .limit(1);
  return row?.body;
}
