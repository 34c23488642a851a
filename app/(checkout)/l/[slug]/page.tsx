import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import type { CSSProperties } from 'react';
import { HEX_COLOUR } from '@/lib/merchants/branding/colour';
import type { LinkRefusal } from '@/lib/checkout/links/public';
import { languageChoices } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import type { TextKey } from '@/lib/platform/i18n/catalogue-types';
import { translator } from '@/lib/platform/i18n/translate';
import { isolated } from '@/lib/platform/http/isolated';
import frame from '../../pay/[reference]/frame.module.css';
import { LinkForm } from './link-form';
import { customerPageLocale, linkOf } from '../../customer-page-locale';
import { LanguagePicker } from '../../pay/[reference]/language-picker';

/**
 * A reusable payment link's page (`/l/<slug>`, docs/hosted-page.md#payment-links): who is paid, for
 * what, the amount or a field for it, and "Continue to payment". Opening it only reads: link
 * unfurlers and mail scanners that fetch it create nothing. A link that takes no payment says why, in
 * the customer's language, and offers nothing to press.
 */

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ slug }, locale] = await Promise.all([params, customerPageLocale()]);
  const t = translator(messagesFor(locale), locale);
  const link = await linkOf(slug);
  const title = link ? t('page_title_to', { merchant: isolated(link.branding.display_name) }) : t('page_title');
  return {
    title,
    description: link ? link.description : t('page_description_generic'),
    robots: { index: false, follow: false, nocache: true },
    referrer: 'no-referrer',
    formatDetection: { telephone: false, email: false, address: false },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#f3f4f6' };

const CLOSED = {
  inactive: 'link_closed_inactive',
  ended: 'link_closed_ended',
  full: 'link_closed_full',
  unavailable: 'link_closed_unavailable',
} as const satisfies Record<LinkRefusal, TextKey>;

export default async function PaymentLinkPage({ params }: Props) {
  const [{ slug }, locale] = await Promise.all([params, customerPageLocale()]);
  const messages = messagesFor(locale);
  const t = translator(messages, locale);
  const link = await linkOf(slug);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);

  if (!link) notFound();
  const { branding } = link;
  const merchant = branding.display_name;
  const brandStyle =
    HEX_COLOUR.test(branding.primary_color) && HEX_COLOUR.test(branding.text_color)
      ? ({ '--brand': branding.primary_color, '--on-brand': branding.text_color } as CSSProperties)
      : undefined;
  return (
    <Frame style={brandStyle}>
      <LanguagePicker
        locale={locale}
        languages={languageChoices()}
        label={t('language_label')}
        hrefFor={(code) => `?locale=${code}`}
      />
      {link.mode === 'test' && (
        <p className={frame.sandbox} role="note">
          {t('sandbox_banner')}
        </p>
      )}
      <header className={frame.brand}>
        <p className={frame.brandName}>
          <bdi>{merchant}</bdi>
        </p>
      </header>
      <section className={frame.summary} aria-label={t('summary_label')}>
        <p className={frame.description} data-testid="link-description">
          <bdi>{link.description}</bdi>
        </p>
        {link.amount !== null && (
          <p className={frame.amount} data-testid="link-amount">
            {money(link.amount, link.currency)}
          </p>
        )}
      </section>
      <main className={frame.main}>
        {link.refusal ? (
          <>
            <h1 className={frame.title} data-testid="link-closed">
              {t(CLOSED[link.refusal])}
            </h1>
            <p className={frame.lead}>{t('link_closed_body', { merchant: isolated(merchant) })}</p>
          </>
        ) : (
          <>
            <h1 className={frame.title}>{t('pay_to', { merchant: isolated(merchant) })}</h1>
            <LinkForm
              slug={link.slug}
              locale={locale}
              messages={messages}
              merchant={isolated(merchant)}
              currency={link.currency}
              fixed={link.amount !== null}
              min={link.minAmount === null ? null : money(link.minAmount, link.currency)}
              max={link.maxAmount === null ? null : money(link.maxAmount, link.currency)}
              collectEmail={link.collectEmail}
            />
          </>
        )}
      </main>
    </Frame>
  );
}

function Frame({ children, style }: { children: React.ReactNode; style?: CSSProperties }) {
  return (
    <div className={frame.page} style={style}>
      <div className={frame.shell}>{children}</div>
    </div>
  );
}
