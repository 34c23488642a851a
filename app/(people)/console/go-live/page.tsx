import type { Metadata } from 'next';
import { GO_LIVE_CONSOLE_COPY } from '@/lib/surfaces/console/go-live-copy';
import { ConsoleForm } from '../action-form';
import { RevealAccount } from './reveal-account';
import { consolePage } from '../console-page';
import styles from '../../dashboard/[mode]/ui.module.css';
import cards from '../console.module.css';

export const metadata: Metadata = { title: 'Going live' };

/**
 * Go-live applications: the list (waiting ones first), and the chosen one (`?merchant_id=`) in full
 * with its documents (downloads, never shown inline) and, while it waits, the three answers.
 */
export default async function GoLiveReviewPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = await consolePage('goLive', (w) => w.nav_go_live, searchParams);
  if (!page.ok) return page.refused;
  const { words, data, when, locale } = page;
  const t = GO_LIVE_CONSOLE_COPY[locale];
  const { applications, selected: a } = data;
  const fact = (label: string, value: string | null | undefined) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>
          <bdi>{value}</bdi>
        </dd>
      </>
    ) : null;
  return (
    <>
      <h1 className={styles.title}>{t.title}</h1>
      <p className={styles.lead}>{t.lead}</p>
      {applications.length === 0 ? (
        <p className={styles.empty}>{t.none}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t.title}</caption>
            <thead>
              <tr>
                <th scope="col">{t.business}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.submitted_at}</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((row) => (
                <tr key={row.merchant_id}>
                  <td>
                    <a className={styles.link} href={`/console/go-live?merchant_id=${row.merchant_id}`}>
                      <bdi>{row.merchant_name}</bdi>
                    </a>
                  </td>
                  <td>{t[`status_${row.status}`]}</td>
                  <td>{when(row.submitted_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {a && (
        <section className={styles.section} aria-labelledby="golive-selected" data-testid="golive-review">
          <h2 className={styles.sectionTitle} id="golive-selected">
            <bdi>{a.merchant_name ?? a.legal_name}</bdi>: {t[`status_${a.status}`]}
          </h2>
          <dl className={cards.facts}>
            {fact(t.legal_name, a.legal_name)}
            {fact(t.trading_name, a.trading_name)}
            {fact(t.registration_number, a.registration_number)}
            {fact(t.country, a.country)}
            {fact(t.business_address, a.business_address)}
            {fact(t.website, a.website)}
            {fact(t.business_description, a.business_description)}
            {fact(t.owner, [a.owner_name, a.owner_email, a.owner_phone].filter(Boolean).join(', '))}
            {fact(
              t.settlement,
              [
                a.settlement_currency_code,
                a.account_holder_name,
                a.settlement_account_type === 'mobile_money'
                  ? `${a.network_provider ?? ''} ${a.phone_number ?? ''}`
                  : `${a.bank_name ?? ''} ${a.account_number ?? ''}`,
              ]
                .filter(Boolean)
                .join(', '),
            )}
          </dl>
          {(a.account_number || a.phone_number) && <RevealAccount merchantId={a.merchant_id} words={words} t={t} />}
          <h3 className={styles.sectionTitle}>{t.documents}</h3>
          <ul data-testid="golive-review-documents">
            {a.documents.map((d) => (
              <li key={d.id}>
                <a className={styles.link} href={`/console/go-live/documents/${d.id}`} download>
                  <bdi>{d.file_name}</bdi>
                </a>{' '}
                <span className={styles.hint}>
                  {d.kind.toUpperCase()}, {Math.max(1, Math.round(d.size_bytes / 1024))} KB
                </span>
              </li>
            ))}
          </ul>
          {a.status === 'submitted' && (
            <div className={cards.decisions}>
              <ConsoleForm
                name="approveGoLive"
                idPrefix="golive-approve"
                words={words}
                submit={t.approve}
                hidden={{ merchant_id: a.merchant_id }}
                success={t.approved}
              >
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="golive-approve-reason">
                    {t.note}
                  </label>
                  <textarea className={styles.input} id="golive-approve-reason" name="reason" maxLength={2000} />
                </div>
              </ConsoleForm>
              <ConsoleForm
                name="requestGoLiveInfo"
                idPrefix="golive-more"
                words={words}
                submit={t.more_info}
                variant="secondary"
                hidden={{ merchant_id: a.merchant_id }}
                success={t.asked}
              >
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="golive-more-reason">
                    {t.reason}
                  </label>
                  <textarea className={styles.input} id="golive-more-reason" name="reason" required maxLength={2000} />
                </div>
              </ConsoleForm>
              <ConsoleForm
                name="rejectGoLive"
                idPrefix="golive-reject"
                words={words}
                submit={t.reject}
                variant="danger"
                hidden={{ merchant_id: a.merchant_id }}
                success={t.rejected}
              >
                <div className={styles.field}>
                  <label className={styles.label} htmlFor="golive-reject-reason">
                    {t.reason}
                  </label>
                  <textarea
                    className={styles.input}
                    id="golive-reject-reason"
                    name="reason"
                    required
                    maxLength={2000}
                  />
                </div>
              </ConsoleForm>
            </div>
          )}
          <h3 className={styles.sectionTitle}>{t.history}</h3>
          <ul>
            {a.decisions.map((d) => (
              <li key={`${d.at}-${d.decision}`}>
                {when(d.at)}: {t[`decision_${d.decision}`]} ({d.by}){d.reason ? `: ${d.reason}` : ''}
              </li>
            ))}
          </ul>
          {a.earlier.length > 0 && (
            <>
              <h3 className={styles.sectionTitle}>{t.earlier}</h3>
              <ul data-testid="golive-review-earlier">
                {a.earlier.map((e) => (
                  <li key={e.id}>
                    <p className={styles.label}>
                      {t.earlier_item
                        .replace('{date}', when(e.created_at))
                        .replace('{status}', t[`status_${e.status}`])}
                    </p>
                    <ul>
                      {e.decisions.map((d) => (
                        <li key={`${d.at}-${d.decision}`}>
                          {when(d.at)}: {t[`decision_${d.decision}`]} ({d.by}){d.reason ? `: ${d.reason}` : ''}
                        </li>
                      ))}
                      {e.documents.map((d) => (
                        <li key={d.id}>
                          <a className={styles.link} href={`/console/go-live/documents/${d.id}`} download>
                            <bdi>{d.file_name}</bdi>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </>
  );
}
