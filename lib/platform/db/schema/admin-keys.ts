import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, moment } from './columns';
import { authUsers } from './auth';

/**
 * An operator's own credential for the operator API (`Authorization: Bearer ak_…`): made in the
 * console with a fresh second factor, shown once, stored as its SHA-256 only, revocable, listed with
 * its last use. Every call with it is the operator's, in the audit log.
 */
export const adminKeys = pgTable(
  'admin_keys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    keyHash: text().notNull().unique(),
    keyPrefix: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: moment(),
    revokedAt: moment(),
    revokedBy: uuid(),
  },
  (t) => [index('admin_keys_user_idx').on(t.userId, t.createdAt)],
);
