import { apiKeys, ownerOf, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { generateApiKey } from '../../access/api-key-format';
import type { CreateApiKeyInput } from './input';
import { presentApiKey } from './present';
import type { ApiKeyWithSecret } from './contract';

/** The spec's defaults for a key created with only a name. */
const DEFAULT_PERMISSIONS = ['read', 'write'] as const;

/**
 * Mints a key. The full secret is returned here, once, as `secret_key`; only its SHA-256 is stored.
 * Sandbox deployments mint `sk_test_` keys, live ones `sk_live_`.
 */
export async function createApiKey(
  db: Db,
  args: { tenant: Tenant; createdBy: string; input: CreateApiKeyInput },
): Promise<ApiKeyWithSecret> {
  const generated = generateApiKey(args.tenant.mode);
  const { input } = args;
  const [row] = await db
    .insert(apiKeys)
    .values({
      ...ownerOf(args.tenant),
      keyName: input.name,
      keyHash: generated.hash,
      keyPrefix: generated.prefix,
      scope: input.scope,
      permissions: input.permissions ?? [...DEFAULT_PERMISSIONS],
      expiresAt: input.expires_at ?? null,
      createdBy: args.createdBy,
      apiKeyMetadata: input.api_key_metadata ?? null,
    })
    .returning();
  return { ...presentApiKey(row!), secret_key: generated.secret };
}
