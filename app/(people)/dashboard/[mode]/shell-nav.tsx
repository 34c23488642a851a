'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import styles from './shell.module.css';

/** The sections, each marked when it is the one shown (`aria-current`); the mode stays in every link. */
export function SectionNav({
  mode,
  label,
  sections,
}: {
  mode: string;
  label: string;
  sections: { path: string; label: string }[];
}) {
  const pathname = usePathname();
  const base = `/dashboard/${mode}`;
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.navList}>
        {sections.map((s) => {
          const href = s.path ? `${base}/${s.path}` : base;
          const current = s.path ? pathname.startsWith(href) : pathname === base;
          return (
            <li key={s.path}>
              <Link className={styles.navLink} href={href} aria-current={current ? 'page' : undefined}>
                {s.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Test or live, keeping the section: the same page in the other mode. `liveNote`: live is not enabled yet. */
export function ModeSwitch({
  mode,
  label,
  test,
  live,
  liveNote,
}: {
  mode: string;
  label: string;
  test: string;
  live: string;
  liveNote?: string;
}) {
  const pathname = usePathname();
  const rest = pathname.split('/').slice(3).join('/');
  const hrefOf = (m: string) => `/dashboard/${m}${rest ? `/${rest}` : ''}`;
  return (
    <nav aria-label={label} className={styles.modes}>
      {(['test', 'live'] as const).map((m) => (
        <Link
          key={m}
          className={styles.mode}
          href={hrefOf(m)}
          aria-current={m === mode ? 'page' : undefined}
          data-mode={m}
        >
          {m === 'test' ? (
            test
          ) : (
            <>
              {live}
              {liveNote && <span className={styles.modeNote}> {liveNote}</span>}
            </>
          )}
        </Link>
      ))}
    </nav>
  );
}
