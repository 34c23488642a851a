import { signOutAction } from '../actions';
import styles from '../people.module.css';

export function SignOut({ label }: { label: string }) {
  return (
    <form action={signOutAction}>
      <button className={styles.quiet} type="submit">
        {label}
      </button>
    </form>
  );
}
