'use client';

import { useActionState } from 'react';
import type { Outcome } from '@/lib/surfaces/dashboard/people';
import type { CopyKey } from '@/lib/surfaces/dashboard/copy';
import { signInAction, signUpAction, startEnrolmentAction, verifyCodeAction } from './actions';
import styles from './people.module.css';

type Words = Record<CopyKey, string>;
type Failed = Extract<Outcome, { ok: false }>;

function Problem({ outcome, copy }: { outcome: Outcome | null; copy: Words }) {
  if (!outcome || outcome.ok) return null;
  return (
    <p className={styles.problem} role="alert">
      {copy[`problem_${outcome.problem}`]}
    </p>
  );
}

function Field(props: {
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
  outcome: Outcome | null;
  inputMode?: 'numeric';
}) {
  const invalid = props.outcome && !props.outcome.ok && (props.outcome as Failed).field === props.name;
  const hintId = props.hint ? `${props.name}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={props.name}>
        {props.label}
      </label>
      {props.hint && (
        <span className={styles.hint} id={hintId}>
          {props.hint}
        </span>
      )}
      <input
        className={styles.input}
        id={props.name}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required
        aria-describedby={hintId}
        aria-invalid={invalid ? true : undefined}
        defaultValue={props.outcome && !props.outcome.ok ? props.outcome.values?.[props.name] : undefined}
      />
    </div>
  );
}

function Submit({ label, pending }: { label: string; pending: boolean }) {
  return (
    <button className={styles.button} type="submit" disabled={pending}>
      {label}
    </button>
  );
}

export function SignUpForm({ copy }: { copy: Words }) {
  const [outcome, action, pending] = useActionState(signUpAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Field name="name" label={copy.name} autoComplete="name" outcome={outcome} />
      <Field name="business" label={copy.business} autoComplete="organization" outcome={outcome} />
      <Field name="email" label={copy.email} type="email" autoComplete="email" outcome={outcome} />
      <Field
        name="password"
        label={copy.password}
        type="password"
        autoComplete="new-password"
        hint={copy.password_hint}
        outcome={outcome}
      />
      <Submit label={copy.create_account} pending={pending} />
    </form>
  );
}

export function SignInForm({ copy }: { copy: Words }) {
  const [outcome, action, pending] = useActionState(signInAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Field name="email" label={copy.email} type="email" autoComplete="email" outcome={outcome} />
      <Field name="password" label={copy.password} type="password" autoComplete="current-password" outcome={outcome} />
      <Submit label={copy.sign_in} pending={pending} />
    </form>
  );
}

export function CodeForm({ copy, submit }: { copy: Words; submit: string }) {
  const [outcome, action, pending] = useActionState(verifyCodeAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Field name="code" label={copy.code} autoComplete="one-time-code" inputMode="numeric" outcome={outcome} />
      <Submit label={submit} pending={pending} />
    </form>
  );
}

/** Enrolment: the password, then the key to add and the backup codes, then the first code. */
export function EnrolForm({ copy }: { copy: Words }) {
  const [outcome, action, pending] = useActionState(startEnrolmentAction, null);
  if (!outcome?.ok) {
    return (
      <form action={action} noValidate>
        <Problem outcome={outcome} copy={copy} />
        <Field
          name="password"
          label={copy.password}
          type="password"
          autoComplete="current-password"
          outcome={outcome}
        />
        <Submit label={copy.enrol_start} pending={pending} />
      </form>
    );
  }
  const secret = new URL(outcome.totpURI).searchParams.get('secret') ?? '';
  return (
    <>
      <p>{copy.enrol_key}</p>
      <p className={styles.key} data-testid="totp-key">
        {secret.match(/.{1,4}/g)?.join(' ')}
      </p>
      <p>
        <a className={styles.link} href={outcome.totpURI}>
          {copy.enrol_open}
        </a>
      </p>
      <p>{copy.enrol_backup}</p>
      <ul className={styles.codes}>
        {outcome.backupCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CodeForm copy={copy} submit={copy.enrol_confirm} />
    </>
  );
}
