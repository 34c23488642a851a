import type { Metadata } from 'next';
import { consoleData, consoleWords, formats } from '../operator';
import { Refused } from '../refused';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';
import { SelectField } from '../../ui/field';
import { isolated } from '@/lib/platform/http/isolated';

export const metadata: Metadata = { title: 'Reconciliation' };

/** The operator API's reconciliation report (all merchants, or one), run when the page opens. */
export default async function ReconciliationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const words = await consoleWords();
  const [found, merchants] = await Promise.all([consoleData('reconciliation', searchParams), consoleData('merchants')]);
  if (!found.ok) return <Refused outcome={found} words={words} title={words.reconciliation_title} />;
  if (!merchants.ok) return <Refused outcome={merchants} words={words} title={words.reconciliation_title} />;
  const { when } = await formats();
  const chosen = (await searchParams).merchant_id;
  const names = new Map(merchants.data.map((m) => [m.id, m.name]));
  const report = found.data;
  return (
    <>
      <h1 className={styles.title}>{words.reconciliation_title}</h1>
      <p className={styles.lead}>{words.reconciliation_lead}</p>
      <section className={styles.section} aria-labelledby="check">
        <h2 className={styles.sectionTitle} id="check">
          {words.reconcile_submit}
        </h2>
        <form method="get" className={styles.form}>
          <SelectField
            id="reconcile-merchant"
            label={words.merchant}
            name="merchant_id"
            defaultValue={typeof chosen === 'string' ? chosen : ''}
          >
            <option value="">{words.all_merchants}</option>
            {merchants.data.map((m) => (
              <option key={m.id} value={m.id}>
                {isolated(m.name)}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={styles.button}>
            {words.reconcile_submit}
          </button>
        </form>
      </section>
      <section className={styles.section} aria-labelledby="result">
        <h2 className={styles.sectionTitle} id="result">
          <span className={report.balanced ? styles.good : styles.bad}>
            {report.balanced ? words.balanced : words.not_balanced}
          </span>
        </h2>
        <p data-testid="reconciliation-counts">
          {words.checked_at}: {when(report.checked_at)} · {words.entries_checked}: {report.entries_checked} ·{' '}
          {words.wallets_checked}: {report.wallets_checked}
        </p>
        {report.unbalanced_entries.length > 0 && (
          <>
            <h3 className={styles.sectionTitle}>{words.unbalanced_entries}</h3>
            <DataTable
              label={words.unbalanced_entries}
              columns={[words.entry, words.currency, { label: words.difference, numeric: true }]}
            >
              {report.unbalanced_entries.map((e) => (
                <tr key={`${e.entry_id}-${e.currency_code}`}>
                  <td className={styles.mono}>{e.entry_id}</td>
                  <td>{e.currency_code}</td>
                  <td className={styles.num}>{e.difference}</td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {report.wallet_differences.length > 0 && (
          <>
            <h3 className={styles.sectionTitle}>{words.wallet_differences}</h3>
            <DataTable
              label={words.wallet_differences}
              columns={[
                words.merchant,
                words.wallet,
                words.bucket,
                { label: words.wallet_balance, numeric: true },
                { label: words.journal_balance, numeric: true },
              ]}
            >
              {report.wallet_differences.map((d) => (
                <tr key={`${d.wallet_id}-${d.bucket}`}>
                  <td>
                    <bdi>{names.get(d.merchant_id) ?? d.merchant_id}</bdi>
                  </td>
                  <td>
                    {d.currency_code} <span className={styles.mono}>{d.wallet_id}</span>
                  </td>
                  <td>{d.bucket}</td>
                  <td className={styles.num}>{d.wallet_balance}</td>
                  <td className={styles.num}>{d.journal_balance}</td>
                </tr>
              ))}
            </DataTable>
          </>
        )}
        {report.negative_balances.length > 0 && (
          <>
            <h3 className={styles.sectionTitle}>{words.negative_balances}</h3>
            <ul>
              {report.negative_balances.map((n) => (
                <li key={n.wallet_id}>
                  {n.currency_code} <span className={styles.mono}>{n.wallet_id}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
