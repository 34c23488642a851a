import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Frame, pageCopy } from '../../frame';
import { EnrolForm } from '../../forms';
import { dashboardSession } from '../session';
import { SignOut } from '../sign-out';
import styles from '../../people.module.css';

export const metadata: Metadata = { title: 'Set up two-step verification' };

export default async function EnrolPage() {
  const { person } = await dashboardSession({ enrolling: true });
  if (person.user.twoFactor) redirect('/dashboard');
  const copy = await pageCopy();
  return (
    <Frame aside={<SignOut label={copy.sign_out} />}>
      <h1 className={styles.title}>{copy.enrol_title}</h1>
      <p className={styles.lead}>{copy.enrol_lead}</p>
      <EnrolForm copy={copy} />
    </Frame>
  );
}
