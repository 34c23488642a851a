import fs from 'node:fs';
import { Readable } from 'node:stream';
import { rendererFile, rendererVersion } from '../../../renderer';

/**
 * GET /docs/renderer/{version}/{file}: the API reference renderer's files, streamed from
 * node_modules (see app/docs/renderer.ts). Versioned URLs, so a year of immutable caching is safe.
 *
 * Uncompressed: next start compresses pages and /_next/static but not route handlers' responses,
 * and it drops a Content-Encoding set here (a pre-compressed body would then arrive undecodable).
 * Behind a reverse proxy that compresses, the entry and its static imports are ~0.8 MB gzip.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ version: string; file: string[] }> }) {
  const { version, file } = await params;
  const found = version === rendererVersion() ? rendererFile(file) : null;
  if (!found) {
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(Readable.toWeb(fs.createReadStream(found)) as ReadableStream, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}
