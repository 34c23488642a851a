import { fill } from '@/lib/surfaces/dashboard/copy';
import { GETTING_STARTED_COPY, STEP_PATHS } from '@/lib/surfaces/dashboard/copy/getting-started';
import type { Checklist } from '@/lib/surfaces/dashboard/views/getting-started';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import ui from './ui.module.css';
import styles from './getting-started.module.css';

/** The home page's checklist for a new business; gone once every step is done. */
export function GettingStarted({ checklist, locale }: { checklist: Checklist; locale: PeopleLocale }) {
  if (checklist.complete) return null;
  const words = GETTING_STARTED_COPY[locale];
  const done = checklist.steps.filter((s) => s.done).length;
  return (
    <section className={ui.section} aria-labelledby="getting-started">
      <h2 className={ui.sectionTitle} id="getting-started">
        {words.title}
      </h2>
      <p className={ui.hint}>{fill(words.lead, { done, total: checklist.steps.length })}</p>
      <ol className={styles.steps}>
        {checklist.steps.map(({ step, done }) => (
          <li key={step} className={done ? styles.done : styles.todo}>
            <span className={styles.mark} aria-hidden="true">
              {done ? '✓' : ''}
            </span>
            {done ? (
              <span>{words.steps[step]}</span>
            ) : (
              <a className={ui.link} href={`/dashboard/test${STEP_PATHS[step]}`}>
                {words.steps[step]}
              </a>
            )}
            <span className={styles.state}>{done ? words.done : words.to_do}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
