import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { currentPerson, safeNext } from '@/lib/surfaces/dashboard/people';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { Frame, pageCopy } from '../frame';
import { ResendConfirmationForm } from '../forms';
import { SignOut } from '../dashboard/sign-out';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Confirm your email' };

/**
 * Where everyone waits until their email is confirmed: nothing beyond sign-up opens before (the
 * dashboard, the console, an invitation). The mailed link comes back to `next` (the dashboard, or
 * the invitation being accepted).
 */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const next = safeNext((await searchParams).next);
  const person = await currentPerson(await headers());
  if (!person) redirect(`/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  if (person.user.emailVerified) redirect(next ?? '/dashboard');
  const copy = await pageCopy();
  return (
    <Frame aside={<SignOut label={copy.sign_out} />}>
      <h1 className={styles.title}>{copy.verify_title}</h1>
      <p className={styles.lead}>{fill(copy.verify_lead, { email: person.user.email })}</p>
      <p>{copy.verify_why}</p>
      <ResendConfirmationForm copy={copy} next={next} />
      <p className={styles.after}>{copy.verify_other}</p>
    </Frame>
  );
}
