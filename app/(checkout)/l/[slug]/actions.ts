'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { confirmLinkFromPage, type ConfirmOutcome } from '@/lib/checkout/links/confirm';
import { localeOf } from '@/lib/platform/i18n/locale';

/** "Continue to payment": a fresh checkout from the link, then its hosted page; or what to fix. */
export async function confirmLinkAction(slug: string, _previous: ConfirmOutcome | null, form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const outcome = await confirmLinkFromPage(
    slug,
    { amount: text('amount'), customer_email: text('customer_email') },
    await headers(),
  );
  // The checkout's page opens in the language the link's page spoke.
  const locale = localeOf(text('locale'));
  if (outcome.ok) redirect(locale ? withLocale(outcome.url, locale) : outcome.url);
  return outcome;
}

/** `https://…/pay/REF#token=…` → `https://…/pay/REF?locale=sw#token=…`. */
function withLocale(checkoutUrl: string, locale: string): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set('locale', locale);
  return url.toString();
}
