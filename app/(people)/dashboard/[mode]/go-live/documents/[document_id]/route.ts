import { endpoint } from '@/lib/platform/http/endpoint';
import { notFound } from '@/lib/platform/http/errors';
import { isMode, memberContext } from '@/lib/surfaces/dashboard/member';
import { documentDownload } from '@/lib/surfaces/dashboard/views/go-live-document';

/**
 * A document of the business's go-live application, for its owners only: to anyone else (another
 * role, another business, signed out) it does not exist.
 */
export const GET = endpoint(async (req, _requestId, route) => {
  const { mode, document_id } = (await route.params) as { mode: string; document_id: string };
  if (!isMode(mode)) throw notFound('Document');
  const member = await memberContext(req.headers, mode);
  if (!member.ok || member.ctx.role !== 'owner') throw notFound('Document');
  return documentDownload(member.ctx.db, document_id, member.ctx.merchant.id);
});
