import type { Metadata } from 'next';
import { Frame, pageCopy } from '../frame';
import { ForgotPasswordForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Reset your password' };

export default async function ForgotPasswordPage() {
  const copy = await pageCopy();
  return (
    <Frame>
      <h1 className={styles.title}>{copy.forgot_title}</h1>
      <p className={styles.lead}>{copy.forgot_lead}</p>
      <ForgotPasswordForm copy={copy} />
      <p className={styles.after}>
        <a className={styles.link} href="/sign-in">
          {copy.back_to_sign_in}
        </a>
      </p>
    </Frame>
  );
}
