import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { LOCALE_REQUEST_HEADER, isLocale } from '@/lib/platform/i18n/locale';

export const metadata: Metadata = {
  title: 'Merchant Payments',
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The checkout page's locale, set by proxy.ts for /pay/*; English elsewhere.
  const locale = (await headers()).get(LOCALE_REQUEST_HEADER);
  return (
    <html lang={isLocale(locale) ? locale : 'en'}>
      <body style={{ fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', margin: 0 }}>
        {children}
      </body>
    </html>
  );
}
