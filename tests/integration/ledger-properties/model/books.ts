import { converted, netOf, onePercent, type Cur } from './money';
import type { Model, ModelCheckout, ModelDeposit, ModelWallet, Refusal } from './state';

/**
 * What the steps of money in and of the books do to the model: transfers and deposits, settlement,
 * refunds, conversions, and the status and hold of wallets.
 */

// ---------------------------------------------------------------------------------------------------
// Money in: transfers and deposits

/**
 * What a bank transfer of `amount` for a checkout is recorded as, and the deposit it makes: once the
 * checkout is paid, a flagged duplicate of the amount; before, transfers add up: short ones wait
 * (no deposit), the one that brings the total to the amount pays, with everything collected.
 */
export function transferOutcome(
  checkout: ModelCheckout,
  amount: bigint,
):
  | { kind: 'duplicate' | 'payment'; deposit: { amount: bigint; duplicate: boolean } }
  | { kind: 'underpayment'; deposit?: undefined } {
  if (checkout.status !== 'processing') return { kind: 'duplicate', deposit: { amount, duplicate: true } };
  const total = checkout.collected + amount;
  if (total < checkout.amount) return { kind: 'underpayment' };
  return { kind: 'payment', deposit: { amount: total, duplicate: false } };
}

/** The model takes the transfer (`depositId`: the deposit it made, if it made one): its net goes to holding. */
export function receiveTransfer(model: Model, checkout: ModelCheckout, amount: bigint, depositId?: string) {
  const outcome = transferOutcome(checkout, amount);
  if (!outcome.deposit) {
    checkout.collected += amount;
    return;
  }
  if (depositId === undefined) throw new Error(`a ${outcome.kind} makes a deposit: its id is needed`);
  if (outcome.kind === 'payment') {
    checkout.status = 'paid';
    checkout.collected = 0n;
  }
  model.deposits.push({
    id: depositId,
    checkoutId: checkout.id,
    currency: checkout.currency,
    amount: outcome.deposit.amount,
    refunded: 0n,
    refundedFromHolding: 0n,
    due: false,
    settled: false,
    duplicate: outcome.deposit.duplicate,
  });
  model.wallets[checkout.currency].holding += netOf(outcome.deposit.amount);
}

/** Every deposit so far is older than the settlement delay. */
export function timePasses(model: Model) {
  for (const d of model.deposits) d.due = true;
}

// ---------------------------------------------------------------------------------------------------
// Settlement

/** The unsettled deposits of `currency` a settlement run settles (as of now: the due ones; 40 days ahead: all). */
export const settling = (model: Model, currency: Cur, farAhead: boolean) =>
  model.deposits.filter((d) => d.currency === currency && !d.settled && (d.due || farAhead));

/** A run makes a batch for the wallet: deposits to settle and no settlement hold. */
export const walletSettles = (model: Model, currency: Cur, farAhead: boolean) =>
  !model.wallets[currency].hold && settling(model, currency, farAhead).length > 0;

export const netTotal = (deposits: ModelDeposit[]) => deposits.reduce((sum, d) => sum + netOf(d.amount), 0n);

/** What these deposits still have in holding after the refunds that took money out of it. */
export const stillHeld = (deposits: ModelDeposit[]) =>
  deposits.reduce((sum, d) => {
    const left = netOf(d.amount) - d.refundedFromHolding;
    return sum + (left > 0n ? left : 0n);
  }, 0n);

/**
 * What a batch of these deposits moves from holding to available, when the model knows it exactly:
 * when they are all the unsettled deposits of the wallet, everything in holding moves (refunds may
 * have taken part of their nets out already). Otherwise undefined: at most stillHeld(deposits).
 */
export function settledAmount(model: Model, currency: Cur, deposits: ModelDeposit[]): bigint | undefined {
  if (deposits.length !== model.deposits.filter((d) => d.currency === currency && !d.settled).length) return undefined;
  const net = netTotal(deposits);
  const holding = model.wallets[currency].holding;
  return net < holding ? net : holding;
}

/** The batch moved `moved` from holding to available; its deposits are settled. */
export function settle(model: Model, currency: Cur, deposits: ModelDeposit[], moved: bigint) {
  model.wallets[currency].holding -= moved;
  model.wallets[currency].available += moved;
  for (const d of deposits) d.settled = true;
}

/** A paid checkout completes once its (non-duplicate) deposit settled. Returns how many completed. */
export function completeSettledCheckouts(model: Model) {
  let completed = 0;
  for (const checkout of model.checkouts) {
    if (
      checkout.status === 'paid' &&
      model.deposits.some((d) => d.checkoutId === checkout.id && !d.duplicate && d.settled)
    ) {
      checkout.status = 'completed';
      completed++;
    }
  }
  return completed;
}

// ---------------------------------------------------------------------------------------------------
// Refunds and conversions

/** Why a refund of `amount` of the deposit is refused, if it is. */
export function refundRefusal(model: Model, deposit: ModelDeposit, amount: bigint): Refusal | undefined {
  const wallet = model.wallets[deposit.currency];
  const left = deposit.amount - deposit.refunded;
  if (wallet.status !== 'active') return { status: 409, code: `wallet_${wallet.status}` };
  if (left === 0n) return { status: 409, code: 'already_refunded' };
  if (amount > left) return { status: 409, code: 'refund_exceeds_deposit' };
  if (amount > wallet.available + wallet.holding) return { status: 409, code: 'insufficient_funds' };
  return undefined;
}

/** A refund takes from available first, then from holding. */
export function refund(model: Model, deposit: ModelDeposit, amount: bigint) {
  const wallet = model.wallets[deposit.currency];
  const fromAvailable = wallet.available < amount ? wallet.available : amount;
  wallet.available -= fromAvailable;
  wallet.holding -= amount - fromAvailable;
  deposit.refunded += amount;
  deposit.refundedFromHolding += amount - fromAvailable;
  const checkout = model.checkouts.find((c) => c.id === deposit.checkoutId);
  if (!checkout) throw new Error(`deposit ${deposit.id} of an unknown checkout`);
  checkout.refunds++;
}

/** A quote for `amount` of `from`: the fee (1.00 %) and what the rest buys of `to`. */
export const quoteFor = (from: Cur, to: Cur, amount: bigint) => {
  const fee = onePercent(amount);
  return { fee, toAmount: converted(from, to, amount - fee) };
};

/** Why converting `amount` out of the `from` wallet is refused, if it is. */
export function conversionRefusal(model: Model, from: Cur, amount: bigint): Refusal | undefined {
  const source = model.wallets[from];
  if (source.status !== 'active') return { status: 409, code: `wallet_${source.status}` };
  if (amount > source.available) return { status: 409, code: 'insufficient_funds' };
  return undefined;
}

/** A conversion moves available to available: `amount` out of `from`, `toAmount` into `to`. */
export function convert(model: Model, from: Cur, to: Cur, amount: bigint, toAmount: bigint) {
  model.wallets[from].available -= amount;
  model.wallets[to].available += toAmount;
  model.conversions++;
}

// ---------------------------------------------------------------------------------------------------
// Wallet status and holds

/** The merchant freezes or reactivates a wallet: a suspended one stays suspended. */
export const merchantStatusRefusal = (wallet: ModelWallet): Refusal | undefined =>
  wallet.status === 'suspended' ? { status: 409, code: 'wallet_suspended' } : undefined;

export type OperatorAction = 'suspend' | 'reinstate' | 'hold' | 'release';

/** The operator suspends or reinstates a wallet, or places or lifts a settlement hold: never refused. */
export function operatorAction(wallet: ModelWallet, action: OperatorAction) {
  if (action === 'suspend') wallet.status = 'suspended';
  if (action === 'reinstate') wallet.status = 'active';
  if (action === 'hold') wallet.hold = true;
  if (action === 'release') wallet.hold = false;
}
