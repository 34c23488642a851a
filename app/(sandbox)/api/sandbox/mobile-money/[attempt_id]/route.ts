import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { getDb } from '@/lib/db/client';
import * as contract from '@/lib/sandbox/contract';
import { assertSandbox, simulateMobileMoneyOutcome } from '@/lib/sandbox/simulate';

/** Sandbox only: answer a mobile-money prompt now (success, declined, insufficient_funds, timeout). */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.simulateMobileMoneyOutcome, async ({ req, params, body }) => {
    assertSandbox(req);
    return {
      data: await simulateMobileMoneyOutcome(getDb(), params.attempt_id, body.outcome),
      message: 'Sandbox outcome recorded',
    };
  }),
});
