import type { Db } from '../platform/db/client';
import type { NetworkProvider } from '../platform/db/schema/payment-accounts';
import type { CurrencyCode } from '../platform/money/currencies';

/**
 * The seam between the service and payment providers. The sandbox implements it here; a real
 * provider (MTN MoMo, M-Pesa, a bank partner) is another adapter with the same shape. Results come
 * back asynchronously through the same verbs a provider callback would call
 * (lib/collections/rail-outcomes.ts).
 */
export interface MobileMoneyRail {
  readonly name: string;
  /** Sends the "approve this payment" prompt to the customer's phone. Runs inside the caller's transaction. */
  requestPayment(
    db: Db,
    request: {
      attemptId: string;
      network: NetworkProvider;
      phone: string;
      amount: bigint;
      currency: string;
      reference: string;
    },
  ): Promise<{ providerReference: string | null }>;
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

export interface BankTransferRail {
  readonly name: string;
  /** Where the customer sends the money; the payment reference identifies the checkout. */
  collectionAccount(currency: CurrencyCode): BankAccountDetails;
}

export interface PayoutDestination {
  payoutType: 'bank_transfer' | 'mobile_money';
  accountNumber: string | null;
  mobileNumber: string | null;
}

export interface PayoutRail {
  readonly name: string;
  /** Accepts a withdrawal or payout for sending; runs in the caller's transaction (it only schedules). */
  submit(db: Db, payout: { transactionId: string }): Promise<void>;
  /** Sends a payout that was just marked PROCESSING; the outcome comes back through lib/money-out/progress.ts. */
  send(
    db: Db,
    payout: { transactionId: string; destination: PayoutDestination },
  ): Promise<{ providerReference: string | null }>;
}
