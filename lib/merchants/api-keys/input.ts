import { z } from 'zod';
import { API_KEY_PERMISSIONS, API_KEY_SCOPES } from '../../platform/vocabulary';
import { freeFormObject } from '../../platform/http/free-form';
import { timestampInput } from '../../platform/http/timestamp-input';

export const createApiKeyInput = z
  .strictObject({
    name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(100),
    scope: z.enum(API_KEY_SCOPES).default('FULL_ACCESS'),
    permissions: z
      .array(z.enum(API_KEY_PERMISSIONS))
      .min(1, 'must name at least one permission')
      .transform((list) => [...new Set(list)])
      .optional(),
    expires_at: timestampInput.refine((d) => d.getTime() > Date.now(), 'must be in the future').optional(),
    api_key_metadata: freeFormObject().optional(),
  })
  .refine((v) => v.scope === 'FULL_ACCESS' || v.permissions !== undefined, {
    path: ['permissions'],
    message: 'is required for a RESTRICTED key',
  });
export type CreateApiKeyInput = z.output<typeof createApiKeyInput>;

export const apiKeyIdParams = z.strictObject({ key_id: z.uuid({ error: 'must be a UUID' }) });
