import { z } from 'zod';
import { API_KEY_PERMISSIONS, API_KEY_SCOPES } from '../../platform/vocabulary';
import { freeFormObject } from '../../platform/http/free-form';
import { timestampInput } from '../../platform/http/timestamp-input';
import { requiredText } from '../../platform/http/text-input';
import { documentedVariants, exclusiveVariants } from '../../platform/documented';

const keyFields = {
  name: requiredText(100, { type: 'is required' }),
  expires_at: timestampInput
    .refine((d) => d.getTime() > Date.now(), 'must be in the future')
    .optional()
    .meta({
      description: 'When the key stops working: a moment in the future (UTC when no offset). Absent: never.',
    }),
  api_key_metadata: freeFormObject().optional(),
};
const permissions = z
  .array(z.enum(API_KEY_PERMISSIONS))
  .min(1, 'must name at least one permission')
  .transform((list) => [...new Set(list)]);

/** A FULL_ACCESS key (the default) may list permissions, which it ignores; a RESTRICTED key must. */
export const createApiKeyInput = documentedVariants(
  z
    .strictObject({
      ...keyFields,
      scope: z.enum(API_KEY_SCOPES).default('FULL_ACCESS'),
      permissions: permissions.optional(),
    })
    .refine((v) => v.scope === 'FULL_ACCESS' || v.permissions !== undefined, {
      path: ['permissions'],
      message: 'is required for a RESTRICTED key',
    }),
  exclusiveVariants([
    z.strictObject({ ...keyFields, scope: z.literal('FULL_ACCESS').optional(), permissions: permissions.optional() }),
    z.strictObject({ ...keyFields, scope: z.literal('RESTRICTED'), permissions }),
  ]),
);
export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;

export const apiKeyIdParams = z.strictObject({ key_id: z.uuid({ error: 'must be a UUID' }) });
