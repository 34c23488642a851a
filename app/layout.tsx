import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { documentLocale } from './(people)/page-locale';

export const metadata: Metadata = {
  title: 'Merchant Payments',
  robots: { index: false, follow: false },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The customer's language on their pages (Arabic is right to left), or the signed-in person's on theirs.
  const { lang, dir } = await documentLocale();
  return (
    <html lang={lang} dir={dir}>
      <body style={{ fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', margin: 0 }}>
        {children}
      </body>
    </html>
  );
}
