import type { Payout, Withdrawal } from '@/lib/money-out/contract';
import type { Pagination } from '@/lib/platform/http/envelope';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { ActionForm } from '../action-form';
import { formatters, NETWORK_LABELS, statusBadge, statusWord } from './format';
import styles from '../ui.module.css';
import layout from './money-out.module.css';
import { DataTable } from '../../../ui/table';
import { shownReference } from '@/lib/surfaces/dashboard/views/provider-reference';
import { Pager } from '../pager';

/** Where the money went, as the API's list shows it (bank account numbers already masked). */
function destination(row: Withdrawal | Payout) {
  const to =
    row.payout_type === 'bank_transfer'
      ? `${row.bank_name ?? ''} ${row.bank_account_number ?? ''}`
      : `${row.network_provider ? NETWORK_LABELS[row.network_provider] : ''} ${row.mobile_number ?? ''}`;
  return { name: row.recipient_name, to: to.trim() };
}

/**
 * One history list (withdrawals or payouts), newest first, a page at a time as the API pages it, with
 * each one's provider reference once the provider gave it; a pending one can be cancelled (with a reason) by a role that may.
 */
export function History({
  id,
  title,
  empty,
  rows,
  pagination,
  pageLink,
  action,
  mayCancel,
  mode,
  words,
  shell,
  locale,
}: {
  id: string;
  title: string;
  empty: string;
  rows: (Withdrawal | Payout)[];
  pagination: Pagination;
  pageLink: (page: number) => string;
  action: 'cancelWithdrawal' | 'cancelPayout';
  mayCancel: boolean;
  mode: string;
  words: MoneyOutWords;
  shell: ShellWords;
  locale: string;
}) {
  const { money, when } = formatters(locale);
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <DataTable
          label={title}
          columns={[
            words.when,
            words.status,
            { label: words.amount, numeric: true },
            { label: words.fee, numeric: true },
            words.destination,
            words.provider_reference,
            mayCancel && { label: words.cancel, hidden: true },
          ]}
          className={layout.contain}
        >
          {rows.map((row) => {
            const to = destination(row);
            // M-Pesa's receipt, Paystack's transfer code, MTN's reference: none until the provider gives it.
            const reference = shownReference(row.provider, row.provider_reference);
            return (
              <tr key={row.transaction_id}>
                <th scope="row">{when(row.created_at)}</th>
                <td>
                  <span className={styles[statusBadge(row.status)]}>{statusWord(words, row.status)}</span>
                </td>
                <td className={styles.num}>{money(row.net_amount, row.currency_code)}</td>
                <td className={styles.num}>{money(row.fee_amount, row.currency_code)}</td>
                <td>
                  <bdi>{to.name}</bdi>
                  <br />
                  <span className={styles.mono}>{to.to}</span>
                </td>
                <td data-testid="provider-reference">
                  {reference ? (
                    <>
                      <bdi>{reference.provider}</bdi>
                      <br />
                      <bdi className={styles.mono}>{reference.reference}</bdi>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                {mayCancel && (
                  <td>
                    {row.status.toLowerCase() === 'pending' && (
                      <ActionForm
                        name={action}
                        mode={mode}
                        words={shell}
                        submit={words.cancel}
                        hidden={{ transaction_id: row.transaction_id }}
                        success={words.cancelled}
                        variant="danger"
                        inline
                      >
                        <label className={styles.visuallyHidden} htmlFor={`reason-${row.transaction_id}`}>
                          {words.cancel_reason}
                        </label>
                        <input
                          className={styles.input}
                          style={{ width: '10rem' }}
                          id={`reason-${row.transaction_id}`}
                          name="reason"
                          placeholder={words.cancel_reason}
                          required
                          maxLength={500}
                        />
                      </ActionForm>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager page={pagination.page} hasMore={pagination.has_more} hrefOf={pageLink} words={words} />
    </section>
  );
}
