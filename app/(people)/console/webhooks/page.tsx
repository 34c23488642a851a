import type { Metadata } from 'next';
import { consoleData, consoleWords, formats } from '../operator';
import { fill } from '@/lib/surfaces/console/copy';
import { Refused } from '../refused';
import styles from '../../dashboard/[mode]/ui.module.css';

export const metadata: Metadata = { title: 'Webhook health' };

/** Endpoints failing or switched off, across merchants: whose, since when, and when one last worked. */
export default async function WebhookHealthPage() {
  const words = await consoleWords();
  const found = await consoleData('webhooks');
  if (!found.ok) return <Refused outcome={found} words={words} title={words.webhooks_title} />;
  const { when } = await formats();
  return (
    <>
      <h1 className={styles.title}>{words.webhooks_title}</h1>
      <p className={styles.lead}>{words.webhooks_lead}</p>
      <section className={styles.section} aria-labelledby="endpoints">
        <h2 className={styles.sectionTitle} id="endpoints">
          {words.endpoint}
        </h2>
        {found.data.length === 0 ? (
          <p className={styles.empty}>{words.no_webhooks}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.webhooks_title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.merchant}</th>
                  <th scope="col">{words.endpoint}</th>
                  <th scope="col">{words.state}</th>
                  <th scope="col">{words.last_success}</th>
                </tr>
              </thead>
              <tbody>
                {found.data.map((e) => (
                  <tr key={e.id}>
                    <td>
                      {e.merchant_name} · {e.mode === 'live' ? words.live : words.test}
                    </td>
                    <td className={styles.mono}>{e.url}</td>
                    <td>
                      {e.disabled_at ? (
                        <span className={styles.bad}>
                          {words.disabled} {when(e.disabled_at)}
                          {e.disabled_reason ? `: ${e.disabled_reason}` : ''}
                        </span>
                      ) : !e.enabled ? (
                        <span className={styles.badge}>{words.switched_off}</span>
                      ) : (
                        <span className={styles.bad}>{fill(words.failing_since, { when: when(e.failing_since) })}</span>
                      )}
                    </td>
                    <td>{when(e.last_success_at, words.never)}</td>
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
