import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import { config } from '@/lib/platform/config';
import { languageChoices } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import { translate } from '@/lib/platform/i18n/translate';
import { isolated } from '@/lib/platform/http/isolated';
import { CheckoutApp } from './checkout-app';
import { LanguagePicker } from './language-picker';
import { NoToken } from './no-token';
import { customerPageLocale, firstScreen } from '../../customer-page-locale';
import frame from './frame.module.css';
import { earlySessionScript } from './early-session';
import { PAYMENT_REFERENCE } from '@/lib/checkout/reference';

/**
 * The hosted checkout page. The server renders what it may know without the token
 * (lib/collections/hosted-page/first-screen.ts): the merchant's name and colours and, while the
 * checkout waits for it, the choice of method, usable before the page's JavaScript has arrived; else
 * a loading state. The client component reads the token from the URL fragment and talks to the public
 * checkout interface. The server never sees or needs the token, and renders nothing about the payment.
 */

interface Props {
  params: Promise<{ reference: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function metadataBase(): URL | undefined {
  try {
    return new URL(config().CHECKOUT_BASE_URL);
  } catch {
    return undefined;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ reference }, locale] = await Promise.all([params, customerPageLocale()]);
  const messages = messagesFor(locale);
  const brand = (await firstScreen(reference))?.brand;
  // Plain text (the tab, link previews): the name isolated, so it cannot reorder the words around it.
  const merchant = brand ? isolated(brand.displayName) : null;
  const title = merchant ? translate(messages, locale, 'page_title_to', { merchant }) : messages.page_title;
  const description = merchant
    ? translate(messages, locale, 'page_description', { merchant })
    : messages.page_description_generic;
  return {
    title,
    description,
    metadataBase: metadataBase(),
    robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
    referrer: 'no-referrer',
    // Account numbers and references must not turn into phone links on iOS.
    formatDetection: { telephone: false, email: false, address: false },
    openGraph: { title, description, type: 'website' },
    twitter: { card: 'summary_large_image', title, description },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: '#f3f4f6',
};

export default async function CheckoutPage({ params }: Props) {
  const [{ reference }, locale] = await Promise.all([params, customerPageLocale()]);
  const messages = messagesFor(locale);
  const first = await firstScreen(reference);
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <>
      {PAYMENT_REFERENCE.test(reference) && (
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: earlySessionScript(reference, {
              placeholderClass: frame.placeholder!,
            }),
          }}
        />
      )}
      <noscript>
        <p className={frame.noscript}>{messages.noscript}</p>
      </noscript>
      <CheckoutApp
        reference={reference}
        locale={locale}
        noToken={<NoToken messages={messages} locale={locale} merchant={first?.brand.displayName ?? null} />}
        picker={
          <LanguagePicker
            locale={locale}
            languages={languageChoices()}
            label={translate(messages, locale, 'language_label')}
            hrefFor={(code) => `?locale=${code}`}
          />
        }
        messages={messages}
        first={first}
      />
    </>
  );
}
