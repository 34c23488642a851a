import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receivePayoutCallback } from '@/lib/surfaces/provider-notices/callbacks';

/** MTN MoMo Disbursements (PUT or POST) calls back here about a payout; the address is the credential. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.receivePayoutCallback, async ({ params }) => ({
    data: await receivePayoutCallback(getDb(), params.token),
    message: 'Callback received',
  })),
  PUT: publicEndpoint(contract.receivePayoutCallbackPut, async ({ params }) => ({
    data: await receivePayoutCallback(getDb(), params.token),
    message: 'Callback received',
  })),
});
