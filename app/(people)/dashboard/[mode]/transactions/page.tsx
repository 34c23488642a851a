import type { Metadata } from 'next';
import { listTransactions } from '@/lib/books/customer-transactions/read';
import { listTransactionsQuery } from '@/lib/books/customer-transactions/input';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@/lib/platform/db/schema';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { fill } from '@/lib/surfaces/dashboard/copy/home';
import { TRANSACTIONS_COPY } from '@/lib/surfaces/dashboard/copy/transactions';
import { pageLocale } from '../../../frame';
import { memberOf } from '../member';
import styles from '../ui.module.css';

export const metadata: Metadata = { title: 'Transactions' };

type Search = Record<string, string | string[] | undefined>;
const FILTERS = ['currency_code', 'transaction_type', 'status'] as const;

export default async function TransactionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Search>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = TRANSACTIONS_COPY[locale];
  const search = await searchParams;
  // The API's own query schema; empty selects mean "any". Unreadable filters show everything.
  const asked = Object.fromEntries(
    [...FILTERS, 'page'].flatMap((k) => (typeof search[k] === 'string' && search[k] ? [[k, search[k]]] : [])),
  );
  const parsed = listTransactionsQuery.safeParse({ ...asked, size: '25' });
  const query = parsed.success ? parsed.data : listTransactionsQuery.parse({ size: '25' });
  const { data, pagination } = await listTransactions(ctx.db, ctx.tenant, query);
  const money = (n: number, c: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: c, currencyDisplay: 'code' }).format(n);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const base = `/dashboard/${ctx.mode}/transactions`;
  const kept = parsed.success ? Object.fromEntries(FILTERS.flatMap((k) => (asked[k] ? [[k, asked[k]]] : []))) : {};
  const pageHref = (page: number) => `${base}?${new URLSearchParams({ ...kept, page: String(page) })}`;
  const select = (name: (typeof FILTERS)[number], label: string, values: readonly string[]) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={name}>
        {label}
      </label>
      <select className={styles.input} id={name} name={name} defaultValue={kept[name] ?? ''}>
        <option value="">{words.any}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <form className={styles.filters} method="get" action={base}>
        {select('currency_code', words.currency, CURRENCY_CODES)}
        {select('transaction_type', words.type, TRANSACTION_TYPES)}
        {select('status', words.status, TRANSACTION_STATUSES)}
        <button className={styles.button} type="submit">
          {words.filter}
        </button>
      </form>
      {!parsed.success && (
        <p className={styles.problem} role="alert">
          {words.bad_filter}
        </p>
      )}
      <section className={styles.section} aria-label={words.title}>
        {data.length === 0 ? (
          <p className={styles.empty}>{words.none}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.title}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.when}</th>
                  <th scope="col">{words.type}</th>
                  <th scope="col">{words.status}</th>
                  <th scope="col">{words.customer}</th>
                  <th scope="col" className={styles.num}>
                    {words.amount}
                  </th>
                  <th scope="col" className={styles.num}>
                    {words.fee}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((t) => (
                  <tr key={t.transaction_id}>
                    <th scope="row">{when(t.created_at)}</th>
                    <td>{t.transaction_type}</td>
                    <td>
                      <span
                        className={
                          t.status === 'failed' ? styles.bad : t.status === 'completed' ? styles.good : styles.badge
                        }
                      >
                        {t.status}
                      </span>
                    </td>
                    <td>{t.customer_email ?? t.recipient_name ?? ''}</td>
                    <td className={styles.num}>{money(t.amount, t.currency_code)}</td>
                    <td className={styles.num}>{money(t.fee_amount, t.currency_code)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={styles.row}>
          {pagination.page > 1 && (
            <a className={styles.link} href={pageHref(pagination.page - 1)}>
              {words.previous}
            </a>
          )}
          <span>
            {fill(words.page_of, {
              page: pagination.page,
              pages: Math.max(pagination.total_pages, 1),
              total: pagination.total,
            })}
          </span>
          {pagination.has_more && (
            <a className={styles.link} href={pageHref(pagination.page + 1)}>
              {words.next}
            </a>
          )}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="export">
        <h2 className={styles.sectionTitle} id="export">
          {words.export}
        </h2>
        <p className={styles.hint}>{words.export_lead}</p>
        <form className={styles.filters} method="get" action={`${base}/export`}>
          {Object.entries(kept).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <div className={styles.field}>
            <label className={styles.label} htmlFor="from">
              {words.from}
            </label>
            <input className={styles.input} id="from" name="from" type="date" />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="to">
              {words.to}
            </label>
            <input className={styles.input} id="to" name="to" type="date" />
          </div>
          <button className={styles.secondary} type="submit">
            {words.download}
          </button>
        </form>
      </section>
    </>
  );
}
