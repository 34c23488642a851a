'use client';

import type { ConsoleWords } from '@/lib/surfaces/console/copy';
import { Outcome, StepUpField, useConsoleAction, wantsCode } from '../action-form';
import styles from '../../dashboard/[mode]/ui.module.css';
import { TextField } from '../../ui/field';

/** A new admin key for the signed-in operator: its secret appears here once, after the step-up code. */
export function CreateAdminKeyForm({ words }: { words: ConsoleWords }) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useConsoleAction<{ secret: string }>('createAdminKey');
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <TextField
        id="admin-key-name"
        label={words.key_name}
        hint={words.key_name_hint}
        name="name"
        required
        maxLength={60}
      />
      <StepUpField outcome={outcome} words={words} idPrefix="admin-key" />
      <button type="submit" className={styles.button} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : words.key_create}
      </button>
      <Outcome
        outcome={outcome}
        words={words}
        success={
          outcome?.ok ? (
            <>
              {words.key_secret_once}
              <code className={styles.secret} data-testid="new-admin-key">
                {outcome.data.secret}
              </code>
            </>
          ) : null
        }
      />
    </form>
  );
}
