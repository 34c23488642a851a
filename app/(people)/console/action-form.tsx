'use client';

import { startTransition, useActionState, useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { consoleRefusalText, type ConsoleWords } from '@/lib/surfaces/console/copy';
import type { ConsoleOutcome } from '@/lib/surfaces/console/perform-operator';
import { consoleAction } from './actions';
import styles from '../dashboard/[mode]/ui.module.css';

/**
 * A form that runs one console action (by name) and shows what came back: the refusal in the page's
 * words with the fields it names, the step-up code field when the action asks for it, or the success.
 * What was typed stays in the form when it is refused.
 */
export function useConsoleAction<R = unknown>(name: string) {
  const [outcome, dispatch, pending] = useActionState(consoleAction.bind(null, name), null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome?.ok) formRef.current?.reset();
  }, [outcome]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  };
  return { outcome: outcome as ConsoleOutcome<R> | null, dispatch, pending, formRef, onSubmit };
}

export const wantsCode = (outcome: ConsoleOutcome<unknown> | null) =>
  !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');

export function Outcome({
  outcome,
  words,
  success,
}: {
  outcome: ConsoleOutcome<unknown> | null;
  words: ConsoleWords;
  success?: ReactNode;
}) {
  if (!outcome) return null;
  if (outcome.ok) {
    return (
      <p className={styles.success} role="status">
        {success ?? words.done}
      </p>
    );
  }
  const fields = outcome.fields.filter((f) => f.field !== 'step_up_code');
  return (
    <div className={styles.problem} role="alert">
      <p style={{ margin: 0 }}>{consoleRefusalText(words, outcome.code, outcome.message)}</p>
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

/** Ids stay unique when a page has many forms (one per row): `idPrefix` names this form's fields. */
export function StepUpField({
  outcome,
  words,
  idPrefix,
}: {
  outcome: ConsoleOutcome<unknown> | null;
  words: ConsoleWords;
  idPrefix: string;
}) {
  if (!wantsCode(outcome)) return null;
  const id = `${idPrefix}-step_up_code`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {words.step_up_label}
      </label>
      <span className={styles.hint} id={`${id}-hint`}>
        {words.step_up_hint}
      </span>
      <input
        className={styles.input}
        id={id}
        name="step_up_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        autoFocus
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/** The common case: fields given as children, a submit button, the outcome under it. */
export function ConsoleForm({
  name,
  idPrefix,
  words,
  submit,
  children,
  hidden = {},
  success,
  variant = 'button',
  inline = false,
}: {
  name: string;
  idPrefix: string;
  words: ConsoleWords;
  submit: string;
  children?: ReactNode;
  hidden?: Record<string, string>;
  success?: ReactNode;
  variant?: 'button' | 'secondary' | 'danger';
  inline?: boolean;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useConsoleAction(name);
  return (
    // `action` serves a browser without JavaScript; with it, onSubmit runs the action without React's form reset.
    <form ref={formRef} action={dispatch} onSubmit={onSubmit} className={inline ? styles.row : styles.form}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <StepUpField outcome={outcome} words={words} idPrefix={idPrefix} />
      <button type="submit" className={styles[variant]} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : submit}
      </button>
      <Outcome outcome={outcome} words={words} success={success} />
    </form>
  );
}
