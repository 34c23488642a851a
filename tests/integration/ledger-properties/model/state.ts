import type { PayoutKind, PayoutStatus } from '../../../../lib/platform/vocabulary';
import { perCurrency, type Cur } from './money';

/** What the model knows of one merchant: its wallets, deposits, checkouts, conversions and money out. */

export interface ModelDeposit {
  id: string;
  checkoutId: string;
  currency: Cur;
  amount: bigint;
  refunded: bigint;
  /** What refunds of this deposit took out of holding (the rest came from available). */
  refundedFromHolding: bigint;
  /** Completed more than the settlement delay ago (see TimePasses). */
  due: boolean;
  settled: boolean;
  duplicate: boolean;
}

export interface ModelCheckout {
  id: string;
  reference: string;
  currency: Cur;
  amount: bigint;
  /** `processing` until paid: a Pay command leaves it paid, or processing after a short transfer. */
  status: 'processing' | 'paid' | 'completed';
  /** While `processing`: what short transfers brought in so far. */
  collected: bigint;
  refunds: number;
}

export type WalletStatus = 'active' | 'frozen' | 'suspended';

export interface ModelWallet {
  holding: bigint;
  available: bigint;
  status: WalletStatus;
  /** An operator's settlement hold: settlement skips the wallet. */
  hold: boolean;
}

/** A withdrawal or payout: `amount` is what the recipient is sent, `fee` what it cost on top. */
export interface ModelPayout {
  id: string;
  kind: PayoutKind;
  currency: Cur;
  amount: bigint;
  fee: bigint;
  status: PayoutStatus;
  /** The destination number ends in the sandbox's failure suffix: the sandbox rail fails it. */
  fails: boolean;
  /** Its event types, in order. */
  events: string[];
  /** Its `pick_up_payout` job is still queued (the rail has not taken it through the job yet). */
  pickUpQueued: boolean;
  /** Its `sandbox_payout_outcome` job (queued when the rail sent it) has not run yet. */
  outcomeQueued: boolean;
}

/** A saved payment account, by `currency:type:fails`. */
export interface ModelAccount {
  id: string;
  active: boolean;
}

export interface Model {
  wallets: Record<Cur, ModelWallet>;
  deposits: ModelDeposit[];
  checkouts: ModelCheckout[];
  conversions: number;
  payouts: ModelPayout[];
  accounts: Record<string, ModelAccount>;
}

export const emptyWallet = (): ModelWallet => ({ holding: 0n, available: 0n, status: 'active', hold: false });

export function emptyModel(): Model {
  return {
    wallets: perCurrency(emptyWallet),
    deposits: [],
    checkouts: [],
    conversions: 0,
    payouts: [],
    accounts: {},
  };
}

/** A refusal the service must answer with (an ApiError's status and code). */
export interface Refusal {
  status: number;
  code: string;
}
