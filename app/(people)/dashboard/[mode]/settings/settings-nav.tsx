'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import styles from './settings.module.css';

/** Team, Branding, Security, Notifications, Audit log: the one shown is marked (`aria-current`). */
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
  const list = useRef<HTMLUListElement>(null);
  // On a narrow screen the tabs scroll sideways: the one shown is brought into view.
  useEffect(() => {
    const nav = list.current?.parentElement;
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const [tab, box] = [current.getBoundingClientRect(), nav.getBoundingClientRect()];
    if (tab.right > box.right || tab.left < box.left) nav.scrollLeft += tab.left - box.left - 16;
  }, [pathname]);
  const base = `/dashboard/${mode}/settings`;
  return (
    <nav aria-label={label} className={styles.tabs}>
      <ul className={styles.tabList} ref={list}>
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
