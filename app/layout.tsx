import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { documentLocale } from './(people)/page-locale';

export const metadata: Metadata = {
  title: 'Merchant Payments',
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The checkout page's locale (proxy.ts), or the signed-in person's chosen one on their pages.
  return (
    <html lang={await documentLocale()}>
      <body style={{ fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', margin: 0 }}>
        {children}
      </body>
    </html>
  );
}
