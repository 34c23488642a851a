import { z } from 'zod';
import { documentedAlso } from '../../platform/documented';
import { KYB_STATUSES } from '../../platform/vocabulary';
import { displayName } from '../../platform/http/display-name';

export const createMerchantInput = z.strictObject({
  name: displayName(),
  email: z.email({ error: 'must be an email address' }).max(254),
  kyb_status: z.enum(KYB_STATUSES).default('unverified'),
});
export type CreateMerchantInput = z.output<typeof createMerchantInput>;

export const updateMerchantInput = documentedAlso(
  z
    .strictObject({
      name: displayName().optional(),
      kyb_status: z.enum(KYB_STATUSES).optional(),
      live_enabled: z.boolean({ error: 'must be true or false' }).optional(),
    })
    .refine((v) => v.name !== undefined || v.kyb_status !== undefined || v.live_enabled !== undefined, {
      path: ['body'],
      message: 'give at least one of name, kyb_status, live_enabled',
    }),
  { minProperties: 1 },
);
export type UpdateMerchantInput = z.output<typeof updateMerchantInput>;

export const merchantIdParams = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }) });
