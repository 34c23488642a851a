/**
 * Every change that can be made to money, routing or privilege, by name (`<object>.<verb>`, the name
 * its audit line carries), and what it asks of a person doing it: a fresh second factor (step-up)
 * always, only in live mode, only when the change touches what routes money (`when`: the action
 * says, e.g. branding's success URL), or never. The dashboard's and the console's wrappers read this
 * one table; a generic test walks it. `operations` are the API operations doing the same change:
 * their wrapper writes the same audit line for the key or admin key that calls them. `apiAudit`
 * false says why an operation's calls have no line (they are their own record).
 *
 * Step-up is asked of people only: an API key or an admin key has no second factor, which is why
 * making one asks for a fresh one.
 */
export type StepUpRule = 'always' | 'live' | 'when' | 'never';

export interface Policy {
  stepUp: StepUpRule;
  operations?: readonly string[];
  /** Why calls through the API write no audit line (absent: they do). */
  apiAudit?: { skip: string };
}

export const POLICY = {
  // Credentials
  'api_key.create': { stepUp: 'always', operations: ['createApiKey'] },
  'api_key.revoke': { stepUp: 'always', operations: ['revokeApiKey'] },
  'passkey.start': { stepUp: 'always' },
  'passkey.create': { stepUp: 'always' },
  'passkey.delete': { stepUp: 'always' },
  'session.revoke': { stepUp: 'never' },
  'session.revoke_others': { stepUp: 'never' },
  // One's own language: moves nothing.
  'person.set_locale': { stepUp: 'never' },
  // A member's own choice of money mail: moves nothing, routes nothing; audited like a session's end.
  'mail_preferences.update': { stepUp: 'never' },
  // The team
  'invitation.create': { stepUp: 'always' },
  'invitation.cancel': { stepUp: 'never' },
  'invitation.accept': { stepUp: 'never' },
  'member.change_role': { stepUp: 'always' },
  'member.remove': { stepUp: 'always' },
  // Where events and customers go
  'webhook.create': { stepUp: 'always', operations: ['createWebhook'] },
  'webhook.update': { stepUp: 'always', operations: ['updateWebhook'] },
  'webhook.delete': { stepUp: 'always', operations: ['deleteWebhook'] },
  'webhook.rotate_secret': { stepUp: 'always', operations: ['rotateWebhookSecret'] },
  'webhook.test': { stepUp: 'never', operations: ['sendWebhookTest'] },
  'webhook.redeliver': { stepUp: 'live', operations: ['redeliverWebhookDelivery'] },
  'branding.update': { stepUp: 'when', operations: ['updateBranding'] },
  'embed_session.create': { stepUp: 'live', operations: ['createEmbedSession'] },
  'embed_session.disable': { stepUp: 'live', operations: ['disableEmbedSession'] },
  // Money in
  'checkout.create': {
    stepUp: 'live',
    operations: ['createCheckout'],
    apiAudit: { skip: 'a checkout is its own record: its row and its checkout.created event' },
  },
  'checkout.cancel': { stepUp: 'live', operations: ['cancelCheckout'] },
  'payment_link.create': { stepUp: 'live', operations: ['createPaymentLink'] },
  'payment_link.update': { stepUp: 'live', operations: ['updatePaymentLink'] },
  // Switching a link off only stops money coming in: no second factor asked.
  'payment_link.deactivate': { stepUp: 'never' },
  'checkout.refund': { stepUp: 'always', operations: ['createRefund'] },
  'conversion.quote': {
    stepUp: 'never',
    operations: ['createConversionQuote'],
    apiAudit: { skip: 'a quote moves nothing and expires by itself' },
  },
  'conversion.convert': { stepUp: 'live', operations: ['convertCurrency'] },
  'wallet.update_status': { stepUp: 'live', operations: ['updateWalletStatus'] },
  // Money out
  'payment_account.create': { stepUp: 'always', operations: ['createPaymentAccount'] },
  'payment_account.update': { stepUp: 'always', operations: ['updatePaymentAccount'] },
  'payment_account.make_primary': { stepUp: 'always' },
  'payment_account.set_status': { stepUp: 'always' },
  'payment_account.delete': { stepUp: 'always', operations: ['deletePaymentAccount'] },
  'withdrawal.create': { stepUp: 'always', operations: ['createWithdrawal'] },
  'withdrawal.cancel': { stepUp: 'live', operations: ['cancelWithdrawal'] },
  'payout.create': { stepUp: 'always', operations: ['createPayout'] },
  'payout.cancel': { stepUp: 'live', operations: ['cancelPayout'] },
  // Going live: the business's application (submitting asks for real money), the operator's answer
  'go_live.save': { stepUp: 'live' },
  'go_live.upload_document': { stepUp: 'live' },
  'go_live.remove_document': { stepUp: 'live' },
  'go_live.submit': { stepUp: 'always' },
  // A new draft after a rejection (the rejected one kept as history): it sends nothing yet.
  'go_live.reapply': { stepUp: 'live' },
  'go_live.approve': { stepUp: 'always' },
  'go_live.reject': { stepUp: 'always' },
  'go_live.request_info': { stepUp: 'always' },
  // Seeing a business's full settlement account number: changes nothing, but each look is audited.
  'go_live.reveal_account': { stepUp: 'never' },
  // The operator
  'merchant.create': { stepUp: 'always', operations: ['createMerchant'] },
  'merchant.update': { stepUp: 'always', operations: ['updateMerchant'] },
  'merchant.kyb_status': { stepUp: 'always' },
  'merchant.live_mode': { stepUp: 'always' },
  'merchant.api_key_create': { stepUp: 'always', operations: ['createMerchantApiKey'] },
  'wallet.settlement_hold': { stepUp: 'always', operations: ['updateMerchantWallet'] },
  'checkout.approve': { stepUp: 'always', operations: ['approveCheckout'] },
  'checkout.reject': { stepUp: 'always', operations: ['rejectCheckout'] },
  'settlement.run': { stepUp: 'always', operations: ['runSettlement'] },
  'admin_key.create': { stepUp: 'always' },
  'admin_key.revoke': { stepUp: 'always' },
} as const satisfies Record<string, Policy>;

export type ActionName = keyof typeof POLICY;

const BY_OPERATION = new Map<string, { action: ActionName; policy: Policy }>(
  Object.entries(POLICY as Record<ActionName, Policy>).flatMap(([action, policy]) =>
    (policy.operations ?? []).map((operationId) => [operationId, { action: action as ActionName, policy }] as const),
  ),
);

/** The change an API operation makes, by its operationId; undefined for reads and the public surfaces. */
export const actionOfOperation = (operationId: string) => BY_OPERATION.get(operationId);

/**
 * Whether a person doing `action` must give a fresh second factor. `when` is the action's own
 * answer for this input (e.g. branding asks only when the success URL changes).
 */
export function needsStepUp(action: ActionName, mode: 'test' | 'live' | null, when = false): boolean {
  const rule: StepUpRule = POLICY[action].stepUp;
  if (rule === 'always') return true;
  if (rule === 'live') return mode === 'live';
  if (rule === 'when') return when || mode === 'live';
  return false;
}
