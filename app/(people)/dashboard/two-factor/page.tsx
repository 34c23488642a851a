import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CONSOLE_COPY } from '@/lib/surfaces/console/copy';
import { Frame, pageCopy, pageLocale } from '../../frame';
import { EnrolForm } from '../../forms';
import { dashboardSession } from '../session';
import { SignOut } from '../sign-out';
import styles from '../../people.module.css';

export const metadata: Metadata = { title: 'Set up two-step verification' };

/**
 * Enrolment, for owners and admins and for operators: once enrolled, an operator who belongs to no
 * business goes on to the console, everyone else to the dashboard.
 */
export default async function EnrolPage() {
  const { person, membership } = await dashboardSession({ enrolling: true });
  const operator = person.user.operator;
  if (person.user.twoFactor) redirect(operator && !membership ? '/console' : '/dashboard');
  const copy = await pageCopy();
  const consoleWords = CONSOLE_COPY[await pageLocale()];
  return (
    <Frame aside={<SignOut label={copy.sign_out} />}>
      <h1 className={styles.title}>{copy.enrol_title}</h1>
      <p className={styles.lead}>{operator ? consoleWords.enrol_operator : copy.enrol_lead}</p>
      <EnrolForm copy={copy} />
      {operator && (
        <p>
          <a className={styles.link} href="/console">
            {consoleWords.open_console}
          </a>
        </p>
      )}
    </Frame>
  );
}
