import crypto from 'node:crypto';
import type { Db } from '../platform/db/client';
import { config } from '../platform/config';
import { enqueueJob } from '../platform/jobs/queue';
import type { CurrencyCode } from '../platform/money/currencies';
import type { BankAccountDetails, BankTransferRail, MobileMoneyRail, PayoutRail } from './types';

/**
 * Sandbox mobile money: the last four digits of the phone number choose what the "customer" does.
 * Any other number approves after SANDBOX_MOBILE_MONEY_DELAY_SECONDS.
 */
export const SANDBOX_MOBILE_MONEY_MAGIC = {
  '1111': 'declined',
  '2222': 'insufficient_funds',
  '3333': 'no_answer',
  '4444': 'success_immediately',
} as const;

export type SandboxMobileMoneyBehaviour =
  (typeof SANDBOX_MOBILE_MONEY_MAGIC)[keyof typeof SANDBOX_MOBILE_MONEY_MAGIC] | 'success';

export function sandboxBehaviourFor(phone: string): SandboxMobileMoneyBehaviour {
  const suffix = phone.slice(-4) as keyof typeof SANDBOX_MOBILE_MONEY_MAGIC;
  return SANDBOX_MOBILE_MONEY_MAGIC[suffix] ?? 'success';
}

export const sandboxMobileMoney: MobileMoneyRail = {
  name: 'sandbox_mobile_money',
  async requestPayment(db: Db, request) {
    const providerReference = `SBX-MM-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
    const behaviour = sandboxBehaviourFor(request.phone);
    // "no_answer" schedules nothing: the attempt's own timeout job ends it, as with a real silent phone.
    if (behaviour !== 'no_answer') {
      const delay = behaviour === 'success_immediately' ? 0 : config().SANDBOX_MOBILE_MONEY_DELAY_SECONDS;
      await enqueueJob(
        db,
        'sandbox_mobile_money_outcome',
        { attempt_id: request.attemptId, outcome: behaviour === 'success_immediately' ? 'success' : behaviour },
        { runAt: new Date(Date.now() + delay * 1000), jobKey: `sandbox_mm:${request.attemptId}` },
      );
    }
    return { providerReference };
  },
};

/**
 * Sandbox collection accounts, one per currency, with the fields a customer paying in that currency
 * needs and no others (a Ghanaian transfer takes a branch code, a euro one an IBAN and BIC, a pound
 * one a sort code). Money "arrives" through POST /api/sandbox/bank-transfers.
 */
const SANDBOX_ACCOUNTS: Record<CurrencyCode, Partial<BankAccountDetails>> = {
  GHS: { account_number: '9000233001', branch_code: '000100' },
  KES: { account_number: '9000254001', branch_code: '000' },
  NGN: { account_number: '9000234001' },
  ETB: { account_number: '9000251001' },
  XOF: { iban: 'SN08SN0100152000025690007542', swift_code: 'SBXBSNDA' },
  XAF: { iban: 'CM2110003001000500000605306', swift_code: 'SBXBCMCX' },
  USD: { account_number: '9000840001', routing_number: '011000015', swift_code: 'SBXBUS33' },
  EUR: { iban: 'DE89370400440532013000', swift_code: 'SBXBDEFF' },
  GBP: { account_number: '90008260', sort_code: '00-01-00' },
};

export const sandboxBankTransfer: BankTransferRail = {
  name: 'sandbox_bank',
  collectionAccount(currency: CurrencyCode) {
    return {
      bank_name: 'Sandbox Bank',
      account_name: 'Merchant Payments Collections',
      account_number: null,
      iban: null,
      branch_code: null,
      sort_code: null,
      routing_number: null,
      swift_code: null,
      ...SANDBOX_ACCOUNTS[currency],
    };
  },
};

/** Sandbox payouts: a destination number (account or phone) ending in this fails; anything else completes. */
export const SANDBOX_PAYOUT_FAILURE_SUFFIX = '9999';

/**
 * Sandbox payouts: picked up (PENDING → PROCESSING) after SANDBOX_PAYOUT_DELAY_SECONDS, which is the
 * window in which a cancel wins; then completed or failed after the same delay again.
 */
export const sandboxPayouts: PayoutRail = {
  name: 'sandbox_payouts',
  async submit(db, payout) {
    await enqueueJob(
      db,
      'pick_up_payout',
      { transaction_id: payout.transactionId },
      {
        runAt: new Date(Date.now() + config().SANDBOX_PAYOUT_DELAY_SECONDS * 1000),
        jobKey: `pick_up_payout:${payout.transactionId}`,
      },
    );
  },
  async send(db, payout) {
    const number = payout.destination.accountNumber ?? payout.destination.mobileNumber ?? '';
    const outcome = number.endsWith(SANDBOX_PAYOUT_FAILURE_SUFFIX) ? 'failed' : 'completed';
    await enqueueJob(
      db,
      'sandbox_payout_outcome',
      { transaction_id: payout.transactionId, outcome },
      { runAt: new Date(Date.now() + config().SANDBOX_PAYOUT_DELAY_SECONDS * 1000) },
    );
    return { providerReference: `SBX-PO-${crypto.randomBytes(8).toString('hex').toUpperCase()}` };
  },
};
