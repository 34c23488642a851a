import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { currentPerson } from '@/lib/surfaces/dashboard/people';
import { fill, type CopyKey } from '@/lib/surfaces/dashboard/copy';
import { findInvitation, type InvitationState } from '@/lib/surfaces/dashboard/team/invitations';
import { isolated } from '@/lib/platform/http/display-name';
import { Frame, pageCopy, pageLocale } from '../../frame';
import { AcceptInvitationForm } from '../../forms';
import { SignOut } from '../../dashboard/sign-out';
import styles from '../../people.module.css';
import notice from '../../forgot-password/notice.module.css';

export const metadata: Metadata = { title: 'Invitation' };

const GONE: Record<Exclude<InvitationState, 'pending'>, CopyKey> = {
  expired: 'invitation_expired',
  canceled: 'invitation_canceled',
  accepted: 'invitation_accepted',
};

/**
 * An invitation's link (`?token=`, the secret from its mail): which business, which role, who
 * invited. The invited person accepts it signed in with that email, once they have confirmed it;
 * anyone else is told what to do. Every state is a page, never an error. Names are isolated, so a
 * right-to-left one cannot reorder the sentence around it.
 */
export default async function InvitationPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  const secret = typeof token === 'string' ? token : '';
  const [copy, locale] = [await pageCopy(), await pageLocale()];
  const invitation = await findInvitation(secret);
  const person = await currentPerson(await headers());
  const aside = person ? <SignOut label={copy.sign_out} /> : undefined;
  if (!invitation || invitation.state !== 'pending') {
    return (
      <Frame aside={aside}>
        <h1 className={styles.title}>{copy.invitation_gone_title}</h1>
        <p role="alert" className={styles.problem}>
          {copy[invitation ? GONE[invitation.state as keyof typeof GONE] : 'invitation_unknown']}
        </p>
        <p>
          <a className={styles.link} href={person ? '/dashboard' : '/sign-in'}>
            {person ? copy.invitation_open_dashboard : copy.sign_in}
          </a>
        </p>
      </Frame>
    );
  }
  const role = copy[`role_${invitation.role}`];
  const here = `/invitations/accept?token=${encodeURIComponent(secret)}`;
  const expires = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const sameEmail = person?.user.email.toLowerCase() === invitation.email.toLowerCase();
  const merchant = isolated(invitation.merchant);
  return (
    <Frame aside={aside}>
      <h1 className={styles.title}>{fill(copy.invitation_title, { merchant })}</h1>
      <p className={styles.lead}>
        {fill(copy.invitation_lead, { by: isolated(invitation.invitedBy), merchant, role })}
      </p>
      <dl className={notice.facts}>
        <dt>{copy.invitation_for}</dt>
        <dd>{invitation.email}</dd>
        <dt>{copy.invitation_expires}</dt>
        <dd>{expires.format(invitation.expiresAt)} UTC</dd>
      </dl>
      {!person ? (
        <div className={notice.links}>
          <a className={`${styles.button} ${notice.linkButton}`} href={`/sign-in?next=${encodeURIComponent(here)}`}>
            {copy.invitation_sign_in}
          </a>
          <p className={styles.after}>
            {copy.invitation_new_here}{' '}
            <a className={styles.link} href={`/sign-up?next=${encodeURIComponent(here)}`}>
              {copy.invitation_sign_up}
            </a>
          </p>
        </div>
      ) : !sameEmail ? (
        <p className={styles.problem} role="alert">
          {fill(copy.invitation_wrong_email, { signed: person.user.email, email: invitation.email })}
        </p>
      ) : !person.user.emailVerified ? (
        <p className={styles.problem} role="alert">
          {copy.problem_email_unverified}{' '}
          <a className={styles.link} href={`/verify-email?next=${encodeURIComponent(here)}`}>
            {copy.verify_resend}
          </a>
        </p>
      ) : (
        <AcceptInvitationForm copy={copy} token={secret} />
      )}
    </Frame>
  );
}
