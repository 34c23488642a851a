import { apiKeys, ownerOf, type Tenant } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { generateApiKey } from '../../access/api-key-format';
import { assertKeyWithin, type KeyGrant } from '../../access/permissions';
import type { CreateApiKeyInput } from './input';
import { presentApiKey } from './present';
import type { ApiKeyWithSecret } from './contract';

/** The spec's defaults for a key created with only a name. */
const DEFAULT_PERMISSIONS = ['read', 'write'] as const;

/** Who makes a key: spec 2.2's `created_by`, the person answerable for it, and what they may hand on. */
export interface KeyMaker {
  createdBy: string;
  /** The person (or the person behind the key making it); null for onboarding's first key. */
  creatorUserId: string | null;
  grant: KeyGrant;
}

/**
 * Mints a key, never stronger than its maker's grant (a developer cannot mint a FULL_ACCESS key).
 * The full secret is returned here, once, as `secret_key`; only its SHA-256 is stored. Sandbox
 * deployments mint `sk_test_` keys, live ones `sk_live_`.
 */
export async function createApiKey(
  db: Db,
  args: { tenant: Tenant; maker: KeyMaker; input: CreateApiKeyInput },
): Promise<ApiKeyWithSecret> {
  const { input, maker } = args;
  const permissions = input.permissions ?? [...DEFAULT_PERMISSIONS];
  assertKeyWithin({ scope: input.scope, permissions }, maker.grant);
  const generated = generateApiKey(args.tenant.mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      ...ownerOf(args.tenant),
      keyName: input.name,
      keyHash: generated.hash,
      keyPrefix: generated.prefix,
      scope: input.scope,
      permissions,
      expiresAt: input.expires_at ?? null,
      createdBy: maker.createdBy,
      creatorUserId: maker.creatorUserId,
      apiKeyMetadata: input.api_key_metadata ?? null,
    })
    .returning();
  return { ...presentApiKey(row!), secret_key: generated.secret };
}
