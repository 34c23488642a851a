import type { Sample } from '@/lib/surfaces/docs/samples';
import styles from './docs.module.css';

export function Code({ children, label }: { children: string; label: string }) {
  return (
    // Scrollable, so reachable by keyboard (axe: scrollable-region-focusable).
    <pre className={styles.code} tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

/** One closed section per language (no script: <details>), each a whole program or function. */
export function Samples({ samples, part, what }: { samples: Sample[]; part: 'create' | 'verify'; what: string }) {
  return samples.map((sample) => (
    <details key={sample.language} className={styles.sample}>
      <summary>
        {what} in {sample.language}
      </summary>
      <Code label={`${what} in ${sample.language}`}>{sample[part]}</Code>
    </details>
  ));
}
