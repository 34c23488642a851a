import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, updatedAt } from './columns';
import { authMembers } from './auth';

/**
 * Every email the service writes (sign-up, password reset, invitations, money notices): kept here
 * first, in the transaction of what caused it. With SMTP_URL set a job sends it (`sent_at`, or
 * `last_error` and a retry); without, it stays here and the dev mailbox shows it (lib/platform/mail).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** What this mail is for (`event:<event id>:<address>`): a job run twice writes it once. */
    sourceKey: text().unique(),
    createdAt: createdAt(),
    sentAt: moment(),
    attempts: integer().notNull().default(0),
    lastError: text(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * What money mail one member of one business wants (docs/mail.md). No row: their role's defaults
 * (lib/merchants/mail/preferences.ts). Goes with the membership: a member removed gets nothing more.
 */
export const memberMailPreferences = pgTable('member_mail_preferences', {
  memberId: uuid()
    .primaryKey()
    .references(() => authMembers.id, { onDelete: 'cascade' }),
  paymentReceived: boolean().notNull(),
  payoutCompleted: boolean().notNull(),
  payoutFailed: boolean().notNull(),
  actionNeeded: boolean().notNull(),
  updatedAt: updatedAt(),
});
