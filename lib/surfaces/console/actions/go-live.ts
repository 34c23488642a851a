import { approveApplication, answerApplication, revealSettlementAccount } from '../../../operator/go-live/review';
import { goLiveApproveInput, goLiveDecisionInput, merchantIdInput } from '../../../operator/go-live/input';
import { validate } from '../../../platform/http/parse';
import type { OperatorAction } from '../perform-operator';
import type { OperatorCtx } from '../operator';

/**
 * The operator's answer to a go-live application. Approving makes the business KYB verified and turns
 * live mode on with the verbs the console's and the operator API's merchant forms use; rejecting or
 * asking for more needs a reason, which the business reads in its dashboard and by email.
 */
const decider = (ctx: OperatorCtx) => ({ userId: ctx.person.user.id, email: ctx.person.user.email });

type Approval = ReturnType<typeof goLiveApproveInput.parse>;
type Answer = ReturnType<typeof goLiveDecisionInput.parse>;

export const approveGoLiveAction = {
  name: 'go_live.approve',
  read: (form) => validate(goLiveApproveInput, { merchant_id: form.merchant_id, reason: form.reason }),
  run: (ctx, input) => approveApplication(ctx.db, input.merchant_id, decider(ctx), input.reason ?? null),
  audit: (input, result) => ({
    merchantId: input.merchant_id,
    target: input.merchant_id,
    mode: 'live',
    details: { status: result.status, kyb_status: 'verified', live_enabled: result.live_enabled_at !== null },
  }),
} satisfies OperatorAction<Approval, Awaited<ReturnType<typeof approveApplication>>>;

const answer = (decision: 'rejected' | 'more_info', name: 'go_live.reject' | 'go_live.request_info') =>
  ({
    name,
    read: (form) => validate(goLiveDecisionInput, { merchant_id: form.merchant_id, reason: form.reason }),
    run: (ctx, input) => answerApplication(ctx.db, input.merchant_id, decision, decider(ctx), input.reason),
    audit: (input, result) => ({
      merchantId: input.merchant_id,
      target: input.merchant_id,
      details: { status: result.status, reason: input.reason, owners_mailed: result.mailed },
    }),
  }) satisfies OperatorAction<Answer, Awaited<ReturnType<typeof answerApplication>>>;

export const rejectGoLiveAction = answer('rejected', 'go_live.reject');
export const requestGoLiveInfoAction = answer('more_info', 'go_live.request_info');

/**
 * The full settlement account number, shown only when an operator asks: the audit line says who saw
 * which application's account, and when (never the number itself).
 */
export const revealGoLiveAccountAction = {
  name: 'go_live.reveal_account',
  read: (form) => validate(merchantIdInput, { merchant_id: form.merchant_id }),
  run: (ctx, input) => revealSettlementAccount(ctx.db, input.merchant_id),
  audit: (input, result) => ({
    merchantId: input.merchant_id,
    target: result.application_id,
    details: { shown: 'settlement_account' },
  }),
} satisfies OperatorAction<{ merchant_id: string }, Awaited<ReturnType<typeof revealSettlementAccount>>>;
