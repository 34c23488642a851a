import type { Metadata } from 'next';
import { Frame, pageCopy } from '../frame';
import { ResetPasswordForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Choose a new password' };

/**
 * Where the emailed link lands (better-auth checks the token, then sends it here as `?token=`, or
 * `?error=INVALID_TOKEN` for an expired or used one). The token is checked again when the form posts.
 */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[]; error?: string | string[] }>;
}) {
  const { token, error } = await searchParams;
  const copy = await pageCopy();
  if (typeof token !== 'string' || !token || error) {
    return (
      <Frame>
        <h1 className={styles.title}>{copy.reset_title}</h1>
        <p className={styles.problem} role="alert">
          {copy.reset_bad_link}
        </p>
        <p>
          <a className={styles.link} href="/forgot-password">
            {copy.reset_ask_again}
          </a>
        </p>
      </Frame>
    );
  }
  return (
    <Frame>
      <h1 className={styles.title}>{copy.reset_title}</h1>
      <p className={styles.lead}>{copy.reset_lead}</p>
      <ResetPasswordForm copy={copy} token={token} />
      <p className={styles.after}>
        <a className={styles.link} href="/forgot-password">
          {copy.reset_ask_again}
        </a>
      </p>
    </Frame>
  );
}
