import type { NetworkProvider } from '../../platform/vocabulary';
import type { CurrencyCode } from '../../platform/money/currencies';

/**
 * The seam between the service and a real payment provider. An adapter here speaks the provider's
 * published HTTP API and nothing else: no database, no attempts, no ledger. lib/rails wires adapters
 * to attempts and payouts; what the service does with each answer is decided there.
 *
 * Every call answers; none throws for a provider's behaviour. The one rule that keeps money safe:
 * an answer that does not prove what happened is `unknown`, never `refused` or `failed`.
 */

/** The answer to "please start this" (a payment prompt, a temporary account, a transfer). */
export type SubmitResult<Accepted = object> =
  | ({ kind: 'accepted'; providerReference: string } & Accepted)
  /**
   * The provider said no and nothing will happen (a documented refusal): safe to show and to retry.
   * `failure` says why in the service's words, where the provider's answer tells; else `provider_error`.
   */
  | { kind: 'refused'; code: string; message: string; failure?: PaymentFailure }
  /** Timed out, 5xx, connection lost, an unreadable answer: it may or may not have happened. */
  | { kind: 'unknown'; detail: string };

/** Why a collection failed, in the service's words (the attempt's `failure_code`). */
export const PAYMENT_FAILURES = [
  'declined',
  'insufficient_funds',
  'timeout',
  'invalid_number',
  'limit_exceeded',
  'expired',
  'provider_error',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export type CollectionStatus =
  | { status: 'pending' }
  /** `amount` in minor units of `currency`, as the provider reports it received. */
  | {
      status: 'succeeded';
      providerTransactionId: string;
      amount: bigint;
      currency: string;
      /** The payment reference the payer quoted, from a rail that matches by it (the sandbox bank). */
      quotedReference?: string;
    }
  | { status: 'failed'; failure: PaymentFailure; message: string }
  /** The provider has no record of it (the request never arrived). */
  | { status: 'not_found' }
  | { status: 'unknown'; detail: string };

export type PayoutStatus =
  | { status: 'pending' }
  | { status: 'completed'; providerTransactionId: string }
  | { status: 'failed'; code: string; message: string }
  | { status: 'not_found' }
  /** `question`: the query was accepted and will be answered by callback; the provider's id for it. */
  | { status: 'unknown'; detail: string; question?: string };

export interface CollectionRequest {
  /** Our attempt id (a UUID): the provider's reference or idempotency key where it takes one. */
  attemptId: string;
  /** Minor units. */
  amount: bigint;
  currency: CurrencyCode;
  /** The checkout's `PAY-…` reference, shown to the customer where the provider allows text. */
  reference: string;
  description: string;
  /** Where the provider calls back for this attempt (unguessable per attempt where the provider signs nothing). */
  callbackUrl: string;
}

/** What a collection callback says: a hint, never proof. */
export interface CallbackReading {
  providerReference: string;
  hint: CollectionStatus;
  receipt?: string;
}

export interface MobileMoneyProvider {
  readonly name: string;
  /** Sends the approval prompt to `phone` (E.164 with its `+`). */
  requestPayment(request: CollectionRequest & { phone: string }): Promise<SubmitResult>;
  queryPayment(request: { attemptId: string; providerReference: string }): Promise<CollectionStatus>;
  /**
   * Reads a callback body for its reference. The callback is a hint, never proof: providers without a
   * signature are asked `queryPayment` before any money is recorded. `receipt`: the code the customer
   * holds for a payment (M-Pesa's `MpesaReceiptNumber`), where only the callback carries it; the service
   * keeps it only once the query has confirmed that same `providerReference` paid.
   */
  readCallback(body: unknown): CallbackReading | null;
}

/** A bank account that exists for one payment: its exact amount, until `expiresAt`. */
export interface TransferAccount {
  bankName: string;
  accountName: string;
  accountNumber: string;
  expiresAt: Date;
}

/** What a signed provider notification says happened. */
export type ProviderNotice =
  | { about: 'collection'; providerReference: string; status: CollectionStatus }
  | { about: 'payout'; payoutId: string; status: PayoutStatus }
  | { about: 'other'; type: string };

export interface BankTransferProvider {
  readonly name: string;
  openTransferAccount(
    request: CollectionRequest & { customerEmail: string; expiresAt: Date },
  ): Promise<SubmitResult<{ account: TransferAccount }>>;
  queryPayment(request: { attemptId: string; providerReference: string }): Promise<CollectionStatus>;
  /** Checks the notification's signature over the raw body; false for anything forged or unsigned. */
  verifyNotification(headers: Headers, rawBody: string): boolean;
  /** Reads a notification already verified. */
  readNotification(rawBody: string): ProviderNotice | null;
}

export type PayoutTarget =
  /** `name`: the recipient as the merchant named them, for providers that record one (Paystack's recipient). */
  | { type: 'mobile_money'; phone: string; network: string; name?: string }
  | { type: 'bank_transfer'; accountNumber: string; bankCode: string; accountName: string };

export interface PayoutProvider {
  readonly name: string;
  /** Our payout id (a UUID) is the provider's idempotency reference: a retry can never pay twice. */
  sendPayout(request: {
    payoutId: string;
    amount: bigint;
    currency: CurrencyCode;
    target: PayoutTarget;
    reason: string;
    callbackUrl: string;
  }): Promise<SubmitResult>;
  queryPayout(request: { payoutId: string; providerReference: string | null }): Promise<PayoutStatus>;
}

/**
 * The rails as the service's verbs see them: one shape per capability, whoever stands behind it (the
 * sandbox or a live provider; lib/rails/index.ts routes to them). What differs between providers is
 * data on the rail (its network, whether its reference is ours, how long a payout waits to be picked
 * up, what it refuses), never a branch on a provider's name in a verb.
 */

/** Collects by an approval prompt on the customer's phone (mobile money). */
export interface PromptRail {
  readonly name: string;
  /** The one network it serves (MTN MoMo's, M-Pesa's); null: every network of the market table (the sandbox). */
  readonly network: NetworkProvider | null;
  /** It takes our attempt id as its reference (MTN's `X-Reference-Id`), so a lost answer loses nothing. */
  readonly referenceIsOurs: boolean;
  /**
   * A second request for the same attempt is the first one again at the provider (MTN's 409
   * RESOURCE_ALREADY_EXIST, Airtel's duplicate transaction id, the sandbox's one request per attempt),
   * so a run that lost the answer may send it again. False: a repeat would be a second prompt (M-Pesa).
   */
  readonly resendIsSafe: boolean;
  /**
   * It calls back one fixed address set on its portal (Airtel's), naming our id, not the attempt's own
   * address: such callbacks come to its provider's route and are matched by the id `readCallback` reads.
   */
  readonly fixedCallback?: boolean;
  requestPayment: MobileMoneyProvider['requestPayment'];
  /** `amount`: what was asked, for providers whose status answer carries none (M-Pesa). */
  queryPayment(request: { attemptId: string; providerReference: string; amount: bigint }): Promise<CollectionStatus>;
  readCallback: MobileMoneyProvider['readCallback'];
  /** Whether it can collect this amount (minor units): M-Pesa takes whole shillings only. */
  takesAmount(amount: bigint): boolean;
}

/** Sends withdrawals and payouts, our payout id as its idempotency reference. */
export interface PayoutRail {
  /** The instance it is (`mtn_momo:CI`): payouts record it, so their checks find the same one. */
  readonly name: string;
  /** The one network it pays to (MTN's, M-Pesa's, Airtel's); null: several (Paystack, the sandbox). */
  readonly network: NetworkProvider | null;
  /** Seconds a new payout waits before it is picked up: the merchant's window to cancel it. */
  pickUpAfterSeconds(): number;
  /** A bank payout needs the bank's code (`bank_routing_number`). */
  readonly needsBankCode: boolean;
  /** What it would refuse before anything is sent: checked when the payout is made (a 422, nothing debited). */
  problemWith(payout: {
    amount: bigint;
    currency: CurrencyCode;
    network: string | null;
  }): { about: 'amount' | 'network'; message: string } | null;
  sendPayout: PayoutProvider['sendPayout'];
  /** M-Pesa's answers `unknown` ("asked"): its verdict comes by callback, read by `readStatusAnswer`. */
  queryPayout: PayoutProvider['queryPayout'];
  /** For a provider that answers status queries by callback (M-Pesa): that answer, or null. */
  readStatusAnswer?(body: unknown): PayoutStatusAnswer | null;
  /** For a provider that posts the transfer's own result (M-Pesa's B2C result); `question` is its send's id. */
  readResult?(body: unknown): PayoutStatusAnswer | null;
  /** For a provider that calls back one fixed address (Airtel's): the payout a callback names, once it checks. */
  readCallback?(body: unknown): { payoutId: string } | null;
}

export interface PayoutStatusAnswer {
  /** The provider's id of the status query it says it answers (counts only if we asked it). */
  question: string | null;
  /** The payout the answer names, where it names one (to cross-check the address it came to). */
  payoutId: string | null;
  status: PayoutStatus;
  /** Minor units, where the answer reports an amount. */
  amount: bigint | null;
}

/** Where a customer sends a bank transfer; fields that do not apply to the currency are null. */
export interface BankAccountDetails {
  bank_name: string;
  /** Who holds the account: the service that collects for the merchant. */
  account_name: string;
  account_number: string | null;
  iban: string | null;
  branch_code: string | null;
  sort_code: string | null;
  routing_number: string | null;
  swift_code: string | null;
}

/**
 * Collects by bank transfer: opens where the customer pays (Paystack: an account for this payment
 * alone, until a deadline; the sandbox: a standing account per currency, the payment reference quoted),
 * and answers the status query the service settles every transfer by. The provider's notice (a signed
 * webhook, or the sandbox bank's word) only says which reference to ask about.
 */
export interface BankTransferRail {
  readonly name: string;
  /**
   * Its accounts are standing ones, so money can arrive for a checkout no account was opened for: a
   * notice then names the transfer itself, and the status answer says which reference it quoted.
   */
  readonly matchesByReference: boolean;
  openAccount(
    request: CollectionRequest & { customerEmail: string; expiresAt: Date },
  ): Promise<SubmitResult<{ account: BankAccountDetails; expiresAt: Date | null }>>;
  /** About an account it opened, or (matchesByReference) a transfer it received. */
  queryPayment(request: { attemptId: string | null; providerReference: string }): Promise<CollectionStatus>;
}
