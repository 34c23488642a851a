'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './settings.module.css';

/** Team, Security, Audit log: the one shown is marked (`aria-current`). */
export function SettingsNav({
  mode,
  label,
  tabs,
}: {
  mode: string;
  label: string;
  tabs: { path: string; label: string }[];
}) {
  const pathname = usePathname();
  const base = `/dashboard/${mode}/settings`;
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul className={styles.tabList}>
        {tabs.map((t) => {
          const href = t.path ? `${base}/${t.path}` : base;
          return (
            <li key={t.path}>
              <Link className={styles.tab} href={href} aria-current={pathname === href ? 'page' : undefined}>
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
