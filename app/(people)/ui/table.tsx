import type { ReactNode } from 'react';
import styles from '../dashboard/[mode]/ui.module.css';

/** A column's header: its words, right-aligned for amounts, or read only by screen readers (a row's buttons). */
export type Column = { label: ReactNode; numeric?: boolean; hidden?: boolean };

/**
 * A table: a real one (with its header row) from 34rem of room, a stacked card per row below that
 * (CSS only, `ui.module.css`), so a phone sees every cell without scrolling sideways. The region is
 * focusable so the keyboard can scroll a wide one, and named so a screen reader says which table.
 * Rows come as children; a column given as `false` is left out (one only some roles see).
 */
export function DataTable({
  label,
  columns,
  caption,
  className,
  children,
}: {
  label: string;
  columns: (Column | string | false | null | undefined)[];
  caption?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={className ? `${styles.tableWrap} ${className}` : styles.tableWrap}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={styles.table}>
        {caption !== undefined && <caption className={styles.visuallyHidden}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) => {
              if (!column) return null;
              const { label: words, numeric, hidden } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={i} scope="col" className={numeric ? styles.num : undefined}>
                  {hidden ? <span className={styles.visuallyHidden}>{words}</span> : words}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
