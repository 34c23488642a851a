import type { Metadata } from 'next';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { HOME_COPY } from '@/lib/surfaces/dashboard/copy/home';
import { STATUS_WORDS, wordFor } from '@/lib/surfaces/dashboard/copy/statuses';
import { gettingStarted } from '@/lib/surfaces/dashboard/views/getting-started';
import { homeView, periodOf } from '@/lib/surfaces/dashboard/views/home';
import { pageLocale } from '../../frame';
import { GettingStarted } from './getting-started';
import { memberOf } from './member';
import { PeriodChoice, VolumeChart } from './volume-chart';
import styles from './ui.module.css';

export const metadata: Metadata = { title: 'Home' };

export default async function DashboardHome({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const period = periodOf((await searchParams).days);
  const locale = await pageLocale();
  const words = HOME_COPY[locale];
  const statuses = STATUS_WORDS[locale];
  // The checklist is for those who set the business up: owners and admins.
  const setsUp = ctx.role === 'owner' || ctx.role === 'admin';
  const [wallets, view, checklist] = await Promise.all([
    listWallets(ctx.db, ctx.tenant),
    homeView(ctx.db, ctx.tenant, period),
    setsUp ? gettingStarted(ctx.db, ctx.merchant.id, ctx.person.user) : null,
  ]);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  const when = (d: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
  const base = `/dashboard/${ctx.mode}`;
  // Wallets with money first; those at zero in one line, so a phone does not scroll past nine cards.
  const held = wallets.filter((w) => w.available_balance !== 0 || w.holding_balance !== 0);
  const empty = wallets.filter((w) => !held.includes(w));
  const attention = [
    { n: view.attention.awaitingApproval, text: words.awaiting_approval, href: `${base}/checkouts` },
    { n: view.attention.failedPayouts, text: words.failed_payouts, href: `${base}/money-out` },
    { n: view.attention.failingWebhooks, text: words.failing_webhooks, href: `${base}/developers` },
  ].filter((a) => a.n > 0);
  return (
    <>
      <h1 className={styles.title}>
        <bdi>{ctx.merchant.name}</bdi>
      </h1>
      {checklist && <GettingStarted checklist={checklist} locale={locale} />}
      <section className={styles.section} aria-labelledby="attention">
        <h2 className={styles.sectionTitle} id="attention">
          {words.attention}
        </h2>
        {attention.length === 0 ? (
          <p className={styles.empty}>{words.nothing_needed}</p>
        ) : (
          <ul className={styles.attention}>
            {attention.map((a) => (
              <li key={a.text}>
                <a className={styles.link} href={a.href}>
                  {a.n} {a.text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.section} aria-labelledby="balances">
        <h2 className={styles.sectionTitle} id="balances">
          {words.balances}
        </h2>
        {held.length > 0 && (
          <ul className={styles.balances}>
            {held.map((w) => (
              <li className={styles.balance} key={w.currency_name}>
                <div className={styles.hint}>{words.available}</div>
                <div className={styles.amount}>{money(w.available_balance, w.currency_name)}</div>
                <div className={styles.hint}>
                  {words.holding}: {money(w.holding_balance, w.currency_name)}
                </div>
              </li>
            ))}
          </ul>
        )}
        {empty.length > 0 && (
          <p className={styles.hint}>
            {words.zero_balances}: {empty.map((w) => w.currency_name).join(', ')}
          </p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="volume">
        <h2 className={styles.sectionTitle} id="volume">
          {fill(words.volume, { days: period })}
        </h2>
        <PeriodChoice base={base} period={period} words={words} />
        <VolumeChart series={view.series} period={period} words={words} locale={locale} />
        <h3 className={styles.sectionTitle}>{words.success_rate}</h3>
        <p className={styles.empty}>
          {view.successRate === null
            ? fill(words.no_attempts, { days: period })
            : fill(words.success_rate_value, {
                rate: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
                  view.successRate,
                ),
                count: view.attemptsFinished,
              })}
        </p>
      </section>
      <section className={styles.section} aria-labelledby="recent">
        <h2 className={styles.sectionTitle} id="recent">
          {words.recent}
        </h2>
        {view.recent.length === 0 ? (
          <p className={styles.empty}>{words.no_recent}</p>
        ) : (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={words.recent}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{words.when}</th>
                  <th scope="col">{words.type}</th>
                  <th scope="col">{words.status}</th>
                  <th scope="col" className={styles.num}>
                    {words.amount}
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.recent.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{when(r.createdAt)}</th>
                    <td>{wordFor(statuses.transaction_type, r.type)}</td>
                    <td>
                      <span
                        className={
                          r.status === 'failed' ? styles.bad : r.status === 'completed' ? styles.good : styles.badge
                        }
                      >
                        {wordFor(statuses.transaction_status, r.status)}
                      </span>
                    </td>
                    <td className={styles.num}>{money(r.amount, r.currency)}</td>
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
