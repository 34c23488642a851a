import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receiveMobileMoneyCallback } from '@/lib/surfaces/provider-notices/callbacks';

/** MTN MoMo (PUT or POST) and M-Pesa (POST) call back here; the address is the credential. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.receiveMobileMoneyCallback, async ({ params, body }) => ({
    data: await receiveMobileMoneyCallback(getDb(), params.token, body),
    message: 'Callback received',
  })),
  PUT: publicEndpoint(contract.receiveMobileMoneyCallbackPut, async ({ params, body }) => ({
    data: await receiveMobileMoneyCallback(getDb(), params.token, body),
    message: 'Callback received',
  })),
});
