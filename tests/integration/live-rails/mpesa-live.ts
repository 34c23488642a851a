import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller } from '../../support/caller';
import { startMpesa, type MpesaServer } from '../../support/providers/mpesa';
import { mpesaAccountVariables } from '../../support/providers/service-variables';

/**
 * Live mode on M-Pesa for one test file: Daraja's contract server, whose callbacks go to our real
 * routes (each delivery records the status our route answered), and the variables that route KES
 * to it, STK Push and B2C alike. Returns the server, once the file's tests start.
 */
export function mpesaLive(routes: string): () => MpesaServer {
  let mpesa: MpesaServer | undefined;
  const variables = {
    ...mpesaAccountVariables(),
    LIVE_ROUTES: routes,
    RAIL_TIMEOUT_SECONDS: '2',
  };
  beforeAll(async () => {
    mpesa = await startMpesa({
      timestampToleranceSeconds: null,
      deliver: async (delivery) => {
        const res = await caller().raw('POST', new URL(delivery.url).pathname, { body: delivery.body });
        delivery.receiverStatus = res.status;
      },
    });
    Object.assign(process.env, variables, { MPESA_BASE_URL: mpesa.url });
    resetConfigForTests();
  });
  afterAll(async () => {
    for (const name of [...Object.keys(variables), 'MPESA_BASE_URL']) delete process.env[name];
    resetConfigForTests();
    await mpesa?.close();
  });
  return () => mpesa!;
}
