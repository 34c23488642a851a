'use client';

import type { ReactNode } from 'react';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { SubmitOrAsk, useAskFirst } from '../../../ui/action-form';
import { Outcome, useDashboardAction } from '../action-form';
import styles from '../ui.module.css';

/**
 * A form whose action answers a secret to show once (a webhook's signing secret on creation or
 * rotation): the fields are the children, the secret appears under the button. With `confirm`, the
 * first submit asks it first (rotating: the old secret stops working).
 */
export function SecretForm({
  name,
  mode,
  shell,
  submit,
  shownOnce,
  hidden = {},
  confirm,
  children,
}: {
  name: string;
  mode: string;
  shell: ShellWords;
  submit: string;
  shownOnce: string;
  hidden?: Record<string, string>;
  confirm?: ReactNode;
  children?: ReactNode;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction<{ secret: string }>(name);
  const asked = useAskFirst(confirm, outcome, onSubmit);
  return (
    <form ref={formRef} action={dispatch} onSubmit={asked.submit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <SubmitOrAsk
        asked={asked}
        confirm={confirm}
        submit={submit}
        variant={children ? 'button' : 'secondary'}
        pending={pending}
        outcome={outcome}
        words={shell}
      />
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
