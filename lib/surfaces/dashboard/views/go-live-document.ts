import { z } from 'zod';
import { DOCUMENT_CONTENT_TYPES, readDocument } from '../../../operator/go-live/documents';
import type { Db } from '../../../platform/db/client';
import { notFound } from '../../../platform/http/errors';

const documentId = z.uuid();

/**
 * A go-live document as a download, for whoever may see it (the business's owners: `merchantId`; the
 * operator: null); a malformed or unknown id, or another business's, is the same 404. It is never
 * shown in the page: an attachment, of the type its bytes were checked to be, never sniffed, never kept
 * by a cache.
 */
export async function documentDownload(db: Db, id: string, merchantId: string | null): Promise<Response> {
  if (!documentId.safeParse(id).success) throw notFound('Document');
  const document = await readDocument(db, id, merchantId);
  const extension = document.kind === 'jpeg' ? 'jpg' : document.kind;
  const stem =
    document.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 80) || 'document';
  return new Response(new Uint8Array(document.content), {
    headers: {
      'content-type': DOCUMENT_CONTENT_TYPES[document.kind],
      'content-length': String(document.content.length),
      'content-disposition': `attachment; filename="${stem}.${extension}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
