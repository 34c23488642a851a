import { z } from 'zod';
import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { getDb } from '@/lib/db/client';
import { assertSandbox, simulateMobileMoneyInput, simulateMobileMoneyOutcome } from '@/lib/sandbox/simulate';

const params = z.strictObject({ attempt_id: z.uuid({ error: 'must be a UUID' }) });

/** Sandbox only: answer a mobile-money prompt now (success, declined, insufficient_funds, timeout). */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint({ params, body: simulateMobileMoneyInput }, async ({ req, params, body }) => {
    assertSandbox(req);
    return {
      data: await simulateMobileMoneyOutcome(getDb(), params.attempt_id, body.outcome),
      message: 'Sandbox outcome recorded',
    };
  }),
});
