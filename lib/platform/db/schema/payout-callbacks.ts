import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment } from './columns';
import { customerTransactions } from './customer-transactions';

/**
 * What a live payout rail posted to one of a payout's addresses (`callback`: the result or MTN's
 * callback; `status`: Daraja's answer to a status query), kept as received. The address is the only
 * credential, so a row here proves nothing: lib/money-out/payout-callbacks.ts decides what counts.
 * The same body twice at one address is one row (`digest`: a replay is noticed, not acted on).
 */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    id: id(),
    transactionId: uuid()
      .notNull()
      .references(() => customerTransactions.id),
    address: text().$type<'callback' | 'status'>().notNull(),
    body: jsonb().notNull(),
    /** md5 of the body as jsonb text (key order and spacing do not make a replay new). */
    digest: text().notNull(),
    /** For a status answer: the provider's id of the status query it says it answers. */
    questionId: text(),
    receivedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_callbacks_replay_unique').on(t.transactionId, t.address, t.digest),
    index('payout_callbacks_question_idx')
      .on(t.transactionId, t.questionId)
      .where(sql`${t.questionId} is not null`),
    check('payout_callbacks_address_check', sql`${t.address} in ('callback', 'status')`),
  ],
);

/**
 * The status queries we asked a rail that answers them by callback (M-Pesa's Transaction Status), by
 * the id the provider gave each when it accepted it (Daraja's ConversationID). An answer counts only
 * as the answer to one of these, once: `answered_at` is set by the one that counts.
 */
export const payoutStatusQuestions = pgTable(
  'payout_status_questions',
  {
    transactionId: uuid()
      .notNull()
      .references(() => customerTransactions.id),
    questionId: text().notNull(),
    askedAt: createdAt(),
    answeredAt: moment(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.questionId] })],
);
