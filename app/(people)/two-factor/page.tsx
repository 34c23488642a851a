import type { Metadata } from 'next';
import { Frame, pageCopy } from '../frame';
import { CodeForm } from '../forms';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Two-step verification' };

/** The second step of a sign-in: the short-lived two-factor cookie from the first step says who. */
export default async function TwoFactorPage() {
  const copy = await pageCopy();
  return (
    <Frame>
      <h1 className={styles.title}>{copy.two_factor_title}</h1>
      <p className={styles.lead}>{copy.two_factor_lead}</p>
      <CodeForm copy={copy} submit={copy.verify} />
    </Frame>
  );
}
