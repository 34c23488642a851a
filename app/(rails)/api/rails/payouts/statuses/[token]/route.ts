import { publicEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receivePayoutStatusAnswer } from '@/lib/surfaces/provider-notices/callbacks';

/** M-Pesa posts its Transaction Status answers about a payout here; only the answer to a query we asked counts. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: publicEndpoint(contract.receivePayoutStatusAnswer, async ({ params, body }) => ({
    data: await receivePayoutStatusAnswer(getDb(), params.token, body),
    message: 'Status answer received',
  })),
});
