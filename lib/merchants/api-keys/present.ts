import type { apiKeys } from '../../platform/db/schema';
import { formatTimestamp } from '../../platform/time';
import type { ApiKey } from './contract';

/**
 * Spec 2.2. Never carries the secret: only the create response adds `secret_key`. `status` is as the
 * key works now: an active key past its `expires_at` reads `expired` (and is refused, 401).
 */
export function presentApiKey(k: typeof apiKeys.$inferSelect, now = new Date()): ApiKey {
  return {
    id: k.id,
    merchant_id: k.merchantId,
    key_name: k.keyName,
    key_hash: k.keyHash,
    key_prefix: k.keyPrefix,
    status: k.status === 'active' && k.expiresAt && k.expiresAt <= now ? 'expired' : k.status,
    scope: k.scope,
    permissions: k.permissions,
    expires_at: formatTimestamp(k.expiresAt),
    last_used_at: formatTimestamp(k.lastUsedAt),
    created_by: k.createdBy,
    revoked_at: formatTimestamp(k.revokedAt),
    revoked_by: k.revokedBy,
    api_key_metadata: k.apiKeyMetadata,
    created_at: formatTimestamp(k.createdAt),
    updated_at: formatTimestamp(k.updatedAt),
    deleted_at: formatTimestamp(k.deletedAt),
  };
}
