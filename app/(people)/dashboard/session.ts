import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { activeMembership, needsTwoFactor } from '@/lib/surfaces/dashboard/member';
import { currentPerson, type Person } from '@/lib/surfaces/dashboard/people';
import { withOperatorFlag } from '@/lib/surfaces/console/operator';

/**
 * The signed-in person (with their operator flag) and the merchant they act for (the session's active
 * one, else their first), or a redirect: to /sign-in without a session, to two-factor enrolment when
 * their role, or being an operator, needs it.
 */
export async function dashboardSession(options: { enrolling?: boolean } = {}) {
  const found = await currentPerson(await headers());
  if (!found) redirect('/sign-in');
  const person = await withOperatorFlag(found);
  const membership = activeMembership(person);
  if (needsTwoFactor(person) && !options.enrolling) redirect('/dashboard/two-factor');
  return { person, membership } satisfies {
    person: Person & { user: { operator: boolean } };
    membership: Person['memberships'][number] | null;
  };
}
