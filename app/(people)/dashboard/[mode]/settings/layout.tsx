import type { ReactNode } from 'react';
import { SETTINGS_COPY } from '@/lib/surfaces/dashboard/copy/settings';
import { NOTIFICATION_COPY } from '@/lib/surfaces/dashboard/copy/notifications';
import { pageLocale } from '../../../frame';
import { memberOf } from '../member';
import { SettingsNav } from './settings-nav';
import styles from '../ui.module.css';

/** Settings: one title, five tabs (team, branding, security, notifications, audit log), each its own page. */
export default async function SettingsLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ mode: string }>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = SETTINGS_COPY[locale];
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <SettingsNav
        mode={ctx.mode}
        label={words.tabs_label}
        tabs={[
          { path: '', label: words.tab_team },
          { path: 'branding', label: words.tab_branding },
          { path: 'security', label: words.tab_security },
          { path: 'notifications', label: NOTIFICATION_COPY[locale].tab },
          { path: 'audit', label: words.tab_audit },
        ]}
      />
      {children}
    </>
  );
}
