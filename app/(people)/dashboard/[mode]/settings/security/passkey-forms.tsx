'use client';

import { useRef, useState, useTransition, type FormEvent } from 'react';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { refusalText, type ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { SettingsWords } from '@/lib/surfaces/dashboard/copy/settings';
import type { ActionCode, ActionOutcome } from '@/lib/surfaces/dashboard/perform';
import { NamedActionForm, StepUpInput, type FormProps } from '../../../../ui/action-form';
import { TextField } from '../../../../ui/field';
import styles from '../../ui.module.css';
import { passkeyAction } from './actions';
import { fieldExplainer } from '../../action-form';

type Refusal = Extract<ActionOutcome<unknown>, { ok: false }>;
type Shown = { kind: 'refused'; outcome: Refusal } | { kind: 'note'; text: string; problem: boolean } | null;

/** The refusal in the page's words; a refused WebAuthn answer (the `response` field) says so plainly. */
function explain(shell: ShellWords, words: SettingsWords, outcome: Refusal): string {
  if (outcome.fields.some((f) => f.field.startsWith('response'))) return words.passkey_refused;
  return refusalText(shell, outcome.code as ActionCode, outcome.message);
}

/**
 * Adding a passkey: the name, then (step-up) a code if one is due, then the browser's own prompt.
 * Two server actions around navigator.credentials.create(): the options (with the challenge), then
 * the browser's answer, which the server checks and stores with its audit line.
 */
export function AddPasskeyForm({ mode, words, shell }: { mode: string; words: SettingsWords; shell: ShellWords }) {
  const [shown, setShown] = useState<Shown>(null);
  const [pending, startTransition] = useTransition();
  const formRef = useRef<HTMLFormElement>(null);
  const refusal = shown?.kind === 'refused' ? shown.outcome : null;

  const add = async (form: FormData) => {
    const started = await passkeyAction('startPasskey', null, form);
    if (!started.ok) return setShown({ kind: 'refused', outcome: started });
    let credential;
    try {
      credential = await startRegistration({ optionsJSON: started.data as PublicKeyCredentialCreationOptionsJSON });
    } catch (error) {
      const cancelled = error instanceof Error && error.name === 'NotAllowedError';
      return setShown({
        kind: 'note',
        text: cancelled ? words.passkey_cancelled : words.passkey_refused,
        problem: true,
      });
    }
    const answer = new FormData();
    answer.set('mode', mode);
    answer.set('name', String(form.get('name') ?? ''));
    answer.set('response', JSON.stringify(credential));
    const added = await passkeyAction('addPasskey', null, answer);
    if (!added.ok) return setShown({ kind: 'refused', outcome: added });
    formRef.current?.reset();
    setShown({ kind: 'note', text: words.passkey_added, problem: false });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!browserSupportsWebAuthn()) {
      setShown({ kind: 'note', text: words.passkeys_unsupported, problem: true });
      return;
    }
    const form = new FormData(event.currentTarget);
    setShown({ kind: 'note', text: words.passkey_adding, problem: false });
    startTransition(() => add(form));
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} className={styles.form}>
      <input type="hidden" name="mode" value={mode} />
      <TextField
        id="passkey-name"
        label={words.passkey_name}
        hint={words.passkey_name_hint}
        name="name"
        maxLength={60}
        autoComplete="off"
      />
      <StepUpInput outcome={refusal} words={shell} idPrefix="passkey" />
      <button type="submit" className={styles.button} disabled={pending}>
        {refusal?.code === 'step_up_required' ? shell.confirm : words.passkey_add}
      </button>
      {refusal && (
        <p className={styles.problem} role="alert">
          {explain(shell, words, refusal)}
        </p>
      )}
      {shown?.kind === 'note' && (
        <p className={shown.problem ? styles.problem : styles.success} role={shown.problem ? 'alert' : 'status'}>
          {shown.text}
        </p>
      )}
    </form>
  );
}

/**
 * A passkey action run by a plain form (deleting one), with the step-up code when it is due; a
 * destructive one (`variant="danger"`) asks "are you sure?" first.
 */
export function PasskeyActionForm({
  mode,
  shell,
  words,
  hidden = {},
  ...rest
}: FormProps & { mode: string; shell: ShellWords; words: SettingsWords; idPrefix?: string }) {
  return (
    <NamedActionForm
      action={passkeyAction}
      words={shell}
      explain={(code, message) => explain(shell, words, { ok: false, code: code as ActionCode, message, fields: [] })}
      explainField={fieldExplainer(shell)}
      hidden={{ mode, ...hidden }}
      confirm={rest.variant === 'danger' ? shell.confirm_question : undefined}
      {...rest}
    />
  );
}
