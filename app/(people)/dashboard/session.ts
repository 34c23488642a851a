import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { activeMembership, needsTwoFactor } from '@/lib/surfaces/dashboard/member';
import { currentPerson, type Person } from '@/lib/surfaces/dashboard/people';

/**
 * The signed-in person (with their operator flag) and the merchant they act for (the session's active
 * one, else their first), or a redirect: to /sign-in without a session, to /verify-email before their
 * email is confirmed, to two-factor enrolment when their role, or being an operator, needs it.
 */
export async function dashboardSession(options: { enrolling?: boolean } = {}) {
  const person = await currentPerson(await headers());
  if (!person) redirect('/sign-in');
  // Nothing beyond finishing sign-up opens before the email is confirmed.
  if (!person.user.emailVerified) redirect('/verify-email');
  const membership = activeMembership(person);
  if (needsTwoFactor(person) && !options.enrolling) redirect('/dashboard/two-factor');
  return { person, membership } satisfies {
    person: Person;
    membership: Person['memberships'][number] | null;
  };
}
