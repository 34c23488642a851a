import { signedEndpoint } from '@/lib/platform/http/endpoint';
import { routes } from '@/lib/platform/http/route';
import { getDb } from '@/lib/platform/db/client';
import * as contract from '@/lib/surfaces/provider-notices/contract';
import { receivePaystackNotification } from '@/lib/surfaces/provider-notices/paystack';

/** Paystack's webhook: signature first, then the status query before any money is recorded. */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: signedEndpoint(contract.receivePaystackNotification, async ({ req, rawBody }) => ({
    data: await receivePaystackNotification(getDb(), req.headers, rawBody),
    message: 'Notification received',
  })),
});
