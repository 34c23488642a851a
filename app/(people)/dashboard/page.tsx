import type { Metadata } from 'next';
import { getDb } from '@/lib/platform/db/client';
import { listWallets } from '@/lib/books/wallets/list-wallets';
import { findTenant } from '@/lib/operator/merchants/tenants';
import { Frame, pageCopy, pageLocale } from '../frame';
import { dashboardSession } from './session';
import { SignOut } from './sign-out';
import styles from '../people.module.css';

export const metadata: Metadata = { title: 'Home' };

export default async function DashboardHome() {
  const { membership } = await dashboardSession();
  const copy = await pageCopy();
  const locale = await pageLocale();
  const wallets = membership
    ? await listWallets(getDb(), await findTenant(getDb(), membership.merchantId, 'test'))
    : [];
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);
  return (
    <Frame wide aside={<SignOut label={copy.sign_out} />}>
      <p>
        <span className={styles.badge}>{copy.test_mode}</span>
      </p>
      <h1 className={styles.title}>{membership?.name ?? copy.dashboard_title}</h1>
      <h2>{copy.balances}</h2>
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
    </Frame>
  );
}
