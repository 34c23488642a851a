import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/collections/sandbox/contract';
import { simulateMobileMoneyOutcome } from '@/lib/collections/sandbox/simulate';

/** Sandbox only: answer a mobile-money prompt now (success, declined, insufficient_funds, timeout). */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.simulateMobileMoneyOutcome, async ({ params, body }) => {
    return {
      data: await simulateMobileMoneyOutcome(getDb(), params.attempt_id, body.outcome),
      message: 'Sandbox outcome recorded',
    };
  }),
});
