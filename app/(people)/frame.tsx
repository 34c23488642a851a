import type { ReactNode } from 'react';
import { config } from '@/lib/platform/config';
import { COPY } from '@/lib/surfaces/dashboard/copy';
import { pageLocale } from './page-locale';
import styles from './people.module.css';

export { pageLocale };

export async function pageCopy() {
  return COPY[await pageLocale()];
}

/** Every people page: a skip link, the service's name (and whatever goes beside it), the main content. */
export async function Frame({ children, aside, wide }: { children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const copy = await pageCopy();
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {copy.skip_to_content}
      </a>
      <header className={styles.top}>
        <a className={styles.brand} href="/dashboard">
          {config().SERVICE_NAME}
        </a>
        {aside}
      </header>
      <main id="main" className={wide ? styles.wide : styles.card}>
        {children}
      </main>
    </div>
  );
}
