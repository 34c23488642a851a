import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { caller } from '../../support/caller';
import { MPESA_TEST_ACCOUNT, startMpesa, type MpesaServer } from '../../support/providers/mpesa';

/**
 * Live mode on M-Pesa for one test file: Daraja's contract server, whose callbacks go to our real
 * routes (each delivery records the status our route answered), and the variables that route KES
 * to it, STK Push and B2C alike. Returns the server, once the file's tests start.
 */
export function mpesaLive(routes: string): () => MpesaServer {
  let mpesa: MpesaServer | undefined;
  const variables = {
    MPESA_CONSUMER_KEY: MPESA_TEST_ACCOUNT.consumerKey,
    MPESA_CONSUMER_SECRET: MPESA_TEST_ACCOUNT.consumerSecret,
    MPESA_SHORT_CODE: MPESA_TEST_ACCOUNT.shortCode,
    MPESA_PASSKEY: MPESA_TEST_ACCOUNT.passkey,
    MPESA_B2C_SHORT_CODE: MPESA_TEST_ACCOUNT.b2cShortCode,
    MPESA_B2C_INITIATOR_NAME: MPESA_TEST_ACCOUNT.initiatorName,
    MPESA_B2C_SECURITY_CREDENTIAL: MPESA_TEST_ACCOUNT.securityCredential,
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
