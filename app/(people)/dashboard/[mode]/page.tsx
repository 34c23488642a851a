import type { Metadata } from 'next';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { pageCopy, pageLocale } from '../../frame';
import { memberOf } from './member';
import styles from './ui.module.css';

export const metadata: Metadata = { title: 'Home' };

export default async function DashboardHome({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const copy = await pageCopy();
  const locale = await pageLocale();
  const wallets = await listWallets(ctx.db, ctx.tenant);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  return (
    <>
      <h1 className={styles.title}>{ctx.merchant.name}</h1>
      <section className={styles.section} aria-labelledby="balances">
        <h2 className={styles.sectionTitle} id="balances">
          {copy.balances}
        </h2>
        <ul className={styles.balances}>
          {wallets.map((w) => (
            <li className={styles.balance} key={w.currency_name}>
              <div className={styles.hint}>{copy.available}</div>
              <div className={styles.amount}>{money(w.available_balance, w.currency_name)}</div>
              <div className={styles.hint}>
                {copy.holding}: {money(w.holding_balance, w.currency_name)}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
