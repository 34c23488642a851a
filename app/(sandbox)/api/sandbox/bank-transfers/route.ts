import { publicEndpoint } from '@/lib/http/handler';
import { routes } from '@/lib/http/route';
import { getDb } from '@/lib/db/client';
import * as contract from '@/lib/sandbox/contract';
import { assertSandbox, simulateIncomingTransfer } from '@/lib/sandbox/simulate';

/** Sandbox only: a bank transfer quoting a payment reference "arrives" (exact, short, over, duplicate). */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.simulateBankTransfer, async ({ req, body }) => {
    assertSandbox(req);
    return { data: await simulateIncomingTransfer(getDb(), body), message: 'Sandbox transfer received' };
  }),
});
