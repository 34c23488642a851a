import * as contract from '../../../merchants/api-keys/contract';
import { apiKeyIdParams, createApiKeyInput } from '../../../merchants/api-keys/input';
import { createApiKey } from '../../../merchants/api-keys/create-api-key';
import { revokeApiKey } from '../../../merchants/api-keys/revoke-api-key';
import { API_KEY_PERMISSIONS } from '../../../platform/vocabulary';
import { ROLE_GRANTS } from '../../../access/people/roles';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction } from '../perform';
import { permissionOf } from './operation-permission';

/**
 * API keys from the dashboard: the API's own input schema and verbs. A key made here records the
 * person who made it (`created_by`); its secret is in the answer once, as from the API.
 */
export const createApiKeyAction = {
  name: 'api_key.create',
  allowed: permissionOf(contract.createApiKey),
  read: (form) =>
    validate(createApiKeyInput, {
      name: form.name,
      scope: form.scope || undefined,
      // One checkbox per permission (`permission_read=on`…); none ticked is the API's "none given".
      permissions:
        form.scope === 'RESTRICTED' ? API_KEY_PERMISSIONS.filter((p) => form[`permission_${p}`] === 'on') : undefined,
      // The form's date field gives a day: the key works to its end (UTC).
      expires_at: /^\d{4}-\d{2}-\d{2}$/.test(form.expires_at ?? '')
        ? `${form.expires_at}T23:59:59Z`
        : form.expires_at || undefined,
    }),
  run: (ctx, input) =>
    createApiKey(ctx.db, {
      tenant: ctx.tenant,
      maker: { createdBy: ctx.person.user.id, creatorUserId: ctx.person.user.id, grant: ROLE_GRANTS[ctx.role] },
      input,
    }),
  audit: (input, key) => ({
    target: key.id,
    details: { name: input.name, scope: input.scope, prefix: key.key_prefix },
  }),
} satisfies DashboardAction<ReturnType<typeof createApiKeyInput.parse>, Awaited<ReturnType<typeof createApiKey>>>;

export const revokeApiKeyAction = {
  name: 'api_key.revoke',
  allowed: permissionOf(contract.revokeApiKey),
  read: (form) => validate(apiKeyIdParams, { key_id: form.key_id }),
  run: (ctx, { key_id }) =>
    revokeApiKey(ctx.db, {
      tenant: ctx.tenant,
      keyId: key_id,
      revokedBy: ctx.person.user.id,
      grant: ROLE_GRANTS[ctx.role],
    }),
  audit: ({ key_id }, key) => ({ target: key_id, details: { name: key.key_name } }),
} satisfies DashboardAction<{ key_id: string }, Awaited<ReturnType<typeof revokeApiKey>>>;
