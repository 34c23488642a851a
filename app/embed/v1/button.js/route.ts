import { buttonScript } from '@/lib/surfaces/embed/button-script';

/**
 * `/embed/v1/button.js`, the checkout button merchants put on their pages (docs/checkout-button.md):
 * the script with the catalogue's words. Its caching, CORS and type headers are in next.config.ts
 * (`/embed/:path*`); an unchanged script answers 304 to its ETag.
 */
export function GET(request: Request): Response {
  const { body, etag } = buttonScript();
  const headers = { etag, 'content-type': 'text/javascript; charset=utf-8' };
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

/** If-None-Match: a list, `*`, and weak tags (a proxy that compresses weakens them) compare by their value. */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}
