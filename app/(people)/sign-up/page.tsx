import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { currentPerson } from '@/lib/surfaces/dashboard/people';
import { Frame, pageCopy } from '../frame';
import { SignUpForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Create your account' };

export default async function SignUpPage() {
  if (await currentPerson(await headers())) redirect('/dashboard');
  const copy = await pageCopy();
  return (
    <Frame>
      <h1 className={styles.title}>{copy.sign_up_title}</h1>
      <p className={styles.lead}>{copy.sign_up_lead}</p>
      <SignUpForm copy={copy} />
      <p className={styles.after}>
        {copy.have_account}{' '}
        <a className={styles.link} href="/sign-in">
          {copy.sign_in}
        </a>
      </p>
    </Frame>
  );
}
