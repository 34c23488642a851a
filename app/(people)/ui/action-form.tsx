'use client';

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styles from '../dashboard/[mode]/ui.module.css';

/** What a dashboard or console server action answers: its data, or a refusal naming the fields at fault. */
export type Refusal = { ok: false; code: string; message: string; fields: { field: string; message: string }[] };
export type FormOutcome<R> = { ok: true; data: R } | Refusal;

/** A server action that runs one named action on a form (the first argument is bound to the name). */
export type NamedAction<O> = (name: string, previous: unknown, form: FormData) => Promise<O>;

/** The words every such form needs (and those of the "are you sure?" step, for forms that ask it). */
export type FormWords = {
  done: string;
  confirm: string;
  step_up_label: string;
  step_up_hint: string;
  confirm_keep?: string;
};

/** The refusal in the page's words: each surface says its codes its own way. */
export type Explain = (code: string, message: string) => string;

/** A field's message in the page's words (the dashboard's catalogue); without it, the API's own text. */
export type ExplainField = (message: string) => string;

/**
 * Runs one action (by name) through `action` and keeps what came back. What was typed stays in the
 * form when it is refused (the submit does not reset it); a success clears it unless told not to.
 */
export function useNamedAction<O extends FormOutcome<unknown>>(
  action: NamedAction<O>,
  name: string,
  options: { resetOnSuccess?: boolean } = {},
) {
  const resetOnSuccess = options.resetOnSuccess ?? true;
  const [outcome, dispatch, pending] = useActionState(action.bind(null, name), null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (outcome?.ok && resetOnSuccess) formRef.current?.reset();
  }, [outcome, resetOnSuccess]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(() => dispatch(form));
  };
  return { outcome, dispatch, pending, formRef, onSubmit };
}

export const wantsCode = (outcome: FormOutcome<unknown> | null) =>
  !!outcome && !outcome.ok && outcome.fields.some((f) => f.field === 'step_up_code');

/** The success (null: say nothing), or the refusal with the fields it names. */
export function OutcomeView({
  outcome,
  words,
  explain,
  explainField,
  success,
}: {
  outcome: FormOutcome<unknown> | null;
  words: FormWords;
  explain: Explain;
  explainField?: ExplainField;
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
      <p style={{ margin: 0 }}>{explain(outcome.code, outcome.message)}</p>
      {fields.length > 0 && <FieldProblems fields={fields} explainField={explainField} />}
    </div>
  );
}

/**
 * What is wrong with each field, named as the form names it (its label, "Amount to refund"), not by
 * the API's field name; a field the form does not show keeps its name.
 */
function FieldProblems({ fields, explainField }: { fields: Refusal['fields']; explainField?: ExplainField }) {
  const ref = useRef<HTMLUListElement>(null);
  const [labels, setLabels] = useState<Record<string, string>>({});
  // French puts a (non-breaking) space before the colon.
  const [colon, setColon] = useState(': ');
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    setColon(form.closest('[lang]')?.getAttribute('lang')?.startsWith('fr') ? '\u00a0: ' : ': ');
    const found: Record<string, string> = {};
    for (const { field } of fields) {
      const named = form.elements.namedItem(field);
      const control = named instanceof RadioNodeList ? named[0] : named;
      const label =
        control instanceof HTMLInputElement ||
        control instanceof HTMLSelectElement ||
        control instanceof HTMLTextAreaElement
          ? control.labels?.[0]?.textContent?.trim()
          : undefined;
      if (label) found[field] = label;
    }
    // The labels are in the page's DOM, read once it is there.
    setLabels(found);
  }, [fields]);
  return (
    <ul ref={ref}>
      {fields.map((f) => (
        <li key={f.field}>
          {labels[f.field] ?? f.field}
          {colon}
          {explainField ? explainField(f.message) : f.message}
        </li>
      ))}
    </ul>
  );
}

/** The step-up code, asked only when the action wants it; `idPrefix` keeps ids unique when a page has many forms. */
export function StepUpInput({
  outcome,
  words,
  idPrefix,
}: {
  outcome: FormOutcome<unknown> | null;
  words: FormWords;
  idPrefix?: string;
}) {
  if (!wantsCode(outcome)) return null;
  const id = idPrefix ? `${idPrefix}-step_up_code` : 'step_up_code';
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

/**
 * "Are you sure?" before a destructive action: the first submit only asks (also when sent with
 * Enter); the second runs `onSubmit`. Nothing is asked when `confirm` is undefined, or when the
 * action asked for the step-up code (the question was answered already).
 */
export function useAskFirst(
  confirm: ReactNode | undefined,
  outcome: FormOutcome<unknown> | null,
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
) {
  const [asking, setAsking] = useState(false);
  const ask = confirm !== undefined && !wantsCode(outcome);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (ask && !asking) {
      event.preventDefault();
      setAsking(true);
      return;
    }
    setAsking(false);
    onSubmit(event);
  };
  return { asking: ask && asking, submit, keep: () => setAsking(false) };
}

/** The form's submit button, or the question with the button that does it and "keep it". */
export function SubmitOrAsk({
  asked,
  confirm,
  submit,
  variant = 'button',
  pending,
  outcome,
  words,
}: {
  asked: ReturnType<typeof useAskFirst>;
  confirm: ReactNode | undefined;
  submit: ReactNode;
  variant?: 'button' | 'secondary' | 'danger';
  pending: boolean;
  outcome: FormOutcome<unknown> | null;
  words: FormWords;
}) {
  if (!asked.asking) {
    return (
      <button type="submit" className={styles[variant]} disabled={pending}>
        {wantsCode(outcome) ? words.confirm : submit}
      </button>
    );
  }
  return (
    <div className={styles.ask} role="group" aria-label={typeof confirm === 'string' ? confirm : undefined}>
      <p className={styles.askQuestion} role="status">
        {confirm}
      </p>
      <div className={styles.row}>
        <button type="submit" className={styles[variant]} disabled={pending} autoFocus>
          {submit}
        </button>
        <button type="button" className={styles.secondary} onClick={asked.keep}>
          {words.confirm_keep}
        </button>
      </div>
    </div>
  );
}

export type FormProps = {
  name: string;
  /** The button's words; a name in them goes in a `<bdi>`. */
  submit: ReactNode;
  children?: ReactNode;
  hidden?: Record<string, string>;
  success?: ReactNode;
  variant?: 'button' | 'secondary' | 'danger';
  inline?: boolean;
  /** Asked before the action runs ("are you sure?"): the button then shows this and a second button that does it. */
  confirm?: ReactNode;
};

/** The common case: fields given as children, a submit button, the outcome under it. */
export function NamedActionForm<O extends FormOutcome<unknown>>({
  action,
  name,
  words,
  explain,
  explainField,
  idPrefix,
  submit,
  children,
  hidden = {},
  success,
  variant = 'button',
  inline = false,
  confirm,
}: FormProps & {
  action: NamedAction<O>;
  words: FormWords;
  explain: Explain;
  explainField?: ExplainField;
  idPrefix?: string;
}) {
  const { outcome, pending, formRef, onSubmit, dispatch } = useNamedAction(action, name);
  const asked = useAskFirst(confirm, outcome, onSubmit);
  return (
    // `action` serves a browser without JavaScript; with it, onSubmit runs the action without React's form reset.
    <form ref={formRef} action={dispatch} onSubmit={asked.submit} className={inline ? styles.row : styles.form}>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children}
      <StepUpInput outcome={outcome} words={words} idPrefix={idPrefix} />
      <SubmitOrAsk
        asked={asked}
        confirm={confirm}
        submit={submit}
        variant={variant}
        pending={pending}
        outcome={outcome}
        words={words}
      />
      <OutcomeView outcome={outcome} words={words} explain={explain} explainField={explainField} success={success} />
    </form>
  );
}
