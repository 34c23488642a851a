import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receiveAirtelCallback } from '@/lib/surfaces/provider-notices/callbacks';

/** Airtel Money's one callback URL (set on each application's page): matched by `transaction.id`. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.receiveAirtelCallback, async ({ body }) => ({
    data: await receiveAirtelCallback(getDb(), body),
    message: 'Callback received',
  })),
});
