import type { Metadata } from 'next';
import { listTransactions } from '@/lib/books/customer-transactions/read';
import { listTransactionsQuery } from '@/lib/books/customer-transactions/input';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@/lib/platform/vocabulary';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { TRANSACTIONS_COPY } from '@/lib/surfaces/dashboard/copy/transactions';
import { STATUS_WORDS, wordFor } from '@/lib/surfaces/dashboard/copy/statuses';
import { pageLocale } from '../../../frame';
import { memberOf } from '../member';
import styles from '../ui.module.css';
import { DataTable } from '../../../ui/table';
import { money as moneyIn, when as whenIn } from '../../../ui/format';
import { SelectField, TextField } from '../../../ui/field';

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
  const statuses = STATUS_WORDS[locale];
  const search = await searchParams;
  // The API's own query schema; empty selects mean "any". Unreadable filters show everything.
  const asked = Object.fromEntries(
    [...FILTERS, 'page'].flatMap((k) => (typeof search[k] === 'string' && search[k] ? [[k, search[k]]] : [])),
  );
  const parsed = listTransactionsQuery.safeParse({ ...asked, size: '25' });
  const query = parsed.success ? parsed.data : listTransactionsQuery.parse({ size: '25' });
  const { data, pagination } = await listTransactions(ctx.db, ctx.tenant, query);
  const money = moneyIn(locale);
  const when = whenIn(locale);
  const base = `/dashboard/${ctx.mode}/transactions`;
  const kept = parsed.success ? Object.fromEntries(FILTERS.flatMap((k) => (asked[k] ? [[k, asked[k]]] : []))) : {};
  const pageHref = (page: number) => `${base}?${new URLSearchParams({ ...kept, page: String(page) })}`;
  const select = (
    name: (typeof FILTERS)[number],
    label: string,
    values: readonly string[],
    named: Record<string, string> = {},
  ) => (
    <SelectField id={name} label={label} name={name} defaultValue={kept[name] ?? ''}>
      <option value="">{words.any}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {wordFor(named, v)}
        </option>
      ))}
    </SelectField>
  );
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <form className={styles.filters} method="get" action={base}>
        {select('currency_code', words.currency, CURRENCY_CODES)}
        {select('transaction_type', words.type, TRANSACTION_TYPES, statuses.transaction_type)}
        {select('status', words.status, TRANSACTION_STATUSES, statuses.transaction_status)}
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
          <DataTable
            label={words.title}
            columns={[
              words.when,
              words.type,
              words.status,
              words.customer,
              { label: words.amount, numeric: true },
              { label: words.fee, numeric: true },
            ]}
          >
            {data.map((t) => (
              <tr key={t.transaction_id}>
                <th scope="row">{when(t.created_at)}</th>
                <td>{wordFor(statuses.transaction_type, t.transaction_type)}</td>
                <td>
                  <span
                    className={
                      t.status === 'failed' ? styles.bad : t.status === 'completed' ? styles.good : styles.badge
                    }
                  >
                    {wordFor(statuses.transaction_status, t.status)}
                  </span>
                </td>
                <td>
                  <bdi>{t.customer_email ?? t.recipient_name ?? ''}</bdi>
                </td>
                <td className={styles.num}>{money(t.amount, t.currency_code)}</td>
                <td className={styles.num}>{money(t.fee_amount, t.currency_code)}</td>
              </tr>
            ))}
          </DataTable>
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
          <TextField id="from" label={words.from} name="from" type="date" />
          <TextField id="to" label={words.to} name="to" type="date" />
          <button className={styles.secondary} type="submit">
            {words.download}
          </button>
        </form>
      </section>
    </>
  );
}
