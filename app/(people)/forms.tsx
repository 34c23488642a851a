'use client';

import { useActionState } from 'react';
import type { Outcome } from '@/lib/surfaces/dashboard/people';
import type { CopyKey } from '@/lib/surfaces/dashboard/copy';
import type { Enrolment } from '@/lib/surfaces/dashboard/enrolment';
import {
  acceptInvitationAction,
  requestResetAction,
  resendConfirmationAction,
  resetPasswordAction,
  signInAction,
  signUpAction,
  startEnrolmentAction,
  verifyCodeAction,
} from './actions';
import styles from './people.module.css';

type Words = Record<CopyKey, string>;
type Failed = Extract<Outcome, { ok: false }>;

function Problem({ outcome, copy }: { outcome: Outcome<object> | null; copy: Words }) {
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

/** Where the form goes back to after it succeeds (an invitation's page), when it came from there. */
function Next({ next }: { next?: string | null }) {
  return next ? <input type="hidden" name="next" value={next} /> : null;
}

/** From an invitation (`invited`), no business field: the person joins the inviter's. */
export function SignUpForm({ copy, next, invited }: { copy: Words; next?: string | null; invited?: boolean }) {
  const [outcome, action, pending] = useActionState(signUpAction, null);
  // A new owner sets up the authenticator here, without typing the password again.
  if (outcome?.ok && outcome.enrolment) {
    return (
      <>
        <h2 className={styles.subtitle}>{copy.enrol_signup_title}</h2>
        <p>{copy.enrol_signup_lead}</p>
        <EnrolmentKey copy={copy} enrolment={outcome.enrolment} />
        <CodeForm copy={copy} submit={copy.enrol_confirm} next={outcome.next} />
      </>
    );
  }
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Next next={next} />
      <Field name="name" label={copy.name} autoComplete="name" outcome={outcome} />
      {!invited && <Field name="business" label={copy.business} autoComplete="organization" outcome={outcome} />}
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

export function SignInForm({ copy, next }: { copy: Words; next?: string | null }) {
  const [outcome, action, pending] = useActionState(signInAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Next next={next} />
      <Field name="email" label={copy.email} type="email" autoComplete="email" outcome={outcome} />
      <Field name="password" label={copy.password} type="password" autoComplete="current-password" outcome={outcome} />
      <Submit label={copy.sign_in} pending={pending} />
    </form>
  );
}

export function CodeForm({ copy, submit, next }: { copy: Words; submit: string; next?: string | null }) {
  const [outcome, action, pending] = useActionState(verifyCodeAction, null);
  return (
    <form action={action} noValidate>
      <Next next={next} />
      <Problem outcome={outcome} copy={copy} />
      <Field name="code" label={copy.code} autoComplete="one-time-code" hint={copy.code_hint} outcome={outcome} />
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
  return (
    <>
      <p>{copy.enrol_key}</p>
      <EnrolmentKey copy={copy} enrolment={outcome} />
      <CodeForm copy={copy} submit={copy.enrol_confirm} />
    </>
  );
}

/** The key as a QR code (drawn on the server: the secret goes nowhere else), as text, and the backup codes. */
function EnrolmentKey({ copy, enrolment }: { copy: Words; enrolment: Enrolment }) {
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';
  return (
    <>
      <div
        className={styles.qr}
        role="img"
        aria-label={copy.enrol_qr}
        data-testid="totp-qr"
        // qrcode's own SVG of the otpauth URI: modules and paths, no text of anyone's.
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <p>{copy.enrol_or_key}</p>
      <p className={styles.key} data-testid="totp-key">
        {secret.match(/.{1,4}/g)?.join(' ')}
      </p>
      <p>
        <a className={styles.link} href={enrolment.totpURI}>
          {copy.enrol_open}
        </a>
      </p>
      <p>{copy.enrol_backup}</p>
      <ul className={styles.codes}>
        {enrolment.backupCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </>
  );
}

/** Asks for the reset link; once sent, says so the same way whatever the email. */
export function ForgotPasswordForm({ copy }: { copy: Words }) {
  const [outcome, action, pending] = useActionState(requestResetAction, null);
  if (outcome?.ok) {
    return (
      <p className={styles.lead} role="status">
        {copy.forgot_sent}
      </p>
    );
  }
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Field name="email" label={copy.email} type="email" autoComplete="email" outcome={outcome} />
      <Submit label={copy.forgot_submit} pending={pending} />
    </form>
  );
}

export function ResetPasswordForm({ copy, token }: { copy: Words; token: string }) {
  const [outcome, action, pending] = useActionState(resetPasswordAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <input type="hidden" name="token" value={token} />
      <Field
        name="password"
        label={copy.new_password}
        type="password"
        autoComplete="new-password"
        hint={copy.password_hint}
        outcome={outcome}
      />
      <Submit label={copy.reset_submit} pending={pending} />
    </form>
  );
}

/** Accepting needs the secret from the mail (the link's token), never the invitation's id. */
export function AcceptInvitationForm({ copy, token }: { copy: Words; token: string }) {
  const [outcome, action, pending] = useActionState(acceptInvitationAction, null);
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <input type="hidden" name="token" value={token} />
      <Submit label={copy.invitation_accept} pending={pending} />
    </form>
  );
}

/** Another confirmation link; then it says one is on its way. */
export function ResendConfirmationForm({ copy, next }: { copy: Words; next?: string | null }) {
  const [outcome, action, pending] = useActionState(resendConfirmationAction, null);
  if (outcome?.ok) {
    return (
      <p className={styles.lead} role="status">
        {copy.verify_sent}
      </p>
    );
  }
  return (
    <form action={action} noValidate>
      <Problem outcome={outcome} copy={copy} />
      <Next next={next} />
      <Submit label={copy.verify_resend} pending={pending} />
    </form>
  );
}
