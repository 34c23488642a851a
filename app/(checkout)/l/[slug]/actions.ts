'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { confirmLinkFromPage, type ConfirmOutcome } from '@/lib/checkout/links/confirm';

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
  if (outcome.ok) redirect(outcome.url);
  return outcome;
}
