'use client';

import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import type { GoLiveConsoleWords } from '@/lib/surfaces/console/go-live-copy';
import { Outcome, useConsoleAction } from '../action-form';
import styles from '../../dashboard/[mode]/ui.module.css';

interface Revealed {
  account_number: string | null;
  phone_number: string | null;
}

/**
 * The settlement account's full number, asked for on purpose: the page holds only its last 4 digits,
 * and each "show" writes an audit line (who saw which application's account, when).
 */
export function RevealAccount({
  merchantId,
  words,
  t,
}: {
  merchantId: string;
  words: ConsoleWords;
  t: GoLiveConsoleWords;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useConsoleAction<Revealed>('revealGoLiveAccount');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} data-testid="golive-reveal-account">
      <input type="hidden" name="merchant_id" value={merchantId} />
      <button type="submit" className={styles.secondary} disabled={pending}>
        {t.show_account}
      </button>
      <Outcome
        outcome={outcome}
        words={words}
        success={
          outcome?.ok ? (
            <>
              {t.account_shown}{' '}
              <span className={styles.mono} data-testid="golive-full-account">
                {[outcome.data.account_number, outcome.data.phone_number].filter(Boolean).join(' · ')}
              </span>
            </>
          ) : null
        }
      />
    </form>
  );
}
