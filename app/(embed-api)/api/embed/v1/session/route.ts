import { routes } from '@/lib/platform/http/route';
import * as contract from '@/lib/checkout/embed/contract';
import { describeButton } from '@/lib/checkout/embed/button';
import { embedEndpoint, embedPreflight } from '@/lib/checkout/embed/endpoint';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: embedEndpoint(contract.getEmbedButton, { write: false }, async ({ db, caller }) => ({
    data: await describeButton(db, caller),
    message: 'Button retrieved',
  })),
});
export const OPTIONS = embedPreflight();
