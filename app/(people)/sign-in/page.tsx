import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { currentPerson } from '@/lib/surfaces/dashboard/people';
import { Frame, pageCopy } from '../frame';
import { SignInForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage() {
  if (await currentPerson(await headers())) redirect('/dashboard');
  const copy = await pageCopy();
  return (
    <Frame>
      <h1 className={styles.title}>{copy.sign_in_title}</h1>
      <SignInForm copy={copy} />
      <p className={styles.after}>
        {copy.no_account}{' '}
        <a className={styles.link} href="/sign-up">
          {copy.sign_up}
        </a>
      </p>
    </Frame>
  );
}
