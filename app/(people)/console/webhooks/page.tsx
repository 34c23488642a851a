import type { Metadata } from 'next';
import { consolePage } from '../console-page';
import { fill } from '@/lib/surfaces/console/copy';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';

export const metadata: Metadata = { title: 'Webhook health' };

/** Endpoints failing or switched off, across merchants: whose, since when, and when one last worked. */
export default async function WebhookHealthPage() {
  const page = await consolePage('webhooks', (w) => w.webhooks_title);
  if (!page.ok) return page.refused;
  const { words, data, when } = page;
  return (
    <>
      <h1 className={styles.title}>{words.webhooks_title}</h1>
      <p className={styles.lead}>{words.webhooks_lead}</p>
      <section className={styles.section} aria-labelledby="endpoints">
        <h2 className={styles.sectionTitle} id="endpoints">
          {words.endpoint}
        </h2>
        {data.length === 0 ? (
          <p className={styles.empty}>{words.no_webhooks}</p>
        ) : (
          <DataTable
            label={words.webhooks_title}
            columns={[words.merchant, words.endpoint, words.state, words.last_success]}
          >
            {data.map((e) => (
              <tr key={e.id}>
                <td>
                  <bdi>{e.merchant_name}</bdi> · {e.mode === 'live' ? words.live : words.test}
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
          </DataTable>
        )}
      </section>
    </>
  );
}
