import { ownedByTenant, tenantId } from './tenants';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, moment, updatedAt } from './columns';
import { merchants } from './merchants';
import { authUsers } from './auth';
import { type ApiKeyPermission, type ApiKeyScope } from '../../vocabulary';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    merchantId: uuid()
      .notNull()
      .references(() => merchants.id),
    tenantId: tenantId(),
    keyName: text().notNull(),
    /** SHA-256 (hex) of the full key: the only form in which the secret is stored. */
    keyHash: text().notNull().unique(),
    keyPrefix: text().notNull(),
    status: text().$type<'active' | 'revoked'>().notNull().default('active'),
    scope: text().$type<ApiKeyScope>().notNull().default('FULL_ACCESS'),
    permissions: text().array().$type<ApiKeyPermission[]>().notNull(),
    expiresAt: moment(),
    lastUsedAt: moment(),
    /** Spec 2.2's `created_by`: the merchant's id for a key made through the API, else the person's. */
    createdBy: uuid(),
    /**
     * The person answerable for the key: who made it in the dashboard, or the person behind the key
     * that made it through the API (null for keys of onboarding). Removing them from the team revokes it.
     */
    creatorUserId: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    revokedAt: moment(),
    revokedBy: uuid(),
    apiKeyMetadata: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: moment(),
  },
  (t) => [
    ownedByTenant('api_keys', t),
    index('api_keys_tenant_idx').on(t.tenantId, t.createdAt),
    index('api_keys_creator_idx').on(t.merchantId, t.creatorUserId),
    check('api_keys_status_check', sql`${t.status} in ('active', 'revoked')`),
    check('api_keys_scope_check', sql`${t.scope} in ('FULL_ACCESS', 'RESTRICTED')`),
  ],
);
