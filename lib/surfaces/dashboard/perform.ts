import { isAPIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { roleMay } from '../../access/people/roles';
import { hitsWithin } from '../../access/rate-limit/limit';
import type { Requirement } from '../../access/permissions';
import { recordAudit, type Actor } from '../../access/audit';
import { needsStepUp, type ActionName } from '../../access/policy';
import { requestFingerprint, withIdempotency } from '../../access/idempotency';
import { authSessions } from '../../platform/db/schema';
import { type MemberRole } from '../../platform/vocabulary';
import { databaseUnavailable } from '../../platform/http/database-unavailable';
import { ApiError, type FieldError } from '../../platform/http/errors';
import type { ErrorCode } from '../../platform/http/error-codes';
import { isStorableText } from '../../platform/http/storable-text';
import { isMode, memberContext, type MemberCtx, type NoMember } from './member';
import { authHeaders, checkCode } from './people';

/**
 * How every dashboard action runs, whatever it does: who (a member of the session's active merchant,
 * in the mode the form names), whether their role may (the API's permission for the same operation),
 * the operation's own input schema, a fresh second factor when the policy table says so
 * (lib/access/policy.ts: step-up), then the lib/ verb the API route calls, and the audit line, in one
 * transaction; a money form runs once per rendered form (its `form_key`).
 */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** Roles by name, for what only people do (the team, the audit log): no API key can. */
export type Allowed = Requirement | { roles: readonly MemberRole[] };

export type FormValues = Record<string, string>;

export interface DashboardAction<I, R> {
  /** Its entry in the policy table, and what the audit log calls it: `<object>.<verb>`, e.g. `api_key.create`. */
  name: ActionName;
  allowed: Allowed;
  /** For a `when` policy: whether this input touches what needs a fresh second factor. */
  stepUpWhen?: (ctx: MemberCtx, input: I) => Promise<boolean>;
  /** Moves money: the rendered form carries a `form_key`, and the same form posted again runs once. */
  oncePerForm?: true;
  /** The form, read into the API operation's input with its own schema (its 422s, field names). */
  read: (form: FormValues, ctx: MemberCtx) => I;
  /** `formKey`: the rendered form's key, for the verbs that record one (an Idempotency-Key). */
  run: (ctx: MemberCtx, input: I, formKey: string | null) => Promise<R>;
  /** What the audit line says changed; absent only for actions that change nothing. */
  audit: ((input: I, result: R) => { target: string | null; details?: Record<string, unknown> }) | null;
}

export type ActionCode = ErrorCode | NoMember | 'step_up_required' | 'wrong_code' | 'too_many_attempts';
export type Refusal = { ok: false; code: ActionCode; message: string; fields: FieldError[]; values?: FormValues };
export type ActionOutcome<R> = { ok: true; data: R } | Refusal;

export const allows = (role: MemberRole, allowed: Allowed): boolean =>
  typeof allowed === 'object' && 'roles' in allowed ? allowed.roles.includes(role) : roleMay(role, allowed);

export const refused = (code: ActionCode, message: string, fields: FieldError[] = []): Refusal => ({
  ok: false,
  code,
  message,
  fields,
});

/** Fields that are about how the form is sent, not what it says. */
const ENVELOPE_FIELDS = new Set(['mode', 'step_up_code', 'form_key']);

/** The form's own fields: not Next.js's `$ACTION_…` ones, not the mode, the step-up code or the form's key. */
export function formValues(form: FormData | FormValues): FormValues {
  const entries =
    form instanceof FormData ? [...form.entries()].map(([k, v]) => [k, String(v)] as const) : Object.entries(form);
  return Object.fromEntries(entries.filter(([name]) => !name.startsWith('$') && !ENVELOPE_FIELDS.has(name)));
}

/** What step-up needs of whoever acts: the database and the signed-in person (a member or the operator). */
type StepUpCtx = Pick<MemberCtx, 'db' | 'person'>;

export function isStepUpFresh(ctx: StepUpCtx, now = Date.now()): boolean {
  const at = ctx.person.session.stepUpAt;
  return !!at && now - new Date(at).getTime() < STEP_UP_WINDOW_MS;
}

/**
 * A code from the authenticator (or a backup code, spent once), checked by better-auth against this
 * session, whose hooks count codes per account and per address (lib/access/people/guards.ts); marks
 * the session stepped up.
 */
export async function stepUp(ctx: StepUpCtx, headers: Headers, given: string | undefined): Promise<Refusal | null> {
  if (isStepUpFresh(ctx)) return null;
  const code = given?.replace(/\s+/g, '');
  if (!code)
    return refused('step_up_required', 'Enter a code from your authenticator app to confirm this', [
      { field: 'step_up_code', message: 'required' },
    ]);
  if (!/^\d{6}$/.test(code) && !/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code))
    return refused('wrong_code', 'That code is not right', [{ field: 'step_up_code', message: 'wrong code' }]);
  // better-auth takes a code again within its 30 s: a code serves one step-up at most.
  // Over the code's whole life (two 30 s steps either side), whatever minute it falls in.
  const reused = (await hitsWithin(ctx.db, `step-up-code:${ctx.person.user.id}:${code}`, 120)) > 1;
  if (reused)
    return refused('wrong_code', 'That code was used already: wait for the next one', [
      { field: 'step_up_code', message: 'used already' },
    ]);
  try {
    await checkCode(code, authHeaders(headers));
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429)
      return refused('too_many_attempts', 'Too many codes: wait a few minutes');
    if (isAPIError(error))
      return refused('wrong_code', 'That code is not right', [{ field: 'step_up_code', message: 'wrong code' }]);
    throw error;
  }
  await ctx.db
    .update(authSessions)
    .set({ stepUpAt: sql`now()` })
    .where(eq(authSessions.id, ctx.person.session.id));
  return null;
}

/**
 * Runs a dashboard action. While the database cannot be reached, the form is answered
 * `database_unavailable` (try again shortly) with what was typed, instead of an error page.
 */
export async function perform<I, R>(
  action: DashboardAction<I, R>,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ActionOutcome<R>> {
  return refusedWhileDatabaseAway(() => performAction(action, headers, form), { action: action.name }, form);
}

/**
 * `run`, except that a failure of the database connection is a refusal that says so (the API's 503
 * `database_unavailable`, logged once as a warning) instead of an error page. With `form`, the
 * refusal gives its values back so the form keeps what was typed.
 */
export async function refusedWhileDatabaseAway<T>(
  run: () => Promise<T>,
  logFields: Record<string, unknown>,
  form?: FormData | FormValues,
): Promise<T | Refusal> {
  try {
    return await run();
  } catch (error) {
    const unavailable = databaseUnavailable(error, logFields);
    if (!unavailable) throw error;
    const refusal = refused(unavailable.code, unavailable.message);
    return form ? { ...refusal, values: formValues(form) } : refusal;
  }
}

async function performAction<I, R>(
  action: DashboardAction<I, R>,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ActionOutcome<R>> {
  const raw = form instanceof FormData ? Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])) : form;
  const values = formValues(form);
  const unstorable = Object.entries(values).find(([, v]) => !isStorableText(v));
  if (unstorable)
    return refused('validation_error', 'This text cannot be stored', [
      { field: unstorable[0], message: 'contains characters that cannot be stored' },
    ]);
  const mode = raw.mode ?? 'test';
  if (!isMode(mode))
    return refused('validation_error', 'mode must be test or live', [
      { field: 'mode', message: 'must be test or live' },
    ]);
  const formKey = action.oncePerForm ? FORM_KEY.safeParse(raw.form_key) : null;
  if (formKey && !formKey.success)
    return refused('validation_error', 'This form is out of date: reload the page', [
      { field: 'form_key', message: 'missing: reload the page' },
    ]);

  const member = await memberContext(headers, mode);
  if (!member.ok) return refused(member.reason, MESSAGES[member.reason]);
  const { ctx } = member;
  if (!allows(ctx.role, action.allowed)) {
    return refused('insufficient_permissions', `Your role (${ctx.role}) does not allow this`);
  }
  try {
    const input = action.read(values, ctx);
    const when = action.stepUpWhen ? await action.stepUpWhen(ctx, input) : false;
    if (needsStepUp(action.name, ctx.mode, when)) {
      const problem = await stepUp(ctx, headers, raw.step_up_code);
      if (problem) return { ...problem, values };
    }
    const key = formKey?.data ?? null;
    const change = async (tx: MemberCtx['db']) => {
      const result = await action.run({ ...ctx, db: tx }, input, key);
      if (action.audit) {
        const { target, details } = action.audit(input, result);
        await recordAudit(tx, personActor(ctx), {
          action: action.name,
          merchantId: ctx.merchant.id,
          mode: ctx.mode,
          target,
          details,
        });
      }
      return result;
    };
    if (!key) return { ok: true, data: await ctx.db.transaction(change) };
    // Posted twice (a double click, a retry), the same rendered form runs once: the second gets the first's answer.
    const fingerprint = requestFingerprint('FORM', action.name, values);
    const once = await withIdempotency(ctx.db, { tenant: ctx.tenant, key: `form:${key}`, fingerprint }, async (tx) => ({
      status: 200,
      body: await change(tx),
    }));
    return { ok: true, data: once.body as R };
  } catch (error) {
    if (error instanceof ApiError) return { ...refused(error.code, error.message, error.fields), values };
    throw error;
  }
}

/** A rendered form's own key (a UUID the page puts in a hidden field). */
const FORM_KEY = z.uuid();

/** The member as the audit log names them. */
export const personActor = (ctx: Pick<MemberCtx, 'person' | 'address' | 'userAgent'>): Actor => ({
  type: 'person',
  userId: ctx.person.user.id,
  email: ctx.person.user.email,
  address: ctx.address,
  userAgent: ctx.userAgent,
});

const MESSAGES: Record<NoMember, string> = {
  signed_out: 'Your session has ended: sign in again',
  email_unverified: 'Confirm your email first: open the link we sent you',
  no_merchant: 'You are not a member of any business',
  two_factor_required: 'Set up two-step verification first',
  live_mode_not_enabled: 'Live mode is not enabled for this business yet',
};
