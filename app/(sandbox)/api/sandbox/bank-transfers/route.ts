import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/collections/sandbox/contract';
import { simulateIncomingTransfer } from '@/lib/collections/sandbox/simulate';

/** Sandbox only: a bank transfer quoting a payment reference "arrives" (exact, short, over, duplicate). */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.simulateBankTransfer, async ({ body }) => {
    return { data: await simulateIncomingTransfer(getDb(), body), message: 'Sandbox transfer received' };
  }),
});
