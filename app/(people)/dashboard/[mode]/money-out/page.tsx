import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { payoutHistoryQuery } from '@/lib/money-out/input';
import { listPayouts } from '@/lib/money-out/read';
import { listPaymentAccounts } from '@/lib/money-out/payment-accounts/manage';
import { CURRENCY_CODES, CURRENCY_EXPONENT } from '@/lib/platform/money/currencies';
import { config } from '@/lib/platform/config';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { settlingByCurrency } from '@/lib/surfaces/dashboard/views/settling';
import { MONEY_OUT_ACTIONS } from '@/lib/surfaces/dashboard/actions/money-out';
import { MONEY_OUT_COPY } from '@/lib/surfaces/dashboard/copy/money-out';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../frame';
import { memberOf, shellWords } from '../member';
import { formatters, NETWORK_LABELS } from './format';
import { History } from './history';
import { PayoutForm } from './payout-form';
import { WithdrawForm, type WalletFacts } from './withdraw-form';
import styles from '../ui.module.css';
import layout from './money-out.module.css';
import { formatMoney } from '@/lib/platform/money/format';

export const metadata: Metadata = { title: 'Money out' };

type Search = Record<string, string | string[] | undefined>;

/** The page of one list from the address (`?withdrawals_page=2`); a page that is not one is the first. */
function pageOf(search: Search, name: string) {
  const query = payoutHistoryQuery.safeParse({ page: search[name] ?? '1', size: '20' });
  return query.success ? query.data : payoutHistoryQuery.parse({ size: '20' });
}

/**
 * Money out: what is available to send, a withdrawal to a saved account, a payout to someone else
 * (forms only for roles that may move money), and the history of both, newest first.
 */
export default async function MoneyOutPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Search>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = MONEY_OUT_COPY[locale];
  const shell = await shellWords();
  const search = await searchParams;
  const pages = { withdrawals_page: pageOf(search, 'withdrawals_page'), payouts_page: pageOf(search, 'payouts_page') };
  const [wallets, accounts, withdrawals, payouts, settling] = await Promise.all([
    listWallets(ctx.db, ctx.tenant),
    listPaymentAccounts(ctx.db, ctx.tenant),
    listPayouts(ctx.db, ctx.tenant, 'withdrawal', pages.withdrawals_page),
    listPayouts(ctx.db, ctx.tenant, 'payout', pages.payouts_page),
    settlingByCurrency(ctx.db, ctx.tenant),
  ]);
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  // What the withdrawal form says when there is not enough: what can go now, and when the rest can.
  const walletFacts: Record<string, WalletFacts> = Object.fromEntries(
    Object.entries(settling).map(([code, w]) => [
      code,
      {
        available: String(w.available),
        holding: String(w.holding),
        onHold: w.onHold,
        settlesOn: w.settling.length ? day.format(w.settling.at(-1)!.on) : null,
      },
    ]),
  );
  const withdrawalFees = config().FEE_SCHEDULE.filter((r) => r.operation.startsWith('withdrawal.'));
  const payoutFees = config().FEE_SCHEDULE.filter((r) => r.operation.startsWith('payout.'));
  // The page offers only what the role may do; the actions check it again whatever is posted.
  const mayMove = allows(ctx.role, MONEY_OUT_ACTIONS.createPayout.allowed);
  const mayCancel = allows(ctx.role, MONEY_OUT_ACTIONS.cancelPayout.allowed);
  const { money } = formatters(locale);
  const base = `/dashboard/${ctx.mode}/money-out`;
  const pageLink = (name: keyof typeof pages) => (page: number) => {
    const query = new URLSearchParams({
      withdrawals_page: String(pages.withdrawals_page.page),
      payouts_page: String(pages.payouts_page.page),
      [name]: String(page),
    });
    if (locale !== 'en') query.set('locale', locale);
    return `${base}?${query}#${name === 'withdrawals_page' ? 'withdrawals' : 'payouts'}`;
  };
  const choices = accounts
    .filter((a) => a.status === 'active')
    .map((a) => ({
      id: a.id,
      currency: a.currency_code,
      payoutType: a.account_type === 'bank_account' ? ('bank_transfer' as const) : ('mobile_money' as const),
      recipient:
        a.account_type === 'bank_account'
          ? `${a.account_holder_name ?? ''} · ${a.bank_name} ${a.account_number}`
          : `${a.network_provider ? NETWORK_LABELS[a.network_provider] : ''} ${a.phone_number}`,
      label: `${a.currency_code} · ${
        a.account_type === 'bank_account'
          ? `${a.bank_name} ${a.account_number}`
          : `${a.network_provider ? NETWORK_LABELS[a.network_provider] : ''} ${a.phone_number}`
      }${a.is_primary ? ` (${words.primary})` : ''}`,
    }));
  // Every currency has a wallet: show those that hold money, and offer their currencies first.
  const withMoney = wallets.filter((w) => w.available_balance > 0 || w.holding_balance > 0);
  const currencies = [
    ...new Set([...withMoney.map((w) => w.currency_name), ...wallets.map((w) => w.currency_name), ...CURRENCY_CODES]),
  ];
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <div className={layout.top}>
        <section className={`${styles.section} ${layout.balances}`} aria-labelledby="available">
          <h2 className={styles.sectionTitle} id="available">
            {words.balances}
          </h2>
          {withMoney.length === 0 ? (
            <p className={styles.empty}>{words.no_balances}</p>
          ) : (
            <ul className={styles.balances}>
              {withMoney.map((w) => (
                <li className={styles.balance} key={w.currency_name}>
                  <div className={styles.amount}>{money(w.available_balance, w.currency_name)}</div>
                  {settling[w.currency_name]?.settling.map((due) => (
                    <div className={styles.hint} key={due.on.toISOString()}>
                      {fill(words.settling_on, {
                        amount: formatMoney(due.amount, w.currency_name, locale),
                        date: day.format(due.on),
                      })}
                    </div>
                  ))}
                </li>
              ))}
            </ul>
          )}
          <p>
            <a className={styles.link} href={`${base}/accounts`}>
              {words.manage_accounts}
            </a>
          </p>
        </section>
        {mayMove && (
          <div className={layout.forms}>
            <section className={styles.section} aria-labelledby="withdraw">
              <h2 className={styles.sectionTitle} id="withdraw">
                {words.withdraw}
              </h2>
              <p className={styles.hint}>{words.withdraw_lead}</p>
              {choices.length === 0 ? (
                <p className={styles.empty}>
                  <a className={styles.link} href={`${base}/accounts`}>
                    {words.no_accounts}
                  </a>
                </p>
              ) : (
                <WithdrawForm
                  mode={ctx.mode}
                  locale={locale}
                  formKey={randomUUID()}
                  accounts={choices}
                  fees={withdrawalFees}
                  digits={CURRENCY_EXPONENT}
                  wallets={walletFacts}
                  words={words}
                  shell={shell}
                />
              )}
            </section>
            <section className={styles.section} aria-labelledby="pay">
              <h2 className={styles.sectionTitle} id="pay">
                {words.pay}
              </h2>
              <p className={styles.hint}>{words.pay_lead}</p>
              <PayoutForm
                mode={ctx.mode}
                locale={locale}
                formKey={randomUUID()}
                currencies={currencies}
                fees={payoutFees}
                digits={CURRENCY_EXPONENT}
                words={words}
                shell={shell}
              />
            </section>
          </div>
        )}
      </div>
      <History
        id="withdrawals"
        title={words.withdrawals}
        empty={words.no_withdrawals}
        rows={withdrawals.data}
        pagination={withdrawals.pagination}
        pageLink={pageLink('withdrawals_page')}
        action="cancelWithdrawal"
        mayCancel={mayCancel}
        mode={ctx.mode}
        words={words}
        shell={shell}
        locale={locale}
      />
      <History
        id="payouts"
        title={words.payouts}
        empty={words.no_payouts}
        rows={payouts.data}
        pagination={payouts.pagination}
        pageLink={pageLink('payouts_page')}
        action="cancelPayout"
        mayCancel={mayCancel}
        mode={ctx.mode}
        words={words}
        shell={shell}
        locale={locale}
      />
    </>
  );
}
