import { check, foreignKey, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns';
import { merchants } from './merchants';
import { type Mode } from '../../vocabulary';

/**
 * A merchant's test side and, once the operator enables live mode, its live side: what merchants call
 * their test and live accounts. Every object a merchant owns (checkouts, money, keys, webhooks,
 * events…) belongs to one tenant and is scoped by it, so a test key, which only ever holds the test
 * tenant's id, cannot name a live row.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    mode: text().$type<Mode>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('tenants_merchant_mode_unique').on(t.merchantId, t.mode),
    // The target of every owned row's (tenant_id, merchant_id) key: another merchant's tenant cannot be named.
    unique('tenants_id_merchant_unique').on(t.id, t.merchantId),
    check('tenants_mode_check', sql`${t.mode} in ('test', 'live')`),
  ],
);

/** A tenant as the code passes it around: verbs read and write rows of `id` only. */
export interface Tenant {
  id: string;
  merchantId: string;
  mode: Mode;
}

/** The owner columns of a new row, from its tenant or from another row of the same tenant. */
export const ownerOf = (owner: Tenant | { tenantId: string; merchantId: string }) =>
  'tenantId' in owner
    ? { merchantId: owner.merchantId, tenantId: owner.tenantId }
    : { merchantId: owner.merchantId, tenantId: owner.id };

/** The tenant that owns a row; `ownedByTenant` ties it to the row's merchant_id. */
export const tenantId = () => uuid().notNull();

/**
 * A reference to another owned row that must be in the same tenant: `(column, tenant_id)` → the
 * target's `(id, tenant_id)`. A deposit can only land in a wallet of its own mode, an attempt only
 * belong to a checkout of its own mode. (A null column is not checked.)
 */
export const sameTenant = (
  name: string,
  column: AnyPgColumn,
  t: { tenantId: AnyPgColumn },
  target: { id: AnyPgColumn; tenantId: AnyPgColumn },
) => foreignKey({ name, columns: [column, t.tenantId], foreignColumns: [target.id, target.tenantId] });

export const ownedByTenant = (table: string, t: { tenantId: AnyPgColumn; merchantId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_tenant_fk`,
    columns: [t.tenantId, t.merchantId],
    foreignColumns: [tenants.id, tenants.merchantId],
  });
