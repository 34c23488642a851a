import { routes } from '@/lib/http/route';
import * as contract from '@/lib/embed/contract';
import { describeButton } from '@/lib/embed/button';
import { embedEndpoint, embedPreflight } from '@/lib/embed/endpoint';

export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: embedEndpoint(contract.getEmbedButton, { write: false }, async ({ db, caller }) => ({
    data: await describeButton(db, caller),
    message: 'Button retrieved',
  })),
});
export const OPTIONS = embedPreflight();
