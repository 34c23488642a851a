import type { CurrencyCode } from '../platform/money/currencies';
import { liveMpesa } from './live-mpesa';
import { livePaystack, liveRoutesFor } from './live';
import { paystackMobileMoneyProblem } from './providers/paystack';
import { mtnPayouts } from './live-mtn';
import { airtelPayouts } from './live-airtel';
import { countryOfInternationalNumber } from './mobile-money';
import { B2C_MINIMUM_SHILLINGS, readPayoutResult, readPayoutStatusResult } from './providers/mpesa';
import type { PayoutRail } from './providers/types';

/** What every live payout rail shares: picked up at once, a bank payout needs the bank's code. */
const LIVE = { pickUpAfterSeconds: () => 0, needsBankCode: true } as const;

/**
 * The rail LIVE_ROUTES gives payouts of this type in this currency, or null. A mobile-money payout
 * goes by the route of its number's country, the one for its network first (M-Pesa and Airtel both
 * pay KES in Kenya); a rail of another network then refuses it with its reason (a 422).
 */
export function livePayouts(
  currency: CurrencyCode,
  payoutType: 'bank_transfer' | 'mobile_money',
  to: { network: string | null; phone: string | null } = { network: null, phone: null },
): PayoutRail | null {
  const country = to.phone ? countryOfInternationalNumber(to.phone) : undefined;
  const rails = liveRoutesFor(currency, `payout_${payoutType}`)
    .filter((r) => payoutType === 'bank_transfer' || !country || r.country === country)
    .flatMap((r) => livePayoutsNamed(r.instance) ?? []);
  return (
    rails.find((r) => r.network !== null && r.network === to.network) ??
    rails.find((r) => r.network === null) ??
    rails[0] ??
    null
  );
}

/** The payout rail a payout was sent through (its `provider`, an instance); null when not configured now. */
export function livePayoutsNamed(instance: string): PayoutRail | null {
  if (instance === 'paystack') {
    const paystack = livePaystack();
    return (
      paystack && {
        name: 'paystack',
        network: null,
        ...LIVE,
        problemWith: ({ currency, network }) => {
          // Its telcos only (no Airtel Money in Kenya): refused now, not debited and then failed at send.
          const problem = network === null ? null : paystackMobileMoneyProblem(currency, network);
          return problem ? ({ about: 'network', message: problem } as const) : null;
        },
        sendPayout: paystack.sendPayout,
        queryPayout: paystack.queryPayout,
      }
    );
  }
  if (instance === 'mpesa') return mpesaPayouts();
  return mtnPayouts(instance) ?? airtelPayouts(instance);
}

function mpesaPayouts(): PayoutRail | null {
  const payouts = liveMpesa()?.payouts ?? null;
  return (
    payouts && {
      name: 'mpesa',
      network: 'mpesa',
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

/** M-Pesa pays whole shillings from KES 10, to M-Pesa numbers only. */
function mpesaProblem(payout: { amount: bigint; network: string | null }) {
  if (payout.network !== 'mpesa')
    return { about: 'network', message: 'must be mpesa: KES payouts go by M-Pesa' } as const;
  if (payout.amount % 100n !== 0n) return { about: 'amount', message: 'must be whole shillings for M-Pesa' } as const;
  if (payout.amount < B2C_MINIMUM_SHILLINGS * 100n)
    return { about: 'amount', message: 'must be at least 10.00 for M-Pesa' } as const;
  return null;
}
