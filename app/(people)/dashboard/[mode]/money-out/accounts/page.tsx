import type { Metadata } from 'next';
import { listPaymentAccounts } from '@/lib/money-out/payment-accounts/manage';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { MONEY_OUT_ACTIONS } from '@/lib/surfaces/dashboard/actions/money-out';
import { MONEY_OUT_COPY } from '@/lib/surfaces/dashboard/copy/money-out';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../../frame';
import { ActionForm } from '../../action-form';
import { memberOf, shellWords } from '../../member';
import { NETWORK_LABELS } from '../format';
import { AddAccountForm } from './add-account';
import styles from '../../ui.module.css';
import layout from '../money-out.module.css';
import { DataTable } from '../../../../ui/table';

export const metadata: Metadata = { title: 'Payment accounts' };

/**
 * The merchant's own accounts that withdrawals go to: the list (numbers masked, as the API lists
 * them), and for roles that may: add one, make one primary, deactivate or reactivate, delete.
 */
export default async function PaymentAccountsPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = MONEY_OUT_COPY[locale];
  const shell = await shellWords();
  const accounts = await listPaymentAccounts(ctx.db, ctx.tenant);
  const mayManage = allows(ctx.role, MONEY_OUT_ACTIONS.addPaymentAccount.allowed);
  const statusWord = (status: string) => words[`account_status_${status}` as keyof typeof words] ?? status;
  return (
    <>
      <p>
        <a className={styles.link} href={`/dashboard/${ctx.mode}/money-out`}>
          {words.back}
        </a>
      </p>
      <h1 className={styles.title}>{words.accounts_title}</h1>
      <p className={styles.lead}>{words.accounts_lead}</p>
      <section className={styles.section} aria-labelledby="accounts">
        <h2 className={styles.sectionTitle} id="accounts">
          {words.accounts}
        </h2>
        {accounts.length === 0 ? (
          <p className={styles.empty}>{words.no_accounts_yet}</p>
        ) : (
          <DataTable
            label={words.accounts}
            columns={[
              words.details,
              words.currency,
              words.type,
              words.status,
              mayManage && { label: words.manage_accounts, hidden: true },
            ]}
            className={layout.contain}
          >
            {accounts.map((a) => {
              const hidden = { account_id: a.id };
              const name =
                a.account_type === 'bank_account'
                  ? `${a.bank_name} ${a.account_number}`
                  : `${a.network_provider ? NETWORK_LABELS[a.network_provider] : ''} ${a.phone_number}`;
              return (
                <tr key={a.id}>
                  <th scope="row">
                    <span className={styles.mono}>{name}</span>
                    {a.account_holder_name && (
                      <>
                        <br />
                        <bdi>{a.account_holder_name}</bdi>
                      </>
                    )}
                  </th>
                  <td>{a.currency_code}</td>
                  <td>{a.account_type === 'bank_account' ? words.bank_account : words.mobile_money}</td>
                  <td>
                    <span className={styles.row}>
                      <span className={a.status === 'active' ? styles.good : styles.bad}>{statusWord(a.status)}</span>
                      {a.is_primary && <span className={styles.badge}>{words.primary}</span>}
                    </span>
                  </td>
                  {mayManage && (
                    <td>
                      <div className={styles.row}>
                        {!a.is_primary && a.status === 'active' && (
                          <ActionForm
                            name="makePaymentAccountPrimary"
                            mode={ctx.mode}
                            words={shell}
                            submit={words.make_primary}
                            hidden={hidden}
                            success={words.made_primary}
                            variant="secondary"
                            inline
                          />
                        )}
                        {/* Asks nothing: one click switches the account back. */}
                        <ActionForm
                          name="setPaymentAccountStatus"
                          mode={ctx.mode}
                          words={shell}
                          submit={a.status === 'active' ? words.deactivate : words.reactivate}
                          hidden={{ ...hidden, status: a.status === 'active' ? 'inactive' : 'active' }}
                          success={words.status_changed}
                          variant="secondary"
                          inline
                        />
                        {!a.is_primary && (
                          <ActionForm
                            name="deletePaymentAccount"
                            mode={ctx.mode}
                            words={shell}
                            submit={words.delete}
                            hidden={hidden}
                            success={words.deleted}
                            variant="danger"
                            inline
                          />
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </DataTable>
        )}
      </section>
      {mayManage && (
        <section className={styles.section} aria-labelledby="add-account">
          <h2 className={styles.sectionTitle} id="add-account">
            {words.add_account}
          </h2>
          <AddAccountForm mode={ctx.mode} currencies={CURRENCY_CODES} words={words} shell={shell} />
        </section>
      )}
    </>
  );
}
