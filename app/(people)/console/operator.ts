import { cache } from 'react';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { CONSOLE_COPY } from '@/lib/surfaces/console/copy';
import { operatorContext } from '@/lib/surfaces/console/operator';
import { readConsoleView, type ConsoleViewName } from '@/lib/surfaces/console/views';
import { pageLocale } from '../frame';
import { money as moneyIn, when as whenIn } from '../ui/format';

/**
 * The operator a console page shows things to, once per request (the layout and the page share it):
 * a redirect to sign in, or to two-factor enrolment, or null for someone who is not an operator (the
 * layout says so and shows nothing else).
 */
export const pageOperator = cache(async () => {
  const found = await operatorContext(await headers());
  if (found.ok) return { ctx: found.ctx, person: found.ctx.person };
  if (found.reason === 'signed_out') redirect('/sign-in');
  if (found.reason === 'email_unverified') redirect('/verify-email');
  if (found.reason === 'two_factor_required') redirect('/dashboard/two-factor');
  return { ctx: null, person: found.person! };
});

export async function consoleWords() {
  return CONSOLE_COPY[await pageLocale()];
}

/** A page's data through the same operator check the tests hold every view to. */
export async function consoleData<N extends ConsoleViewName>(
  name: N,
  searchParams?: Promise<Record<string, string | string[] | undefined>>,
) {
  const params = (await searchParams) ?? {};
  const query = Object.fromEntries(
    Object.entries(params).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])),
  );
  return readConsoleView(name, await headers(), query);
}

/** Dates and money in the page's locale. */
export async function formats() {
  const locale = await pageLocale();
  const at = whenIn(locale);
  return {
    locale,
    when: (iso: string | null | undefined, never = '—') => (iso ? at(iso) : never),
    money: moneyIn(locale),
  };
}
