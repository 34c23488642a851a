import type { Metadata } from 'next';
import { consoleData, consoleWords, formats } from '../operator';
import { Refused } from '../refused';
import styles from '../../dashboard/[mode]/ui.module.css';

export const metadata: Metadata = { title: 'Unresolved' };

/** What the live rails left unresolved (the operator API's report), to take up with each provider. */
export default async function UnresolvedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const words = await consoleWords();
  const found = await consoleData('unresolved', searchParams);
  if (!found.ok) return <Refused outcome={found} words={words} title={words.unresolved_title} />;
  const { when, money } = await formats();
  const { attempts, payouts, merchant_names: names } = found.data;
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
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.attempts_title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.merchant}</th>
                  <th scope="col">{words.provider}</th>
                  <th scope="col" className={styles.num}>
                    {words.amount}
                  </th>
                  <th scope="col">{words.status}</th>
                  <th scope="col">{words.provider_status}</th>
                  <th scope="col">{words.last_checked}</th>
                  <th scope="col">{words.created}</th>
                </tr>
              </thead>
              <tbody>
                {attempts.map((a) => (
                  <tr key={a.attempt_id}>
                    <td>{names[a.merchant_id] ?? a.merchant_id}</td>
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
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby="payouts">
        <h2 className={styles.sectionTitle} id="payouts">
          {words.payouts_title}
        </h2>
        {payouts.length === 0 ? (
          <p className={styles.empty}>{words.no_payouts}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.payouts_title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.merchant}</th>
                  <th scope="col">{words.kind}</th>
                  <th scope="col">{words.provider}</th>
                  <th scope="col" className={styles.num}>
                    {words.amount}
                  </th>
                  <th scope="col">{words.processing_since}</th>
                </tr>
              </thead>
              <tbody>
                {payouts.map((p) => (
                  <tr key={p.transaction_id}>
                    <td>{names[p.merchant_id] ?? p.merchant_id}</td>
                    <td>{p.kind}</td>
                    <td>
                      {p.provider ?? '—'} <span className={styles.mono}>{p.provider_reference ?? ''}</span>
                    </td>
                    <td className={styles.num}>{money(p.amount, p.currency_code)}</td>
                    <td>{when(p.processing_since)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
