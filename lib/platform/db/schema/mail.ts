import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, moment } from './columns';

/**
 * Every email the service writes (sign-up, password reset, invitations): kept here first, in the
 * transaction of what caused it. With SMTP_URL set a job sends it (`sent_at`, or `last_error` and a
 * retry); without, it stays here and the dev mailbox shows it (lib/platform/mail).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    createdAt: createdAt(),
    sentAt: moment(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
