'use client';

import { startTransition, useActionState, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { refusalText, type ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { ActionOutcome } from '@/lib/surfaces/dashboard/perform';
import { dashboardAction } from './actions';
import styles from './ui.module.css';

/**
 * A form that runs one dashboard action (by name) and shows what came back: the refusal in the
 * page's words with the fields it names, the step-up code field when the action asks for it, or the
 * success. What was typed stays in the form when it is refused (the submit does not reset it).
 */
export function useDashboardAction<R = unknown>(name: string, options: { resetOnSuccess?: boolean } = {}) {
  const resetOnSuccess = options.resetOnSuccess ?? true;
  const [outcome, dispatch, pending] = useActionState(dashboardAction.bind(null, name), null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome?.ok && resetOnSuccess) formRef.current?.reset();
  }, [outcome, resetOnSuccess]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  };
  return { outcome: outcome as ActionOutcome<R> | null, dispatch, pending, formRef, onSubmit };
}

const wantsCode = (outcome: ActionOutcome<unknown> | null) =>
  !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');

export function Outcome({
  outcome,
  words,
  success,
}: {
  outcome: ActionOutcome<unknown> | null;
  words: ShellWords;
  success?: ReactNode;
}) {
  if (!outcome) return null;
  if (outcome.ok) {
    return success === null ? null : (
      <p className={styles.success} role="status">
        {success ?? words.done}
      </p>
    );
  }
  const fields = outcome.fields.filter((f) => f.field !== 'step_up_code');
  return (
    <div className={styles.problem} role="alert">
      <p style={{ margin: 0 }}>{refusalText(words, outcome.code, outcome.message)}</p>
      {fields.length > 0 && (
        <ul>
          {fields.map((f) => (
            <li key={f.field}>
              {f.field}: {f.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function StepUpField({ outcome, words }: { outcome: ActionOutcome<unknown> | null; words: ShellWords }) {
  if (!wantsCode(outcome)) return null;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor="step_up_code">
        {words.step_up_label}
      </label>
      <span className={styles.hint} id="step_up_code-hint">
        {words.step_up_hint}
      </span>
      <input
        className={styles.input}
        id="step_up_code"
        name="step_up_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        autoFocus
        aria-describedby="step_up_code-hint"
      />
    </div>
  );
}

/** The common case: fields given as children, a submit button, the outcome under it. */
export function ActionForm({
  name,
  mode,
  words,
  submit,
  children,
  hidden = {},
  success,
  variant = 'button',
  inline = false,
}: {
  name: string;
  mode: string;
  words: ShellWords;
  submit: string;
  children?: ReactNode;
  hidden?: Record<string, string>;
  success?: ReactNode;
  variant?: 'button' | 'secondary' | 'danger';
  inline?: boolean;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useDashboardAction(name);
  return (
    // `action` serves a browser without JavaScript; with it, onSubmit runs the action without React's form reset.
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={inline ? styles.row : styles.form}>
      <input type="hidden" name="mode" value={mode} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <StepUpField outcome={outcome} words={words} />
      <button type="submit" className={styles[variant]} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : submit}
      </button>
      <Outcome outcome={outcome} words={words} success={success} />
    </form>
  );
}
