import { z } from 'zod';

export const approveInput = z.strictObject({ admin_notes: z.string().trim().max(2000).optional() });
export type ApproveInput = z.output<typeof approveInput>;

export const rejectInput = z.strictObject({
  rejection_reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500),
  admin_notes: z.string().trim().max(2000).optional(),
});
export type RejectInput = z.output<typeof rejectInput>;
