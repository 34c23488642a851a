import { endpoint } from '@/lib/platform/http/endpoint';
import { notFound } from '@/lib/platform/http/errors';
import { operatorContext } from '@/lib/surfaces/console/operator';
import { documentDownload } from '@/lib/surfaces/dashboard/views/go-live-document';

/** Any go-live document, for the operator reviewing it; nobody else. */
export const GET = endpoint(async (req, _requestId, route) => {
  const { document_id } = (await route.params) as { document_id: string };
  const operator = await operatorContext(req.headers);
  if (!operator.ok) throw notFound('Document');
  return documentDownload(operator.ctx.db, document_id, null);
});
