'use client';

import type { ReactNode } from 'react';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { Outcome, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';

/**
 * A form whose action answers a secret to show once (a webhook's signing secret on creation or
 * rotation): the fields are the children, the secret appears under the button.
 */
export function SecretForm({
  name,
  mode,
  shell,
  submit,
  shownOnce,
  hidden = {},
  children,
}: {
  name: string;
  mode: string;
  shell: ShellWords;
  submit: string;
  shownOnce: string;
  hidden?: Record<string, string>;
  children?: ReactNode;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<{ secret: string }>(name);
  return (
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <button type="submit" className={children ? styles.button : styles.secondary} disabled={pending}>
        {submit}
      </button>
      <Outcome
        outcome={outcome}
        words={shell}
        success={
          outcome?.ok ? (
            <>
              {shownOnce}
              <code className={styles.secret} data-testid="shown-once-secret">
                {outcome.data.secret}
              </code>
            </>
          ) : null
        }
      />
    </form>
  );
}
