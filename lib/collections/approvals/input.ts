import { z } from 'zod';
import { requiredText } from '../../platform/http/text-input';

export const approveInput = z.strictObject({ admin_notes: z.string().trim().max(2000).optional() });
export type ApproveInput = z.output<typeof approveInput>;

export const rejectInput = z.strictObject({
  rejection_reason: requiredText(500, { type: 'is required', empty: 'is required' }),
  admin_notes: z.string().trim().max(2000).optional(),
});
export type RejectInput = z.output<typeof rejectInput>;
