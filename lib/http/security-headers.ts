/**
 * Headers every JSON API answer carries (next.config.ts sets them on `/api/**`; the server edge on the
 * answers it gives itself): never sniffed as another type, never framed, no Referer from anything a
 * browser might render of it.
 */
export const API_SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
  { key: 'X-Frame-Options', value: 'DENY' },
];
