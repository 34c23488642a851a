import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receivePayoutCallback } from '@/lib/surfaces/provider-notices/callbacks';

/** MTN MoMo Disbursements (PUT or POST) and M-Pesa's B2C result (POST) come here: kept, and only make us ask. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.receivePayoutCallback, async ({ params, body }) => ({
    data: await receivePayoutCallback(getDb(), params.token, body),
    message: 'Callback received',
  })),
  PUT: publicEndpoint(contract.receivePayoutCallbackPut, async ({ params, body }) => ({
    data: await receivePayoutCallback(getDb(), params.token, body),
    message: 'Callback received',
  })),
});
