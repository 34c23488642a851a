import type { Metadata } from 'next';
import { ConsoleForm } from '../action-form';
import { consolePage } from '../console-page';
import { HoldForm, RunSettlementForm } from './forms';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';

export const metadata: Metadata = { title: 'Settlement' };

/** What the operator API offers for settlement: a run, and holds on wallets; with what is held and what ran. */
export default async function SettlementPage() {
  const page = await consolePage('settlement', (w) => w.settlement_title);
  if (!page.ok) return page.refused;
  const { words, data, when, money } = page;
  const { holds, batches, merchants } = data;
  return (
    <>
      <h1 className={styles.title}>{words.settlement_title}</h1>
      <p className={styles.lead}>{words.settlement_lead}</p>
      <section className={styles.section} aria-labelledby="run">
        <h2 className={styles.sectionTitle} id="run">
          {words.run_title}
        </h2>
        <p>{words.run_lead}</p>
        <RunSettlementForm merchants={merchants} words={words} />
      </section>
      <section className={styles.section} aria-labelledby="holds">
        <h2 className={styles.sectionTitle} id="holds">
          {words.holds_title}
        </h2>
        {holds.length === 0 ? (
          <p className={styles.empty}>{words.no_holds}</p>
        ) : (
          <DataTable
            label={words.holds_title}
            columns={[words.merchant, words.wallet, words.holding, words.hold_reason, words.actions]}
          >
            {holds.map((h) => (
              <tr key={h.id}>
                <td>
                  <bdi>{h.merchant_name}</bdi>
                </td>
                <td>
                  {h.currency_code} · {h.mode === 'live' ? words.live : words.test}
                </td>
                <td>{money(h.holding_balance, h.currency_code)}</td>
                <td>
                  {h.settlement_hold_reason ?? words.none}
                  {h.settlement_hold_visibility === 'internal' ? ` (${words.visibility_internal})` : ''}
                </td>
                <td>
                  {/* Asks nothing: a hold lifted is put back with the form above. */}
                  <ConsoleForm
                    name="settlementHold"
                    idPrefix={`lift-${h.id}`}
                    words={words}
                    submit={words.hold_lift}
                    variant="secondary"
                    hidden={{
                      merchant_id: h.merchant_id,
                      currency_code: h.currency_code,
                      wallet_mode: h.mode,
                      settlement_hold: 'false',
                    }}
                    inline
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section className={styles.section} aria-labelledby="hold">
        <h2 className={styles.sectionTitle} id="hold">
          {words.hold_title}
        </h2>
        <HoldForm merchants={merchants} words={words} />
      </section>
      <section className={styles.section} aria-labelledby="batches">
        <h2 className={styles.sectionTitle} id="batches">
          {words.batches_title}
        </h2>
        {batches.length === 0 ? (
          <p className={styles.empty}>{words.no_batches}</p>
        ) : (
          <DataTable
            label={words.batches_title}
            columns={[words.merchant, words.deposits, { label: words.settled, numeric: true }, words.created]}
          >
            {batches.map((b) => (
              <tr key={b.id}>
                <td>
                  <bdi>{b.merchant_name}</bdi>
                </td>
                <td>{b.transaction_count}</td>
                <td className={styles.num}>{money(b.settled_amount, b.currency_code)}</td>
                <td>{when(b.created_at)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
