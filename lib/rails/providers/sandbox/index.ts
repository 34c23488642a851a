export { sandboxBankTransfer, receiveSandboxTransfer } from './bank';
export { sandboxPrompts, sandboxBehaviourFor, SANDBOX_MOBILE_MONEY_MAGIC } from './prompts';
export type { SandboxMobileMoneyBehaviour } from './prompts';
export { sandboxPayouts, SANDBOX_PAYOUT_FAILURE_SUFFIX } from './payouts';
export { answerSandboxRequest } from './requests';
