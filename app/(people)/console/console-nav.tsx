'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from '../dashboard/[mode]/shell.module.css';

/** The console's sections, each marked when it is the one shown (`aria-current`). */
export function ConsoleNav({ label, sections }: { label: string; sections: { path: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.navList}>
        {sections.map((s) => {
          const href = `/console/${s.path}`;
          return (
            <li key={s.path}>
              <Link
                className={styles.navLink}
                href={href}
                aria-current={pathname.startsWith(href) ? 'page' : undefined}
              >
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
