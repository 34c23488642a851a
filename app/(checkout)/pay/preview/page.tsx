import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { loadBranding } from '@/lib/merchants/branding/branding';
import { PREVIEW_SCREENS, previewCurrency, previewSession } from '@/lib/collections/hosted-page/preview';
import { memberContext } from '@/lib/surfaces/dashboard/member';
import { resolveLocale } from '@/lib/platform/i18n/locale';
import { messagesFor } from '@/lib/platform/i18n/messages';
import { PreviewApp } from './preview-app';

/**
 * The hosted page with a made-up payment, for the dashboard's branding editor (which frames it: this
 * path alone may be framed, by this origin only). Signed-in members only, so nobody can dress our
 * domain in a name and logo of their choosing; it has no token, makes no call and moves nothing.
 */
export const metadata: Metadata = { title: 'Preview', robots: { index: false, follow: false } };

type Query = Record<string, string | string[] | undefined>;

export default async function PreviewPage({ searchParams }: { searchParams: Promise<Query> }) {
  const [query, requestHeaders] = await Promise.all([searchParams, headers()]);
  const member = await memberContext(requestHeaders, 'test');
  if (!member.ok) notFound();
  const { db, merchant } = member.ctx;
  const screen = PREVIEW_SCREENS.find((s) => s === query.screen) ?? 'choose';
  const brand = await loadBranding(db, merchant.id);
  const locale = resolveLocale({ asked: query.locale }, requestHeaders.get('accept-language'), brand.default_locale);
  const session = previewSession({
    brand,
    kyb: merchant.kybStatus,
    currency: previewCurrency(merchant.kybStatus, query.currency),
    locale,
    screen,
  });
  return (
    <PreviewApp
      session={session}
      acceptedMethods={brand.accepted_methods}
      merchantName={merchant.name}
      screen={screen}
      locale={locale}
      messages={messagesFor(locale)}
    />
  );
}
