import type { Mode } from '../../platform/vocabulary';
import { recordAudit } from '../../access/audit';
import { needsStepUp, type ActionName } from '../../access/policy';
import { ApiError } from '../../platform/http/errors';
import { isStorableText } from '../../platform/http/storable-text';
import {
  formValues,
  refused,
  refusedWhileDatabaseAway,
  stepUp,
  type ActionCode,
  type FormValues,
  type Refusal,
} from '../dashboard/perform';
import { operatorContext, type NoOperator, type OperatorCtx } from './operator';

/**
 * How every console action runs: who (an operator, with a confirmed email and two-factor), the
 * operator API operation's own input schema, a fresh second factor as the policy table says
 * (lib/access/policy.ts: every console change), then the lib/ verb its route calls and the audit line,
 * in one transaction. The same steps as the dashboard's (lib/surfaces/dashboard/perform.ts), for the
 * company running the service instead of a merchant.
 */
export interface OperatorAction<I, R> {
  /** Its entry in the policy table, and what the audit log calls it: `<object>.<verb>`, e.g. `checkout.approve`. */
  name: ActionName;
  /** The form, read into the operator API operation's input with its own schema (its 422s, field names). */
  read: (form: FormValues) => I;
  run: (ctx: OperatorCtx, input: I) => Promise<R>;
  /** The audit line: the merchant the action concerns (whose log it joins), what changed. */
  audit: (
    input: I,
    result: R,
  ) => { merchantId: string | null; target: string | null; mode?: Mode | null; details?: Record<string, unknown> };
}

export type ConsoleCode = ActionCode | NoOperator;
export type ConsoleRefusal = Omit<Refusal, 'code'> & { code: ConsoleCode };
export type ConsoleOutcome<R> = { ok: true; data: R } | ConsoleRefusal;

export const NO_OPERATOR_MESSAGES: Record<NoOperator, string> = {
  signed_out: 'Your session has ended: sign in again',
  not_operator: 'Only the operator may do this',
  email_unverified: 'Confirm your email first',
  two_factor_required: 'Set up two-step verification first',
};

/** Runs a console action; while the database cannot be reached it is refused `database_unavailable`, as the dashboard's are. */
export async function performOperator<I, R>(
  action: OperatorAction<I, R>,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ConsoleOutcome<R>> {
  return refusedWhileDatabaseAway(() => performOperatorAction(action, headers, form), { action: action.name }, form);
}

async function performOperatorAction<I, R>(
  action: OperatorAction<I, R>,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ConsoleOutcome<R>> {
  const found = await operatorContext(headers);
  if (!found.ok) return { ok: false, code: found.reason, message: NO_OPERATOR_MESSAGES[found.reason], fields: [] };
  const { ctx } = found;
  const values = formValues(form);
  const unstorable = Object.entries(values).find(([, v]) => !isStorableText(v));
  if (unstorable)
    return refused('validation_error', 'This text cannot be stored', [
      { field: unstorable[0], message: 'contains characters that cannot be stored' },
    ]);
  try {
    const input = action.read(values);
    if (needsStepUp(action.name, null)) {
      const code = form instanceof FormData ? form.get('step_up_code') : form.step_up_code;
      const problem = await stepUp(ctx, headers, typeof code === 'string' ? code : undefined);
      if (problem) return { ...problem, values };
    }
    const data = await ctx.db.transaction(async (tx) => {
      const result = await action.run({ ...ctx, db: tx }, input);
      const { merchantId, target, mode, details } = action.audit(input, result);
      const actor = {
        type: 'operator' as const,
        userId: ctx.person.user.id,
        email: ctx.person.user.email,
        address: ctx.address,
        userAgent: ctx.userAgent,
      };
      await recordAudit(tx, actor, { action: action.name, merchantId, mode: mode ?? null, target, details });
      return result;
    });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ApiError) return { ...refused(error.code, error.message, error.fields), values };
    throw error;
  }
}
