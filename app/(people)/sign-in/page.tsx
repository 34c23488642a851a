import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { currentPerson, safeNext } from '@/lib/surfaces/dashboard/people';
import { passkeysHere } from '@/lib/access/people/passkeys';
import { Frame, pageCopy, pageLocale } from '../frame';
import { SignInForm } from '../forms';
import styles from '../people.module.css';
import notice from '../forgot-password/notice.module.css';
import { PasskeySignIn } from './passkey-sign-in';
import { PASSKEY_SIGN_IN_WORDS } from './passkey-words';

export const metadata: Metadata = { title: 'Sign in' };

/**
 * `?next=` (a path of this site, e.g. an invitation) is where a successful sign-in goes. A passkey
 * is offered under the password where the service is reached by a domain name (lib/access/people/passkeys).
 */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; reset?: string | string[] }>;
}) {
  const query = await searchParams;
  const next = safeNext(query.next);
  if (await currentPerson(await headers())) redirect(next ?? '/dashboard');
  const copy = await pageCopy();
  return (
    <Frame>
      <h1 className={styles.title}>{copy.sign_in_title}</h1>
      {query.reset === 'done' && (
        <p className={notice.notice} role="status">
          {copy.reset_done}
        </p>
      )}
      <SignInForm copy={copy} next={next} />
      {passkeysHere().available && <PasskeySignIn words={PASSKEY_SIGN_IN_WORDS[await pageLocale()]} next={next} />}
      <p className={styles.after}>
        <a className={styles.link} href="/forgot-password">
          {copy.forgot_password}
        </a>
      </p>
      <p className={styles.after}>
        {copy.no_account}{' '}
        <a className={styles.link} href={next ? `/sign-up?next=${encodeURIComponent(next)}` : '/sign-up'}>
          {copy.sign_up}
        </a>
      </p>
    </Frame>
  );
}
