'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import * as people from '@/lib/surfaces/dashboard/people';
import type { Outcome } from '@/lib/surfaces/dashboard/people';
import * as passwords from '@/lib/surfaces/dashboard/passwords';
import { acceptInvitation } from '@/lib/surfaces/dashboard/team/invitations';
import type { Enrolment } from '@/lib/surfaces/dashboard/enrolment';

/**
 * The sign-in pages' server actions: each reads its form, calls one verb of
 * lib/surfaces/dashboard/people.ts and goes on, or hands the problem back to the form. Next.js
 * refuses a server action posted from another origin (its Origin check), so none of them needs a
 * token of its own against CSRF.
 */
const fields = (form: FormData) =>
  Object.fromEntries([...form.entries()].filter(([name]) => !name.startsWith('$')).map(([k, v]) => [k, String(v)]));

/** A refused form comes back filled with what was typed, but never a password or a code. */
function refilled<T extends Outcome<object>>(outcome: T, form: FormData): T {
  if (outcome.ok) return outcome;
  const values = Object.fromEntries(
    Object.entries(fields(form)).filter(([name]) => name !== 'password' && name !== 'code'),
  );
  return { ...outcome, values };
}

/** A new owner stays on the page to set up two-factor (the answer carries the key); anyone else goes on. */
export async function signUpAction(_previous: SignUpOutcome | null, form: FormData): Promise<SignUpOutcome> {
  const outcome = await people.signUp(fields(form), await headers());
  if (outcome.ok && !outcome.enrolment) redirect(outcome.next);
  return outcome.ok ? outcome : refilled(outcome, form);
}
type SignUpOutcome = Awaited<ReturnType<typeof people.signUp>>;

export async function signInAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  const outcome = await people.signIn(fields(form), await headers());
  if (outcome.ok) redirect(outcome.next);
  return refilled(outcome, form);
}

export async function verifyCodeAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  const outcome = await people.verifyCode(fields(form), await headers());
  if (outcome.ok) redirect(outcome.next);
  return outcome;
}

export async function startEnrolmentAction(_previous: Outcome<Enrolment> | null, form: FormData) {
  return people.startEnrolment(fields(form), await headers());
}

/** Another confirmation mail; the page then says it is on its way. */
export async function resendConfirmationAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  return people.resendConfirmation(fields(form), await headers());
}

export async function signOutAction(): Promise<void> {
  await people.signOut(await headers());
  redirect('/sign-in');
}

/** The email for a new password: the same answer whether an account uses it or not. */
export async function requestResetAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  return refilled(await passwords.requestReset(fields(form), await headers()), form);
}

export async function resetPasswordAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  const outcome = await passwords.resetPassword(fields(form), await headers());
  // The reset ended every session: the person signs in again with the new password.
  if (outcome.ok) redirect('/sign-in?reset=done');
  return outcome;
}

/** Joins the invitation's business, which becomes the one the dashboard shows. */
export async function acceptInvitationAction(_previous: Outcome | null, form: FormData): Promise<Outcome> {
  const outcome = await acceptInvitation(String(form.get('token') ?? ''), await headers());
  if (outcome.ok) redirect('/dashboard');
  if (outcome.problem === 'signed_out') return { ok: false, problem: 'session_expired' };
  return { ok: false, problem: outcome.problem === 'unavailable' ? 'invitation_unavailable' : outcome.problem };
}
