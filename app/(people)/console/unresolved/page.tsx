import type { Metadata } from 'next';
import { consolePage } from '../console-page';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';

export const metadata: Metadata = { title: 'Unresolved' };

/** What the live rails left unresolved (the operator API's report), to take up with each provider. */
export default async function UnresolvedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = await consolePage('unresolved', (w) => w.unresolved_title, searchParams);
  if (!page.ok) return page.refused;
  const { words, data, when, money } = page;
  const { attempts, payouts, merchant_names: names } = data;
  const older = (await searchParams).older_than_minutes;
  return (
    <>
      <h1 className={styles.title}>{words.unresolved_title}</h1>
      <p className={styles.lead}>{words.unresolved_lead}</p>
      <form method="get" className={styles.row} style={{ marginBottom: '1.25rem' }}>
        <label className={styles.label} htmlFor="older-than">
          {words.older_than}
        </label>
        <input
          className={styles.input}
          style={{ maxWidth: '8rem' }}
          id="older-than"
          name="older_than_minutes"
          inputMode="numeric"
          defaultValue={typeof older === 'string' ? older : '30'}
        />
        <button type="submit" className={styles.secondary}>
          {words.show}
        </button>
      </form>
      <section className={styles.section} aria-labelledby="attempts">
        <h2 className={styles.sectionTitle} id="attempts">
          {words.attempts_title}
        </h2>
        {attempts.length === 0 ? (
          <p className={styles.empty}>{words.no_attempts}</p>
        ) : (
          <DataTable
            label={words.attempts_title}
            columns={[
              words.merchant,
              words.provider,
              { label: words.amount, numeric: true },
              words.status,
              words.provider_status,
              words.last_checked,
              words.created,
            ]}
          >
            {attempts.map((a) => (
              <tr key={a.attempt_id}>
                <td>
                  <bdi>{names[a.merchant_id] ?? a.merchant_id}</bdi>
                </td>
                <td>
                  {a.provider} <span className={styles.mono}>{a.provider_reference ?? ''}</span>
                </td>
                <td className={styles.num}>{money(a.amount, a.currency_code)}</td>
                <td>{a.status}</td>
                <td>{a.last_provider_status ?? '—'}</td>
                <td>{when(a.last_checked_at, words.never)}</td>
                <td>{when(a.created_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className={styles.section} aria-labelledby="payouts">
        <h2 className={styles.sectionTitle} id="payouts">
          {words.payouts_title}
        </h2>
        {payouts.length === 0 ? (
          <p className={styles.empty}>{words.no_payouts}</p>
        ) : (
          <DataTable
            label={words.payouts_title}
            columns={[
              words.merchant,
              words.kind,
              words.provider,
              { label: words.amount, numeric: true },
              words.processing_since,
            ]}
          >
            {payouts.map((p) => (
              <tr key={p.transaction_id}>
                <td>
                  <bdi>{names[p.merchant_id] ?? p.merchant_id}</bdi>
                </td>
                <td>{p.kind}</td>
                <td>
                  {p.provider ?? '—'} <span className={styles.mono}>{p.provider_reference ?? ''}</span>
                </td>
                <td className={styles.num}>{money(p.amount, p.currency_code)}</td>
                <td>{when(p.processing_since)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
