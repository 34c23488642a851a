import { config } from '../platform/config';
import type { CurrencyCode } from '../platform/money/currencies';
import { liveMpesa } from './live-mpesa';
import { livePaystack, liveRoute } from './live';
import { mtnMomoDisbursements } from './providers/mtn-momo';
import { B2C_MINIMUM_SHILLINGS, readPayoutResult, readPayoutStatusResult } from './providers/mpesa';
import type { PayoutRail } from './providers/types';

/** What every live payout rail shares: picked up at once, a bank payout needs the bank's code. */
const LIVE = { pickUpAfterSeconds: () => 0, needsBankCode: true } as const;

/** The rail LIVE_ROUTES names for payouts of this type in this currency, or null. */
export function livePayouts(currency: CurrencyCode, payoutType: 'bank_transfer' | 'mobile_money'): PayoutRail | null {
  const provider = liveRoute(currency, `payout_${payoutType}`);
  return provider ? livePayoutsNamed(provider) : null;
}

/** The payout rail a payout was sent through (its `provider`); null when not configured now. */
export function livePayoutsNamed(provider: string): PayoutRail | null {
  if (provider === 'paystack') {
    const paystack = livePaystack();
    return (
      paystack && {
        name: 'paystack',
        ...LIVE,
        problemWith: () => null,
        sendPayout: paystack.sendPayout,
        queryPayout: paystack.queryPayout,
      }
    );
  }
  if (provider === 'mpesa') return mpesaPayouts();
  return provider === 'mtn_momo' ? mtnPayouts() : null;
}

function mpesaPayouts(): PayoutRail | null {
  const payouts = liveMpesa()?.payouts ?? null;
  return (
    payouts && {
      name: 'mpesa',
      ...LIVE,
      problemWith: (payout) => mpesaProblem(payout),
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

let mtnDisbursements: { key: string; rail: PayoutRail } | undefined;

function mtnPayouts(): PayoutRail | null {
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
        ...LIVE,
        problemWith: ({ network }) =>
          network === 'mtn_momo'
            ? null
            : { about: 'network', message: 'must be mtn_momo: these payouts go by MTN MoMo' },
        sendPayout: (request) => disbursements.sendPayout(request),
        queryPayout: (request) => disbursements.queryPayout(request),
      },
    };
  }
  return mtnDisbursements.rail;
}

/** M-Pesa pays whole shillings from KES 10, to M-Pesa numbers only. */
function mpesaProblem(payout: { amount: bigint; network: string | null }) {
  if (payout.network !== 'mpesa')
    return { about: 'network', message: 'must be mpesa: KES payouts go by M-Pesa' } as const;
  if (payout.amount % 100n !== 0n) return { about: 'amount', message: 'must be whole shillings for M-Pesa' } as const;
  if (payout.amount < B2C_MINIMUM_SHILLINGS * 100n)
    return { about: 'amount', message: 'must be at least 10.00 for M-Pesa' } as const;
  return null;
}
