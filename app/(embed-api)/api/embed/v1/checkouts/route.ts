import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/embed/contract';
import { startEmbedCheckout } from '@/lib/checkout/embed/button';
import { embedEndpoint, embedPreflight } from '@/lib/checkout/embed/endpoint';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  POST: embedEndpoint(contract.createEmbedCheckout, { write: true }, async ({ db, caller, body }) => ({
    data: await startEmbedCheckout(db, caller, body),
    message: 'Checkout created',
  })),
});
export const OPTIONS = embedPreflight();
