import type { Metadata } from 'next';
import { Frame, pageCopy } from '../frame';
import { CodeForm } from '../forms';
import { safeNext } from '@/lib/surfaces/dashboard/people';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Two-step verification' };

/** The second step of a sign-in: the short-lived two-factor cookie from the first step says who. */
export default async function TwoFactorPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const copy = await pageCopy();
  // Where the sign-in was going (an invitation, say), checked to be a path of this site.
  const next = safeNext((await searchParams).next);
  return (
    <Frame>
      <h1 className={styles.title}>{copy.two_factor_title}</h1>
      <p className={styles.lead}>{copy.two_factor_lead}</p>
      <CodeForm copy={copy} submit={copy.verify} next={next} />
    </Frame>
  );
}
