import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currencyCode, money, moment } from './columns';

/**
 * The sandbox provider's own books: what it was asked (a prompt, a payout, an account to pay into) and
 * what its simulated customer or bank answered or received (a transfer, already settled when it arrives). It stands where a real provider's systems stand: the service reads it only
 * through the sandbox's status query (lib/rails/sandbox/), never as a table of its own, so test mode
 * runs the same pipeline as a live payment.
 */
export const sandboxRailRequests = pgTable(
  'sandbox_rail_requests',
  {
    /** The sandbox's reference (`SBX-MM-…`, `SBX-PO-…`, `SBX-AC-…`, `SBX-BT-…`), given back when the request is accepted. */
    reference: text().primaryKey(),
    kind: text().$type<'prompt' | 'payout' | 'account' | 'transfer'>().notNull(),
    /** Our attempt or payout id: the idempotency key, as real providers take it (a transfer's: its own). */
    subjectId: uuid().notNull().unique(),
    amount: money().notNull(),
    currencyCode: currencyCode().notNull(),
    status: text().$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** Why it failed, in the service's words (`declined`, `insufficient_funds`, `rejected`). */
    failure: text(),
    /** An account's or a transfer's payment reference: how the sandbox bank matches money to a checkout. */
    quotedReference: text(),
    createdAt: createdAt(),
    answeredAt: moment(),
  },
  (t) => [
    check('sandbox_rail_requests_kind_check', sql`${t.kind} in ('prompt', 'payout', 'account', 'transfer')`),
    check('sandbox_rail_requests_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);
