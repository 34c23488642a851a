import { STATUS_WORDS, wordFor } from '@/lib/surfaces/dashboard/copy/statuses';
import type { Metadata } from 'next';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { listWalletTransactions } from '@/lib/books/wallets/statement';
import { walletTransactionsQuery } from '@/lib/books/wallets/input';
import { listSettlementSummaries } from '@/lib/books/settlement/read';
import { listSettlementsQuery } from '@/lib/books/settlement/input';
import { WALLETS_COPY } from '@/lib/surfaces/dashboard/copy/wallets';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { settlingByCurrency } from '@/lib/surfaces/dashboard/views/settling';
import { pageLocale } from '../../../frame';
import { memberOf } from '../member';
import styles from '../ui.module.css';
import { DataTable } from '../../../ui/table';
import { money as moneyIn, when as whenIn } from '../../../ui/format';
import { SelectField } from '../../../ui/field';
import { formatMoney } from '@/lib/platform/money/format';

export const metadata: Metadata = { title: 'Wallets' };

/** One wallet at a time (the one holding the most unless chosen): its statement and its settlements. */
export default async function WalletsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = WALLETS_COPY[locale];
  const search = await searchParams;
  const wallets = await listWallets(ctx.db, ctx.tenant);
  const richest = [...wallets].sort(
    (a, b) => b.available_balance + b.holding_balance - (a.available_balance + a.holding_balance),
  )[0];
  const asked = wallets.find((w) => w.currency_name === search.currency_code);
  const wallet = asked ?? richest;
  if (!wallet) return null;
  const currency = wallet.currency_name;
  const page = walletTransactionsQuery.shape.page.safeParse(search.page);
  const query = walletTransactionsQuery.parse({ currency_code: currency, size: '25' });
  const statementQuery = { ...query, page: page.success ? page.data : 1 };
  const [statement, settlements, settling] = await Promise.all([
    listWalletTransactions(ctx.db, ctx.tenant, statementQuery),
    listSettlementSummaries(ctx.db, ctx.tenant, listSettlementsQuery.parse({ currency_code: currency })),
    settlingByCurrency(ctx.db, ctx.tenant),
  ]);
  const held = settling[currency];
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const inCurrency = moneyIn(locale);
  const money = (n: number) => inCurrency(n, currency);
  const when = whenIn(locale);
  const base = `/dashboard/${ctx.mode}/wallets`;
  const pageHref = (n: number) => `${base}?${new URLSearchParams({ currency_code: currency, page: String(n) })}`;
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <form className={styles.filters} method="get" action={base}>
        <SelectField id="currency_code" label={words.currency} name="currency_code" defaultValue={currency}>
          {wallets.map((w) => (
            <option key={w.currency_name}>{w.currency_name}</option>
          ))}
        </SelectField>
        <button className={styles.button} type="submit">
          {words.show}
        </button>
      </form>
      <section className={styles.section} aria-labelledby="wallet">
        <h2 className={styles.sectionTitle} id="wallet">
          {currency}
        </h2>
        <dl className={styles.facts}>
          <dt>{words.available}</dt>
          <dd>{money(wallet.available_balance)}</dd>
          <dt>{words.holding}</dt>
          <dd>
            {money(wallet.holding_balance)}
            {held?.onHold && wallet.holding_balance > 0 && <div className={styles.hint}>{words.on_hold}</div>}
            {held?.settling.map((due) => (
              <div className={styles.hint} key={due.on.toISOString()} data-testid="settling-on">
                {fill(words.settling_on, {
                  amount: formatMoney(due.amount, currency, locale),
                  date: day.format(due.on),
                })}
              </div>
            ))}
          </dd>
          <dt>{words.status}</dt>
          <dd>
            <span className={wallet.status === 'active' ? styles.good : styles.bad}>
              {wordFor(STATUS_WORDS[locale].wallet_status, wallet.status)}
            </span>
          </dd>
        </dl>
        <h3 className={styles.sectionTitle}>{words.statement}</h3>
        {statement.data.length === 0 ? (
          <p className={styles.empty}>{words.none}</p>
        ) : (
          <DataTable
            label={words.statement}
            columns={[
              words.when,
              words.what,
              words.balance,
              { label: words.amount, numeric: true },
              { label: words.after, numeric: true },
            ]}
          >
            {statement.data.map((line) => (
              <tr key={line.id}>
                <th scope="row">{when(line.created_at)}</th>
                <td>{line.description}</td>
                <td>{line.balance_type === 'holding' ? words.holding : words.available}</td>
                <td className={styles.num}>{money(line.amount)}</td>
                <td className={styles.num}>{line.balance_after === null ? '' : money(line.balance_after)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <p className={styles.row}>
          {statementQuery.page > 1 && (
            <a className={styles.link} href={pageHref(statementQuery.page - 1)}>
              {words.previous}
            </a>
          )}
          {statement.pagination.has_more && (
            <a className={styles.link} href={pageHref(statementQuery.page + 1)}>
              {words.next}
            </a>
          )}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="settlements">
        <h2 className={styles.sectionTitle} id="settlements">
          {words.settlements}
        </h2>
        {settlements.data.length === 0 ? (
          <p className={styles.empty}>{words.no_settlements}</p>
        ) : (
          <DataTable
            label={words.settlements}
            columns={[
              words.when,
              { label: words.payments, numeric: true },
              { label: words.gross, numeric: true },
              { label: words.fee, numeric: true },
              { label: words.net, numeric: true },
            ]}
          >
            {settlements.data.map((b) => (
              <tr key={b.id}>
                <th scope="row">{when(b.created_at)}</th>
                <td className={styles.num}>{b.transaction_count}</td>
                <td className={styles.num}>{money(b.gross_amount)}</td>
                <td className={styles.num}>{money(b.fee_amount)}</td>
                <td className={styles.num}>{money(b.settled_amount)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
