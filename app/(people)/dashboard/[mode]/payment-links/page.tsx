import type { Metadata } from 'next';
import { listPaymentLinksQuery } from '@/lib/checkout/links/input';
import { listPaymentLinks } from '@/lib/checkout/links/manage';
import { CHECKOUT_CURRENCIES_BY_KYB } from '@/lib/merchants/kyb';
import { PAYMENT_LINK_ACTIONS } from '@/lib/surfaces/dashboard/actions/payment-links';
import { PAYMENT_LINKS_COPY } from '@/lib/surfaces/dashboard/copy/payment-links';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../frame';
import { money } from '../../../ui/format';
import { memberOf, shellWords } from '../member';
import { amountText } from './amounts';
import { CreatePaymentLinkForm } from './create-link';
import ui from '../ui.module.css';
import styles from './links.module.css';
import { Pager } from '../pager';

export async function generateMetadata(): Promise<Metadata> {
  return { title: PAYMENT_LINKS_COPY[await pageLocale()].title };
}

const STATE_STYLE = { active: ui.good, inactive: ui.bad, ended: ui.badge, full: ui.badge } as const;

/**
 * Payment links: make one (for the roles that may), and the mode's links with their state, payments
 * and total. Reads with the verb the API's list calls; the form posts to the dashboard action.
 */
export default async function PaymentLinksPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = PAYMENT_LINKS_COPY[locale];
  const shell = await shellWords();
  const query = listPaymentLinksQuery.safeParse({ page: (await searchParams).page ?? '1' });
  const paging = query.success ? query.data : listPaymentLinksQuery.parse({});
  const links = await listPaymentLinks(ctx.db, ctx.tenant, paging);
  const currencies = CHECKOUT_CURRENCIES_BY_KYB[ctx.merchant.kybStatus];
  const mayCreate = allows(ctx.role, PAYMENT_LINK_ACTIONS.createPaymentLink.allowed);
  const format = money(locale);
  const here = `/dashboard/${ctx.mode}/payment-links`;
  return (
    <>
      <h1 className={ui.title}>{words.title}</h1>
      <p className={ui.lead}>{words.lead}</p>
      {mayCreate && (
        <section className={ui.section} aria-labelledby="create-link">
          <h2 className={ui.sectionTitle} id="create-link">
            {words.create}
          </h2>
          {currencies.length === 0 ? (
            <p className={ui.empty}>{words.no_currency}</p>
          ) : (
            <CreatePaymentLinkForm mode={ctx.mode} currencies={currencies} words={words} shell={shell} />
          )}
        </section>
      )}
      <section className={ui.section} aria-labelledby="links">
        <h2 className={ui.sectionTitle} id="links">
          {words.links}
        </h2>
        {links.data.length === 0 ? (
          <p className={ui.empty}>{words.none}</p>
        ) : (
          <ul className={styles.cards}>
            {links.data.map((link) => (
              <li key={link.id} className={styles.card} data-testid="payment-link-card">
                <h3 className={styles.cardTitle}>
                  <a className={ui.link} href={`${here}/${link.id}`}>
                    <bdi>{link.description}</bdi>
                  </a>
                </h3>
                <dl className={ui.facts}>
                  <dt>{words.amount}</dt>
                  <dd>{amountText(link, words, locale)}</dd>
                  <dt>{words.status}</dt>
                  <dd>
                    <span className={STATE_STYLE[link.status]}>{words[link.status]}</span>
                  </dd>
                  <dt>{words.payments}</dt>
                  <dd>{link.payments_count}</dd>
                  <dt>{words.total}</dt>
                  <dd>{format(link.paid_total, link.currency_code)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <Pager
          page={paging.page}
          hasMore={links.pagination.has_more}
          hrefOf={(page) => `${here}?page=${page}`}
          words={words}
        />
      </section>
    </>
  );
}
