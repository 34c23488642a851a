import { z } from 'zod';
import { needs } from '../../access/permissions';
import { API_KEY_PERMISSIONS, API_KEY_SCOPES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { apiKeyIdParams, createApiKeyInput } from './input';

/** Spec 2.2. Never carries the secret: only the create answer adds `secret_key`. */
export const apiKeySchema = named(
  'ApiKey',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    key_name: z.string(),
    key_hash: z
      .string()
      .meta({ description: 'SHA-256 (hex) of the full key: the only form in which the secret is stored' }),
    key_prefix: z
      .string()
      .meta({ description: "The key's first characters, to recognise it (`sk_test_…`, `sk_live_…`)" }),
    status: z.enum(['active', 'expired', 'revoked']).meta({
      description:
        'active; expired once past `expires_at` (refused, 401 `expired_api_key`); revoked (refused at once, 401 `revoked_api_key`)',
    }),
    scope: z
      .enum(API_KEY_SCOPES)
      .meta({ description: 'FULL_ACCESS may call everything; RESTRICTED only what `permissions` allow' }),
    permissions: z
      .array(z.enum(API_KEY_PERMISSIONS))
      .meta({ description: 'What a RESTRICTED key may do (ignored for FULL_ACCESS)' }),
    expires_at: nullableTimestamp.meta({ description: 'After this the key is refused; null = never expires' }),
    last_used_at: nullableTimestamp.meta({ description: 'Updated at most once a minute per key' }),
    created_by: uuidField.nullable().meta({ description: "Who made it: the merchant's id, or the operator's" }),
    revoked_at: nullableTimestamp,
    revoked_by: uuidField.nullable(),
    api_key_metadata: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The merchant's own JSON, as given" }),
    created_at: timestamp,
    updated_at: timestamp,
    deleted_at: nullableTimestamp.meta({
      description: "Spec 2.2's soft delete; nothing in the API deletes keys (revoke them), so always null here",
    }),
  }),
);
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyWithSecretSchema = named(
  'ApiKeyWithSecret',
  apiKeySchema.extend({
    secret_key: z.string().meta({
      description: 'The full key for the `x-api-key` header. Shown only in this answer: store it now',
      example: 'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    }),
  }),
);
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecretSchema>;

export const listApiKeys = operation({
  operationId: 'listApiKeys',
  method: 'GET',
  path: '/api/v1/merchants/api-keys',
  tag: 'API keys',
  summary: 'List API keys',
  description: 'Active and revoked keys, newest first; never their secrets. Needs a FULL_ACCESS key.',
  security: 'apiKey',
  permission: needs.fullAccess,
  data: z.array(apiKeySchema),
});

export const createApiKey = operation({
  operationId: 'createApiKey',
  method: 'POST',
  path: '/api/v1/merchants/api-keys',
  tag: 'API keys',
  summary: 'Create API key',
  description:
    'A key with only a `name` is FULL_ACCESS; a RESTRICTED key needs `permissions`. A sandbox deployment mints `sk_test_` keys, a live one `sk_live_`. The secret appears only in this answer (`secret_key`). Needs a FULL_ACCESS key.',
  security: 'apiKey',
  permission: needs.fullAccess,
  body: createApiKeyInput,
  data: apiKeyWithSecretSchema,
  example: { body: { name: 'Reporting', scope: 'RESTRICTED', permissions: ['read'] } },
});

export const revokeApiKey = operation({
  operationId: 'revokeApiKey',
  method: 'DELETE',
  path: '/api/v1/merchants/api-keys/{key_id}',
  tag: 'API keys',
  summary: 'Revoke API key',
  description:
    'Immediate: the next request with the key is a 401. The key stays listed as `revoked`; revoking it again is a 409 `api_key_already_revoked`. Needs a FULL_ACCESS key.',
  security: 'apiKey',
  permission: needs.fullAccess,
  params: apiKeyIdParams,
  data: apiKeySchema,
  errors: [409],
});
