import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';
import { authUsers } from './auth';
import type { Mode } from './tenants';

/**
 * What people did in the dashboard, for the merchant's owners to read: who (the person, and their
 * email as it was), what (`action`, e.g. `api_key.create`, and its `target`), in which mode, when,
 * from where (address, user agent). Written in the transaction of the change it records, so a change
 * without its line cannot exist. Never updated, never deleted with the person.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    mode: text().$type<Mode>(),
    action: text().notNull(),
    target: text(),
    ipAddress: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);
