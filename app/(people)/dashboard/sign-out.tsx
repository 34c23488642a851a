import { signOutAction } from '../actions';
import styles from '../people.module.css';

/**
 * Sign out. `compact` (the dashboard's header): on a phone only a door icon shows, the words stay the
 * button's name for screen readers and its tooltip; longer words ("Se déconnecter") would push the
 * header's one row past a 320-px screen.
 */
export function SignOut({ label, compact = false }: { label: string; compact?: boolean }) {
  return (
    <form action={signOutAction}>
      <button className={compact ? `${styles.quiet} ${styles.compact}` : styles.quiet} type="submit" title={label}>
        {compact && (
          <svg className={styles.signOutIcon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M14 4H6v16h8M10 12h10m-3-3 3 3-3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
        <span className={compact ? styles.signOutText : undefined}>{label}</span>
      </button>
    </form>
  );
}
