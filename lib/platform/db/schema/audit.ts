import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { merchants } from './merchants';
import { authUsers } from './auth';
import type { Mode } from '../../vocabulary';
import { type ActorType } from '../../vocabulary';

/**
 * Every change of money, routing or privilege, for the merchant's owners (and the operator) to read:
 * who (the actor, the person behind it and their email as it was), what (`action`, e.g.
 * `api_key.create`, and its `target`), in which mode, when, from where (address, user agent).
 * Written in the transaction of the change it records (lib/access/audit.ts), so a change without its
 * line cannot exist. Never updated, never deleted with the person. `merchant_id` is null only for
 * the operator's own changes that concern no one merchant (a settlement run over all of them, an
 * admin key).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    merchantId: uuid().references(() => merchants.id),
    actorType: text().$type<ActorType>().notNull().default('person'),
    userId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    actorEmail: text(),
    /** The merchant's API key that acted (`api_key`). */
    apiKeyId: uuid(),
    /** The operator's admin key that acted (`admin_key`). */
    adminKeyId: uuid(),
    mode: text().$type<Mode>(),
    action: text().notNull(),
    target: text(),
    ipAddress: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    check(
      'audit_log_actor_type_check',
      sql`${t.actorType} in ('person', 'operator', 'api_key', 'admin_key', 'bootstrap_token')`,
    ),
  ],
);
