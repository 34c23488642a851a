import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { currentPerson, INVITATION_PATH, safeNext } from '@/lib/surfaces/dashboard/people';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { findInvitation } from '@/lib/surfaces/dashboard/team/invitations';
import { isolated } from '@/lib/platform/http/display-name';
import { Frame, pageCopy } from '../frame';
import { SignUpForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Create your account' };

/** From an invitation (`?next=/invitations/accept?token=…`) the account joins that business instead of making one. */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeNext((await searchParams).next);
  if (await currentPerson(await headers())) redirect(next ?? '/dashboard');
  const copy = await pageCopy();
  const token =
    next && INVITATION_PATH.test(next) ? new URL(next, 'http://same.invalid').searchParams.get('token') : null;
  const invitation = token ? await findInvitation(token) : null;
  return (
    <Frame>
      <h1 className={styles.title}>{copy.sign_up_title}</h1>
      <p className={styles.lead}>
        {invitation
          ? fill(copy.invitation_sign_up_lead, { merchant: isolated(invitation.merchant) })
          : copy.sign_up_lead}
      </p>
      <SignUpForm copy={copy} next={next} invited={!!invitation} />
      <p className={styles.after}>
        {copy.have_account}{' '}
        <a className={styles.link} href={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>
          {copy.sign_in}
        </a>
      </p>
    </Frame>
  );
}
