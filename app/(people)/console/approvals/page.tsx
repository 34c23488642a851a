import type { Metadata } from 'next';
import { ConsoleForm } from '../action-form';
import { consolePage } from '../console-page';
import styles from '../../dashboard/[mode]/ui.module.css';
import cards from '../console.module.css';

export const metadata: Metadata = { title: 'Approvals' };

/** Bank transfers awaiting the operator, oldest first: what was expected, what arrived, where it was sent. */
export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const page = await consolePage('approvals', (w) => w.approvals_title, searchParams);
  if (!page.ok) return page.refused;
  const { words, data, when, money } = page;
  return (
    <>
      <h1 className={styles.title}>{words.approvals_title}</h1>
      <p className={styles.lead}>{words.approvals_lead}</p>
      {data.length === 0 ? (
        <p className={styles.empty}>{words.no_approvals}</p>
      ) : (
        <ul className={cards.cards}>
          {data.map((c) => {
            const account = c.latest_attempt?.bank_account;
            return (
              <li key={c.id} className={cards.card} data-checkout={c.id}>
                <h2 className={cards.cardTitle}>
                  <bdi>{c.merchant_name}</bdi>: {money(c.amount, c.currency_code)}
                </h2>
                <dl className={cards.facts}>
                  <dt>{words.reference}</dt>
                  <dd className={styles.mono}>{c.payment_reference}</dd>
                  <dt>{words.customer}</dt>
                  <dd>
                    {c.customer_name ? (
                      <>
                        <bdi>{c.customer_name}</bdi> ({c.customer_email})
                      </>
                    ) : (
                      c.customer_email
                    )}
                  </dd>
                  <dt>{words.expected}</dt>
                  <dd>{money(c.amount, c.currency_code)}</dd>
                  <dt>{words.received}</dt>
                  <dd>{money(c.amount_received, c.currency_code)}</dd>
                  <dt>{words.claimed}</dt>
                  <dd>{when(c.latest_attempt?.claimed_at ?? c.updated_at)}</dd>
                  {account && (
                    <>
                      <dt>{words.bank}</dt>
                      <dd>
                        <bdi>{account.bank_name}</bdi>{' '}
                        <span className={styles.mono}>{account.account_number ?? account.iban ?? ''}</span>
                      </dd>
                    </>
                  )}
                </dl>
                <div className={cards.decisions}>
                  <ConsoleForm
                    name="approveCheckout"
                    idPrefix={`approve-${c.id}`}
                    words={words}
                    submit={words.approve}
                    hidden={{ checkout_id: c.id }}
                    success={words.approved}
                  >
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`approve-notes-${c.id}`}>
                        {words.admin_notes}
                      </label>
                      <textarea
                        className={styles.input}
                        id={`approve-notes-${c.id}`}
                        name="admin_notes"
                        maxLength={2000}
                      />
                    </div>
                  </ConsoleForm>
                  <ConsoleForm
                    name="rejectCheckout"
                    idPrefix={`reject-${c.id}`}
                    words={words}
                    submit={words.reject}
                    variant="danger"
                    hidden={{ checkout_id: c.id }}
                    success={words.rejected}
                  >
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`reject-reason-${c.id}`}>
                        {words.rejection_reason}
                      </label>
                      <input
                        className={styles.input}
                        id={`reject-reason-${c.id}`}
                        name="rejection_reason"
                        required
                        maxLength={500}
                      />
                    </div>
                    <div className={styles.field}>
                      <label className={styles.label} htmlFor={`reject-notes-${c.id}`}>
                        {words.admin_notes}
                      </label>
                      <textarea
                        className={styles.input}
                        id={`reject-notes-${c.id}`}
                        name="admin_notes"
                        maxLength={2000}
                      />
                    </div>
                  </ConsoleForm>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
