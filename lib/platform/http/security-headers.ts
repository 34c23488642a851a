/**
 * Security headers shared by next.config.ts and the server edge (which sets them on the answers it
 * gives itself): never sniffed as another type, never framed, no Referer to other sites.
 */
export const BASE_SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  // For old webviews that ignore CSP frame-ancestors.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** Every JSON API answer: nothing a browser might render of it may load or frame anything. */
export const API_SECURITY_HEADERS = [
  ...BASE_SECURITY_HEADERS,
  { key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" },
];

/** A page that runs its own scripts (the home page): only framing is restricted. */
export const PAGE_SECURITY_HEADERS = [
  ...BASE_SECURITY_HEADERS,
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
];

/** The one page another page of ours may frame: the hosted page's branding preview, in the dashboard. */
export const BRANDING_PREVIEW_PATH = '/pay/preview';
