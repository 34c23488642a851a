import type { Metadata } from 'next';
import { ConsoleForm } from '../action-form';
import { consoleData, consoleWords, formats } from '../operator';
import { Refused } from '../refused';
import { HoldForm, RunSettlementForm } from './forms';
import styles from '../../dashboard/[mode]/ui.module.css';

export const metadata: Metadata = { title: 'Settlement' };

/** What the operator API offers for settlement: a run, and holds on wallets; with what is held and what ran. */
export default async function SettlementPage() {
  const words = await consoleWords();
  const found = await consoleData('settlement');
  if (!found.ok) return <Refused outcome={found} words={words} title={words.settlement_title} />;
  const { when, money } = await formats();
  const { holds, batches, merchants } = found.data;
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
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.holds_title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.merchant}</th>
                  <th scope="col">{words.wallet}</th>
                  <th scope="col">{words.holding}</th>
                  <th scope="col">{words.hold_reason}</th>
                  <th scope="col">{words.actions}</th>
                </tr>
              </thead>
              <tbody>
                {holds.map((h) => (
                  <tr key={h.id}>
                    <td>{h.merchant_name}</td>
                    <td>
                      {h.currency_code} · {h.mode === 'live' ? words.live : words.test}
                    </td>
                    <td>{money(h.holding_balance, h.currency_code)}</td>
                    <td>
                      {h.settlement_hold_reason ?? words.none}
                      {h.settlement_hold_visibility === 'internal' ? ` (${words.visibility_internal})` : ''}
                    </td>
                    <td>
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
              </tbody>
            </table>
          </div>
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
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.batches_title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.merchant}</th>
                  <th scope="col">{words.deposits}</th>
                  <th scope="col" className={styles.num}>
                    {words.settled}
                  </th>
                  <th scope="col">{words.created}</th>
                </tr>
              </thead>
              <tbody>
                {batches.map((b) => (
                  <tr key={b.id}>
                    <td>{b.merchant_name}</td>
                    <td>{b.transaction_count}</td>
                    <td className={styles.num}>{money(b.settled_amount, b.currency_code)}</td>
                    <td>{when(b.created_at)}</td>
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
