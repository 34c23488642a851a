import type { PayoutKind, PayoutStatus } from '../../../../lib/platform/vocabulary';
import { perCurrency, type Cur, type PayoutType } from './money';
import type { Model, ModelAccount, ModelPayout, Refusal } from './state';

/** What withdrawals and payouts do to the model: initiation, refusals, the rail, cancels, and the journal. */

/**
 * Why a withdrawal or payout is refused, if it is: mobile money in USD (422), a saved payment account
 * made inactive, a frozen or suspended wallet, or amount + fee beyond what is available.
 */
export function moneyOutRefusal(
  model: Model,
  out: { currency: Cur; type: PayoutType; amount: bigint; fee: bigint; account?: ModelAccount },
): Refusal | undefined {
  const wallet = model.wallets[out.currency];
  if (out.type === 'mobile_money' && out.currency === 'USD') return { status: 422, code: 'validation_error' };
  if (out.account && !out.account.active) return { status: 409, code: 'payment_account_not_active' };
  if (wallet.status !== 'active') return { status: 409, code: `wallet_${wallet.status}` };
  if (out.amount + out.fee > wallet.available) return { status: 409, code: 'insufficient_funds' };
  return undefined;
}

/** A withdrawal or payout starts PENDING: amount + fee leave available, its pick-up job is queued. */
export function initiate(
  model: Model,
  out: { id: string; kind: PayoutKind; currency: Cur; amount: bigint; fee: bigint; fails: boolean },
) {
  model.wallets[out.currency].available -= out.amount + out.fee;
  model.payouts.push({
    ...out,
    status: 'pending',
    events: [`${out.kind}.created`],
    pickUpQueued: true,
    outcomeQueued: false,
  });
}

export const isInFlight = (status: PayoutStatus): status is 'pending' | 'processing' =>
  status === 'pending' || status === 'processing';
export const isReturned = (status: PayoutStatus) => status === 'failed' || status === 'cancelled';

/** The rail picks a PENDING one up: PROCESSING, sent, and the sandbox's outcome is queued. */
export function pickUp(payout: ModelPayout) {
  payout.status = 'processing';
  payout.events.push(`${payout.kind}.processing`);
  payout.outcomeQueued = true;
}

/** What the sandbox rail makes of a payout it sent: it fails destinations ending in its failure suffix. */
export const sandboxOutcome = (payout: ModelPayout) => (payout.fails ? 'failed' : 'completed');

/** A payout leaves PENDING or PROCESSING: the money follows (failed or cancelled: all of it back). */
export function finish(model: Model, payout: ModelPayout, to: 'completed' | 'failed' | 'cancelled') {
  payout.status = to;
  payout.events.push(`${payout.kind}.${to}`);
  if (to !== 'completed') model.wallets[payout.currency].available += payout.amount + payout.fee;
}

/**
 * What the payout's own journal lines did to each account (credits − debits). Initiation: available →
 * in flight + fees; completed: in flight → the rail; failed or cancelled: all of it back.
 */
export function payoutJournal(p: ModelPayout) {
  const returned = isReturned(p.status);
  return {
    in_flight: isInFlight(p.status) ? p.amount : 0n,
    fees: returned ? 0n : p.fee,
    rail: p.status === 'completed' ? p.amount : 0n,
    available: returned ? 0n : -(p.amount + p.fee),
    holding: 0n,
  };
}

/** Σ amounts of the PENDING and PROCESSING money out of `currency`: what the journal has in flight. */
export const inFlightTotal = (model: Model, currency: Cur) =>
  model.payouts.filter((p) => p.currency === currency && isInFlight(p.status)).reduce((sum, p) => sum + p.amount, 0n);

/**
 * Once the rail has caught up with everything: each payout left PENDING or PROCESSING ends as the
 * sandbox decides (FAILED with its money back, or COMPLETED); the others stay as they are.
 */
export function afterTheRail(model: Model) {
  const available = perCurrency((c) => model.wallets[c].available);
  const statuses = model.payouts.map((p) => {
    const final: PayoutStatus = isInFlight(p.status) ? sandboxOutcome(p) : p.status;
    if (final === 'failed' && p.status !== 'failed') available[p.currency] += p.amount + p.fee;
    return { payout: p, final };
  });
  return { statuses, available };
}
