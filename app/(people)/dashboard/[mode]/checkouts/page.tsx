import type { Metadata } from 'next';
import { CHECKOUT_STATUSES } from '@/lib/platform/vocabulary';
import { CHECKOUT_CURRENCIES_BY_KYB } from '@/lib/merchants/kyb';
import { CHECKOUT_ACTIONS } from '@/lib/surfaces/dashboard/actions/checkouts';
import { CHECKOUT_STATUS_WORDS, CHECKOUTS_COPY } from '@/lib/surfaces/dashboard/copy/checkouts';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { allows } from '@/lib/surfaces/dashboard/perform';
import {
  CHECKOUT_PAGE_SIZE,
  checkoutListView,
  searchOf,
  type CheckoutSearch,
} from '@/lib/surfaces/dashboard/views/checkout-list';
import { pageLocale } from '../../../frame';
import { memberOf, shellWords } from '../member';
import { CreateCheckoutForm } from './create-checkout';
import { formatsOf, statusBadge } from './format';
import ui from '../ui.module.css';
import styles from './checkouts.module.css';
import { DataTable } from '../../../ui/table';
import { SelectField, TextField } from '../../../ui/field';

export async function generateMetadata(): Promise<Metadata> {
  return { title: CHECKOUTS_COPY[await pageLocale()].title };
}

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The mode's checkouts: filters and a search read through the API's list query (a refused filter is
 * explained and the list shown whole), 20 a page, each row opening the checkout; and, for the roles
 * that may, a payment link made by hand.
 */
export default async function CheckoutsPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = CHECKOUTS_COPY[locale];
  const statusWords = CHECKOUT_STATUS_WORDS[locale];
  const shell = await shellWords();
  const format = formatsOf(locale);
  const raw = await searchParams;
  const view = await checkoutListView(ctx.db, ctx.tenant, searchOf(raw));
  // The page offers only what the role may do; the action checks it again whatever is posted.
  const currencies = CHECKOUT_CURRENCIES_BY_KYB[ctx.merchant.kybStatus];
  const mayCreate = allows(ctx.role, CHECKOUT_ACTIONS.createCheckout.allowed) && currencies.length > 0;

  const base = `/dashboard/${ctx.mode}/checkouts`;
  // A page opened in a chosen language (`?locale=fr`) keeps it through filters and paging.
  const chosenLocale = typeof raw.locale === 'string' ? raw.locale : undefined;
  const href = (search: CheckoutSearch, offset: number, path = base) => {
    const query = new URLSearchParams({ ...search, ...(chosenLocale ? { locale: chosenLocale } : {}) });
    query.delete('offset');
    if (offset > 0) query.set('offset', String(offset));
    const text = query.toString();
    return text ? `${path}?${text}` : path;
  };
  const filtered = Object.keys(view.applied).some((k) => k !== 'offset');
  const { search } = view;

  return (
    <>
      <h1 className={ui.title}>{words.title}</h1>
      <p className={ui.lead}>{words.lead}</p>
      {mayCreate && (
        // Closed until opened: the list comes first; a re-render after creating leaves it as the person left it.
        <details className={`${ui.section} ${styles.create}`}>
          <summary>{words.create}</summary>
          <p className={ui.hint}>{words.create_lead}</p>
          <CreateCheckoutForm mode={ctx.mode} locale={locale} currencies={currencies} words={words} shell={shell} />
        </details>
      )}
      <section className={ui.section} aria-labelledby="checkout-list">
        <h2 className={ui.sectionTitle} id="checkout-list">
          {words.list_title}
        </h2>
        <form method="get" action={base} className={styles.filters} role="search">
          {chosenLocale && <input type="hidden" name="locale" value={chosenLocale} />}
          <div className={`${ui.field} ${styles.searchField}`}>
            <label className={ui.label} htmlFor="checkout-search">
              {words.search}
            </label>
            <span className={ui.hint} id="checkout-search-hint">
              {words.search_hint}
            </span>
            <input
              className={ui.input}
              id="checkout-search"
              name="q"
              type="search"
              defaultValue={search.q}
              aria-describedby="checkout-search-hint"
              aria-invalid={view.problems?.some((p) => p.field === 'q') || undefined}
            />
          </div>
          <SelectField id="checkout-status" label={words.status} name="status" defaultValue={search.status ?? ''}>
            <option value="">{words.any_status}</option>
            {CHECKOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusWords[s]}
              </option>
            ))}
          </SelectField>
          <TextField
            id="checkout-from"
            label={words.created_from}
            name="created_from"
            type="date"
            defaultValue={search.created_from}
          />
          <TextField
            id="checkout-to"
            label={words.created_to}
            name="created_to"
            type="date"
            defaultValue={search.created_to}
          />
          <div className={styles.filterButtons}>
            <button type="submit" className={ui.button}>
              {words.apply}
            </button>
            {(filtered || view.problems) && (
              <a className={ui.link} href={href({}, 0)}>
                {words.clear}
              </a>
            )}
          </div>
        </form>
        {view.problems && (
          <div className={styles.notice} role="alert">
            <p className={ui.empty}>{words.filters_refused}</p>
            <ul>
              {view.problems.map((p) => (
                <li key={p.field}>
                  {p.field === 'q' ? words.search : p.field}: {p.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        {view.checkouts.length === 0 ? (
          <p className={ui.empty}>{filtered ? words.no_match : words.no_checkouts}</p>
        ) : (
          <>
            <DataTable
              label={words.list_label}
              columns={[
                words.reference,
                { label: words.amount, numeric: true },
                words.status,
                words.customer,
                words.created,
              ]}
              caption={fill(words.showing, { from: view.offset + 1, to: view.offset + view.checkouts.length })}
            >
              {view.checkouts.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <a className={`${ui.link} ${ui.mono}`} href={href({}, 0, `${base}/${c.id}`)}>
                      {c.payment_reference}
                    </a>
                  </th>
                  <td className={ui.num}>{format.money(c.amount, c.currency_code)}</td>
                  <td>
                    <span className={statusBadge(c.status)}>{statusWords[c.status]}</span>
                    {view.refunds[c.id] && (
                      <>
                        {' '}
                        <span className={ui.badge}>{words[`refund_state_${view.refunds[c.id]!}`]}</span>
                      </>
                    )}
                  </td>
                  <td>{c.customer_email}</td>
                  <td>{format.date(c.created_at)}</td>
                </tr>
              ))}
            </DataTable>
            {(view.offset > 0 || view.hasMore) && (
              <nav className={styles.paging} aria-label={words.list_label}>
                {view.offset > 0 ? (
                  <a className={ui.link} href={href(view.applied, Math.max(0, view.offset - CHECKOUT_PAGE_SIZE))}>
                    {words.newer}
                  </a>
                ) : (
                  <span />
                )}
                {view.hasMore && (
                  <a className={ui.link} href={href(view.applied, view.offset + CHECKOUT_PAGE_SIZE)}>
                    {words.older}
                  </a>
                )}
              </nav>
            )}
          </>
        )}
      </section>
    </>
  );
}
