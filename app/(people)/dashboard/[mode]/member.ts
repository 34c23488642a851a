import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { isMode, memberContext } from '@/lib/surfaces/dashboard/member';
import { SHELL_COPY } from '@/lib/surfaces/dashboard/copy/shell';
import { pageLocale } from '../../frame';

/**
 * The member a dashboard page shows things to, once per request (the layout and the page share it):
 * a redirect to sign in or to enrol, a 404 for a mode that is not one, or the reason there is
 * nothing to show (no business, live mode off) for the layout to explain.
 */
export const pageMember = cache(async (mode: string) => {
  if (!isMode(mode)) notFound();
  const found = await memberContext(await headers(), mode);
  if (found.ok) return { ctx: found.ctx, person: found.ctx.person, reason: null };
  if (found.reason === 'signed_out') redirect('/sign-in');
  if (found.reason === 'email_unverified') redirect('/verify-email');
  if (found.reason === 'two_factor_required') redirect('/dashboard/two-factor');
  return { ctx: null, person: found.person!, reason: found.reason };
});

export async function shellWords() {
  return SHELL_COPY[await pageLocale()];
}

/** The page's params, resolved to the member (null when the layout explains why there is nothing). */
export async function memberOf(params: Promise<{ mode: string }>) {
  const { mode } = await params;
  return (await pageMember(mode)).ctx;
}
