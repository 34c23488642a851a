import { z } from 'zod';
import { operatorEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { runSettlement } from '@/lib/settlement/run-settlement';
import { formatTimestamp } from '@/lib/time';

/** `as_of`: settle as if it were this moment (tests, demos); at most a year ahead. */
const body = z.strictObject({
  as_of: z.iso
    .datetime({ offset: true, local: true, error: 'must be an ISO 8601 date-time' })
    .transform((v) => new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`))
    .refine((d) => d.getTime() < Date.now() + 366 * 86_400_000, 'must be within a year from now')
    .optional(),
  merchant_id: z.uuid({ error: 'must be a UUID' }).optional(),
});

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: operatorEndpoint({ body }, async ({ ctx, body }) => {
    const run = await runSettlement(ctx.db, { asOf: body.as_of, merchantId: body.merchant_id });
    return {
      data: { cutoff: formatTimestamp(run.cutoff), batches: run.batches, checkouts_completed: run.checkouts_completed },
      message: `Settled ${run.batches.length} batch${run.batches.length === 1 ? '' : 'es'}`,
    };
  }),
});
