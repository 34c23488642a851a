import { consoleRefusalText, type ConsoleWords } from '@/lib/surfaces/console/copy';
import type { ConsoleRefusal } from '@/lib/surfaces/console/perform-operator';
import styles from '../dashboard/[mode]/ui.module.css';

/** A page whose data was refused (a query it cannot take): the reason, with the fields it names. */
export function Refused({ outcome, words, title }: { outcome: ConsoleRefusal; words: ConsoleWords; title: string }) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.problem} role="alert">
        <p style={{ margin: 0 }}>{consoleRefusalText(words, outcome.code, outcome.message)}</p>
        {outcome.fields.length > 0 && (
          <ul>
            {outcome.fields.map((f) => (
              <li key={f.field}>
                {f.field}: {f.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
