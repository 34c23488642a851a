import { NextResponse, type NextRequest } from 'next/server';
import {
  CUSTOMER_PAGE_HEADER,
  LOCALE_REQUEST_HEADER,
  PEOPLE_PAGE_HEADER,
  PEOPLE_LOCALES,
  localeOf,
  requestedLocale,
} from './lib/platform/i18n/locale';
import { BRANDING_PREVIEW_PATH } from './lib/platform/http/security-headers';

/**
 * The pages' Content Security Policy, with a fresh nonce per request (Next.js puts it on its own
 * scripts: see the "Content Security Policy" guide), and their locale. The hosted checkout page
 * (/pay/*), the payment links' pages (/l/*) and the sign-in pages and dashboard run through here; the other security headers of
 * /pay/* and /api/checkout/* are static, in next.config.ts.
 *
 * Styles allow 'unsafe-inline' (style attributes: the merchant's colour as a CSS variable, the root
 * layout's font); scripts never do, and never 'unsafe-eval' outside `next dev`.
 */
/** The customer's language choice on one checkout or link, kept for when they open it again. */
const LOCALE_COOKIE = 'checkout_locale';
/** A customer's page: `/pay/<reference>` or `/l/<slug>`, letters, digits and dashes only (the cookie's path). */
const CUSTOMER_PAGE = /^\/(?:pay|l)\/[A-Za-z0-9-]{1,64}(?=\/|$)/;

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString('base64');
  const dev = process.env.NODE_ENV === 'development';
  const https = request.nextUrl.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Merchants' logos live on their own https hosts.
    "img-src 'self' https: data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // The branding preview is framed by the dashboard (same origin); nothing else is ever framed.
    request.nextUrl.pathname === BRANDING_PREVIEW_PATH ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "manifest-src 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('content-security-policy', policy);
  // Everything here but the customer's pages (the hosted page, a payment link's page) is a page of
  // people with an account (their chosen language wins).
  const { pathname } = request.nextUrl;
  const customerPage = CUSTOMER_PAGE.exec(pathname)?.[0] ?? null;
  requestHeaders.set(PEOPLE_PAGE_HEADER, customerPage || /^\/(pay|l)\//.test(pathname) ? '0' : '1');
  requestHeaders.set(CUSTOMER_PAGE_HEADER, customerPage ?? '');

  // A customer's page: the language asked for in the address (a picker's link), else the one chosen
  // before on this checkout or link (a cookie scoped to its path), else the browser's; none: the page
  // falls back to the merchant's default (app/(checkout)/customer-page-locale.ts). A person's page:
  // `?locale=` or the browser's among the dashboard's languages (their own choice wins later).
  // The root layout writes <html lang dir>.
  const asked = localeOf(request.nextUrl.searchParams.get('locale'));
  const remembered = customerPage ? request.cookies.get(LOCALE_COOKIE)?.value : null;
  const acceptLanguage = request.headers.get('accept-language');
  requestHeaders.set(
    LOCALE_REQUEST_HEADER,
    (customerPage
      ? requestedLocale({ asked, remembered }, acceptLanguage)
      : requestedLocale({ asked }, acceptLanguage, PEOPLE_LOCALES)) ?? '',
  );

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (customerPage && asked && asked !== remembered)
    response.cookies.set(LOCALE_COOKIE, asked, {
      path: customerPage,
      httpOnly: true,
      sameSite: 'lax',
      secure: https,
      maxAge: 30 * 24 * 3600,
    });
  response.headers.set('content-security-policy', policy);
  return response;
}

// Written out: Next.js reads the matcher statically at build time.
export const config = {
  matcher: [
    {
      source: '/pay/:path*',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/l/:path*',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/sign-up',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/sign-in',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/two-factor',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/dashboard/:path*',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/forgot-password',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/reset-password',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/verify-email',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/invitations/:path*',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/console/:path*',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
    {
      source: '/dev/mailbox',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
