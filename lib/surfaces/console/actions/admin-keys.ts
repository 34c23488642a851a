import { z } from 'zod';
import {
  adminKeyIdInput,
  createAdminKey,
  createAdminKeyInput,
  revokeAdminKey,
} from '../../../operator/admin-keys/admin-keys';
import { validate } from '../../../platform/http/parse';
import type { OperatorAction } from '../perform-operator';

/**
 * An operator's own admin keys for the operator API: made for themselves (the secret answered once),
 * revoked by any operator. Both ask for a fresh second factor (the policy table); their audit lines
 * concern no one merchant.
 */
export const createAdminKeyAction = {
  name: 'admin_key.create',
  read: (form) => validate(createAdminKeyInput, { name: form.name }),
  run: (ctx, input) => createAdminKey(ctx.db, { userId: ctx.person.user.id, name: input.name }),
  audit: (input, key) => ({ merchantId: null, target: key.id, details: { name: input.name, prefix: key.key_prefix } }),
} satisfies OperatorAction<z.infer<typeof createAdminKeyInput>, Awaited<ReturnType<typeof createAdminKey>>>;

export const revokeAdminKeyAction = {
  name: 'admin_key.revoke',
  read: (form) => validate(adminKeyIdInput, { key_id: form.key_id }),
  run: (ctx, input) => revokeAdminKey(ctx.db, { keyId: input.key_id, revokedBy: ctx.person.user.id }),
  audit: (input, key) => ({
    merchantId: null,
    target: input.key_id,
    details: { name: key.name, prefix: key.key_prefix },
  }),
} satisfies OperatorAction<z.infer<typeof adminKeyIdInput>, Awaited<ReturnType<typeof revokeAdminKey>>>;
