import { getDb } from '@/lib/platform/db/client';
import { servedLogo } from '@/lib/merchants/branding/logo';

/**
 * A merchant's uploaded logo, public (the hosted page shows it to anyone with a link). The address
 * holds the file's hash, so it never changes meaning: cached for a year. Served as the type its bytes
 * were checked to be, never sniffed, and as a document it may do nothing at all.
 */
const SAFE = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'",
};

export async function GET(_request: Request, { params }: { params: Promise<{ merchantId: string; file: string }> }) {
  const { merchantId, file } = await params;
  const logo = await servedLogo(getDb(), merchantId, file);
  if (!logo) return new Response('Not found', { status: 404, headers: { ...SAFE, 'Content-Type': 'text/plain' } });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      ...SAFE,
      'Content-Type': logo.contentType,
      'Content-Length': String(logo.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
