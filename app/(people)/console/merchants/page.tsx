import type { Metadata } from 'next';
import { KYB_STATUSES } from '@/lib/platform/vocabulary';
import { isolated } from '@/lib/platform/http/isolated';
import { ConsoleForm } from '../action-form';
import { consolePage } from '../console-page';
import { OnboardForm } from './onboard-form';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';

export const metadata: Metadata = { title: 'Merchants' };

export default async function MerchantsPage() {
  const page = await consolePage('merchants', (w) => w.merchants_title);
  if (!page.ok) return page.refused;
  const { words, data: merchants, when } = page;
  return (
    <>
      <h1 className={styles.title}>{words.merchants_title}</h1>
      <p className={styles.lead}>{words.merchants_lead}</p>
      <section className={styles.section} aria-labelledby="onboard">
        <h2 className={styles.sectionTitle} id="onboard">
          {words.onboard_title}
        </h2>
        <OnboardForm words={words} />
      </section>
      <section className={styles.section} aria-labelledby="list">
        <h2 className={styles.sectionTitle} id="list">
          {words.merchants_title}
        </h2>
        {merchants.length === 0 ? (
          <p className={styles.empty}>{words.no_merchants}</p>
        ) : (
          <DataTable
            label={words.merchants_title}
            columns={[words.merchant, words.kyb_status, words.live_mode, words.created, words.actions]}
          >
            {merchants.map((m) => (
              <tr key={m.id} data-merchant={m.id}>
                <td>
                  <strong>
                    <bdi>{m.name}</bdi>
                  </strong>
                  <br />
                  <span className={styles.mono}>{m.email}</span>
                </td>
                <td>
                  <span className={m.kyb_status === 'verified' ? styles.good : styles.badge}>
                    {words[`kyb_${m.kyb_status}`]}
                  </span>
                </td>
                <td>
                  <span className={m.live_enabled_at ? styles.good : styles.badge}>
                    {m.live_enabled_at ? words.on : words.off}
                  </span>
                </td>
                <td>{when(m.created_at)}</td>
                <td>
                  {/* Asks nothing: choosing the previous status again undoes it. */}
                  <ConsoleForm
                    name="setKybStatus"
                    idPrefix={`kyb-${m.id}`}
                    words={words}
                    submit={words.kyb_save}
                    variant="secondary"
                    hidden={{ merchant_id: m.id }}
                    inline
                  >
                    {/* A label, not a hidden <label>: an absolutely placed one would widen a phone's page. */}
                    <select
                      className={styles.input}
                      id={`kyb-${m.id}`}
                      name="kyb_status"
                      aria-label={`${words.kyb_status}: ${isolated(m.name)}`}
                      defaultValue={m.kyb_status}
                    >
                      {KYB_STATUSES.map((k) => (
                        <option key={k} value={k}>
                          {words[`kyb_${k}`]}
                        </option>
                      ))}
                    </select>
                  </ConsoleForm>
                  {m.live_enabled_at || m.kyb_status === 'verified' ? (
                    <ConsoleForm
                      name="setLiveMode"
                      idPrefix={`live-${m.id}`}
                      words={words}
                      submit={m.live_enabled_at ? words.live_disable : words.live_enable}
                      // Switching live off asks first: it is one click back on, but the live payments refused meanwhile are not.
                      variant={m.live_enabled_at ? 'danger' : 'button'}
                      hidden={{ merchant_id: m.id, live_enabled: m.live_enabled_at ? 'false' : 'true' }}
                      inline
                    />
                  ) : (
                    <p className={styles.empty}>{words.live_needs_kyb}</p>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
