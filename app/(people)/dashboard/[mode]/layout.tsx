import type { ReactNode } from 'react';
import { config } from '@/lib/platform/config';
import { isolated } from '@/lib/platform/http/isolated';
import { SignOut } from '../sign-out';
import { switchMerchantAction } from './actions';
import { pageMember, shellWords } from './member';
import { ModeSwitch, SectionNav } from './shell-nav';
import { LanguageSwitch } from './language-switch';
import { PAYMENT_LINKS_COPY } from '@/lib/surfaces/dashboard/copy/payment-links';
import { pageLocale } from '../../frame';
import styles from './shell.module.css';

/**
 * Every dashboard page: the business (and a switch when the person has several), test or live, the
 * sections, sign out. On a phone the header is one row (no brand; Live's "(not enabled)" only for
 * screen readers) and the sections scroll sideways under it; on a desktop they
 * stand in a column on the left. Business names are isolated (`<bdi>`, or U+2068…U+2069 in an
 * option's text), so a right-to-left one cannot reorder the header around it.
 */
export default async function DashboardLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ mode: string }>;
}) {
  const { mode } = await params;
  const { ctx, person, reason } = await pageMember(mode);
  const words = await shellWords();
  const current = ctx?.merchant.id ?? person.session.activeMerchantId ?? person.memberships[0]?.merchantId;
  const sections = [
    { path: '', label: words.nav_home },
    { path: 'checkouts', label: words.nav_checkouts },
    { path: 'payment-links', label: PAYMENT_LINKS_COPY[await pageLocale()].nav },
    { path: 'transactions', label: words.nav_transactions },
    { path: 'wallets', label: words.nav_wallets },
    { path: 'money-out', label: words.nav_money_out },
    { path: 'conversion', label: words.nav_conversion },
    { path: 'developers', label: words.nav_developers },
    { path: 'settings', label: words.nav_settings },
    // Until the business is live: its application to go live (lib/operator/go-live).
    ...(ctx && !ctx.merchant.liveEnabled ? [{ path: 'go-live', label: words.nav_go_live }] : []),
  ];
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {words.skip_to_content}
      </a>
      <header className={styles.top}>
        <a className={styles.brand} href={`/dashboard/${mode}`}>
          {config().SERVICE_NAME}
        </a>
        {person.memberships.length > 1 ? (
          <form action={switchMerchantAction} className={styles.switcher}>
            <label className={styles.switcherLabel} htmlFor="merchant_id">
              {words.business_label}
            </label>
            <select id="merchant_id" name="merchant_id" defaultValue={current} className={styles.select}>
              {person.memberships.map((m) => (
                <option key={m.merchantId} value={m.merchantId}>
                  {isolated(m.name)}
                </option>
              ))}
            </select>
            <button type="submit" className={styles.topButton}>
              {words.switch}
            </button>
          </form>
        ) : (
          <span className={styles.business}>
            <bdi>{person.memberships[0]?.name}</bdi>
          </span>
        )}
        <ModeSwitch
          mode={mode}
          label={words.mode_label}
          test={words.mode_test}
          live={words.mode_live}
          liveNote={ctx?.merchant.liveEnabled || mode === 'live' ? undefined : words.mode_live_off}
        />
        {ctx && <LanguageSwitch mode={mode} current={await pageLocale()} words={words} />}
        <SignOut label={words.sign_out} compact />
      </header>
      {mode === 'test' && (
        <p className={styles.testBanner}>
          {words.test_banner} <span className={styles.testBannerMore}>{words.test_banner_more}</span>
        </p>
      )}
      <div className={styles.body}>
        {ctx && <SectionNav mode={mode} label={words.nav_label} sections={sections} />}
        <main id="main" className={styles.main}>
          {ctx ? (
            children
          ) : reason === 'live_mode_not_enabled' ? (
            <>
              <h1 className={styles.title}>{words.live_off_title}</h1>
              <p>{words.live_off_lead}</p>
              <p>
                <a href="/dashboard/test/go-live">{words.live_off_apply}</a>
              </p>
              <p>
                <a href="/dashboard/test">{words.mode_test}</a>
              </p>
            </>
          ) : (
            <>
              <h1 className={styles.title}>{words.nav_home}</h1>
              <p>{words.no_business}</p>
              {person.user.operator && (
                <p>
                  <a href="/console">{words.console}</a>
                </p>
              )}
            </>
          )}
        </main>
      </div>
    </div>
  );
}
