import { approveCheckoutAction, rejectCheckoutAction } from './approvals';
import { createMerchantAction, setKybStatusAction, setLiveModeAction } from './merchants';
import { runSettlementAction, settlementHoldAction } from './settlement';
import { createAdminKeyAction, revokeAdminKeyAction } from './admin-keys';
import { approveGoLiveAction, rejectGoLiveAction, requestGoLiveInfoAction, revealGoLiveAccountAction } from './go-live';
import type { FormValues } from '../../dashboard/perform';
import { performOperator, type ConsoleOutcome, type OperatorAction } from '../perform-operator';

/**
 * Every action of the operator console, by name. The console's one server action calls these through
 * `performOperator`, and the console tests run their refusals over this list: an action not listed
 * here cannot be called.
 */
export const OPERATOR_ACTIONS = {
  createMerchant: createMerchantAction,
  setKybStatus: setKybStatusAction,
  setLiveMode: setLiveModeAction,
  approveCheckout: approveCheckoutAction,
  rejectCheckout: rejectCheckoutAction,
  settlementHold: settlementHoldAction,
  runSettlement: runSettlementAction,
  createAdminKey: createAdminKeyAction,
  revokeAdminKey: revokeAdminKeyAction,
  approveGoLive: approveGoLiveAction,
  rejectGoLive: rejectGoLiveAction,
  requestGoLiveInfo: requestGoLiveInfoAction,
  revealGoLiveAccount: revealGoLiveAccountAction,
};
export type OperatorActionName = keyof typeof OPERATOR_ACTIONS;
/** What an action answers when it succeeds (for the page that shows it). */
export type OperatorDataOf<N extends OperatorActionName> = Awaited<ReturnType<(typeof OPERATOR_ACTIONS)[N]['run']>>;

export const isOperatorActionName = (name: string): name is OperatorActionName => Object.hasOwn(OPERATOR_ACTIONS, name);

/** What the server action does with a form posted to `name`; an unknown name changes nothing. */
export async function runOperatorAction(
  name: string,
  headers: Headers,
  form: FormData | FormValues,
): Promise<ConsoleOutcome<unknown>> {
  if (!isOperatorActionName(name)) {
    return { ok: false, code: 'route_not_found', message: `No console action is called ${name}`, fields: [] };
  }
  return performOperator(OPERATOR_ACTIONS[name] as OperatorAction<unknown, unknown>, headers, form);
}
