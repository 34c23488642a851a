import { config } from '../platform/config';
import type { CurrencyCode } from '../platform/money/currencies';
import { liveMpesa } from './live-mpesa';
import { livePaystack, liveRoute } from './live';
import { mtnMomoDisbursements } from './providers/mtn-momo';
import { B2C_MINIMUM_SHILLINGS, readPayoutResult, readPayoutStatusResult } from './providers/mpesa';
import type { PayoutProvider, PayoutStatus } from './providers/types';

/** A live payout rail: sends withdrawals and payouts, our payout id as its idempotency reference. */
export interface LivePayouts {
  name: 'paystack' | 'mtn_momo' | 'mpesa';
  sendPayout: PayoutProvider['sendPayout'];
  /** M-Pesa's answers `unknown` ("asked"): its verdict comes by callback, read by `readStatusAnswer`. */
  queryPayout: PayoutProvider['queryPayout'];
  /** For a provider that answers status queries by callback (M-Pesa): that answer, or null. */
  readStatusAnswer?(body: unknown): PayoutStatusAnswer | null;
  /** For a provider that posts the transfer's own result (M-Pesa's B2C result); `question` is its send's id. */
  readResult?(body: unknown): PayoutStatusAnswer | null;
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

/** The rail LIVE_ROUTES names for payouts of this type in this currency, or null. */
export function livePayouts(currency: CurrencyCode, payoutType: 'bank_transfer' | 'mobile_money'): LivePayouts | null {
  const provider = liveRoute(currency, `payout_${payoutType}`);
  return provider ? livePayoutsNamed(provider) : null;
}

/** The payout rail a payout was sent through (its `provider`); null when not configured now. */
export function livePayoutsNamed(provider: string): LivePayouts | null {
  if (provider === 'paystack') {
    const paystack = livePaystack();
    return paystack && { name: 'paystack', sendPayout: paystack.sendPayout, queryPayout: paystack.queryPayout };
  }
  if (provider === 'mpesa') return mpesaPayouts();
  return provider === 'mtn_momo' ? mtnPayouts() : null;
}

function mpesaPayouts(): LivePayouts | null {
  const payouts = liveMpesa()?.payouts ?? null;
  return (
    payouts && {
      name: 'mpesa',
      sendPayout: (request) => payouts.sendPayout(request),
      queryPayout: (request) => payouts.queryPayout(request),
      readStatusAnswer: (body) => {
        const result = readPayoutStatusResult(body);
        return result && { ...result, question: result.questionId, payoutId: null };
      },
      readResult: (body) => {
        const result = readPayoutResult(body);
        return result && { ...result, question: result.questionId, payoutId: null };
      },
    }
  );
}

let mtnDisbursements: { key: string; rail: LivePayouts } | undefined;

function mtnPayouts(): LivePayouts | null {
  const c = config();
  if (!c.MTN_MOMO_DISBURSEMENT_API_KEY || !c.MTN_MOMO_TARGET_ENVIRONMENT) return null;
  const key = JSON.stringify([c.MTN_MOMO_BASE_URL, c.MTN_MOMO_DISBURSEMENT_API_USER, c.RAIL_TIMEOUT_SECONDS]);
  if (mtnDisbursements?.key !== key) {
    const disbursements = mtnMomoDisbursements({
      baseUrl: c.MTN_MOMO_BASE_URL,
      targetEnvironment: c.MTN_MOMO_TARGET_ENVIRONMENT,
      credentials: {
        subscriptionKey: c.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY!,
        apiUser: c.MTN_MOMO_DISBURSEMENT_API_USER!,
        apiKey: c.MTN_MOMO_DISBURSEMENT_API_KEY,
      },
      timeoutMs: c.RAIL_TIMEOUT_SECONDS * 1000,
    });
    mtnDisbursements = {
      key,
      rail: {
        name: 'mtn_momo',
        sendPayout: (request) => disbursements.sendPayout(request),
        queryPayout: (request) => disbursements.queryPayout(request),
      },
    };
  }
  return mtnDisbursements.rail;
}

/**
 * What a live payout rail would refuse before anything is sent, checked when the payout is made (a
 * 422, nothing debited) rather than failed later: M-Pesa pays whole shillings from KES 10 to M-Pesa
 * numbers; MTN pays MTN wallets.
 */
export function payoutProblem(
  provider: string,
  payout: { amount: bigint; network: string | null },
): { about: 'amount' | 'network'; message: string } | null {
  if (provider === 'mpesa') {
    if (payout.network !== 'mpesa') return { about: 'network', message: 'must be mpesa: KES payouts go by M-Pesa' };
    if (payout.amount % 100n !== 0n) return { about: 'amount', message: 'must be whole shillings for M-Pesa' };
    if (payout.amount < B2C_MINIMUM_SHILLINGS * 100n)
      return { about: 'amount', message: 'must be at least 10.00 for M-Pesa' };
  }
  if (provider === 'mtn_momo' && payout.network !== 'mtn_momo') {
    return { about: 'network', message: 'must be mtn_momo: these payouts go by MTN MoMo' };
  }
  return null;
}
