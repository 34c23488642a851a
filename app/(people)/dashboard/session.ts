import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { TWO_FACTOR_REQUIRED } from '@/lib/access/people/roles';
import { currentPerson, type Person } from '@/lib/surfaces/dashboard/people';

/**
 * The signed-in person and the merchant they act for (the session's active one, else their first),
 * or a redirect: to /sign-in without a session, to two-factor enrolment when their role needs it.
 */
export async function dashboardSession(options: { enrolling?: boolean } = {}) {
  const person = await currentPerson(await headers());
  if (!person) redirect('/sign-in');
  const membership =
    person.memberships.find((m) => m.merchantId === person.session.activeMerchantId) ?? person.memberships[0] ?? null;
  const needsTwoFactor = !person.user.twoFactor && person.memberships.some((m) => TWO_FACTOR_REQUIRED.includes(m.role));
  if (needsTwoFactor && !options.enrolling) redirect('/dashboard/two-factor');
  return { person, membership } satisfies { person: Person; membership: Person['memberships'][number] | null };
}
