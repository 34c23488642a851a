import crypto from 'node:crypto';
import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb, type Db } from '../../lib/platform/db/client';
import { ApiError } from '../../lib/platform/http/errors';
import { reconcileLedger } from '../../lib/books/ledger/reconcile';
import { createCheckout } from '../../lib/checkout/create-checkout';
import { createCheckoutInput } from '../../lib/checkout/input';
import { quoteInput } from '../../lib/books/conversion/input';
import { validate } from '../../lib/platform/http/parse';
import { recordIncomingBankTransfer } from '../../lib/collections/rail-outcomes';
import { runSettlement } from '../../lib/books/settlement/run-settlement';
import { refundDeposit } from '../../lib/books/refunds';
import { convertWithQuote, createQuote } from '../../lib/books/conversion/convert';
import { operatorUpdateWallet, updateWalletStatus } from '../../lib/books/wallets/manage-wallet';
import { toMajorUnits, toMinorUnits } from '../../lib/platform/money/amount';
import { CURRENCY_CODES, CURRENCY_EXPONENT } from '../../lib/platform/money/currencies';
import type { JobHelpers } from 'graphile-worker';
import { config } from '../../lib/platform/config';
import type { PayoutKind, PayoutStatus } from '../../lib/platform/db/schema';
import { feeFor } from '../../lib/books/fees';
import { taskList } from '../../lib/worker/tasks';
import { addPaymentAccount, updatePaymentAccount } from '../../lib/money-out/payment-accounts/manage';
import { initiatePayout } from '../../lib/money-out/initiate';
import { payoutInput, withdrawalInput, type PayoutInput, type WithdrawalInput } from '../../lib/money-out/input';
import { addPaymentAccountInput } from '../../lib/money-out/payment-accounts/input';
import { cancelPayout, completePayout, failPayout, pickUpPayout } from '../../lib/money-out/progress';
import { SANDBOX_PAYOUT_FAILURE_SUFFIX } from '../../lib/rails/sandbox';
import { runJobsNow } from '../support/jobs';

/**
 * The books always add up (issue 4, "Tests"; extended with withdrawals, payouts, cancels and failures):
 * a model-based property test (fast-check commands). Each run onboards a fresh verified merchant, in
 * three runs out of four funds it (a paid checkout of 100.00–5,000.00, settled: money available; in
 * half of those a first withdrawal or payout follows), and plays a random sequence of 1–12 commands against the real domain verbs and the real PostgreSQL:
 *   - Pay: a new checkout (0.01–5,000.00 GHS, USD or KES) paid by bank transfer: exact, over, short
 *     (waits for more), or twice (a flagged duplicate deposit);
 *   - LateTransfer: another transfer for an existing checkout (a duplicate once paid; completes a short one);
 *   - TimePasses: every deposit so far becomes older than the settlement delay;
 *   - Settle: as of now (only deposits aged by TimePasses are due) or as of 40 days ahead (all are);
 *   - Refund: all that is left, the full amount, part of it, or more than is left; by transaction or
 *     checkout id;
 *   - Convert: quote and convert within, beyond, or regardless of the available balance; then replay the
 *     idempotency key, reuse the quote, or let the quote expire first;
 *   - the merchant freezes or reactivates a wallet; the operator suspends or reinstates it, or places or
 *     lifts a settlement hold;
 *   - MoneyOut: a withdrawal (ad hoc, or to a saved payment account, made active or inactive first) or a
 *     payout, by bank transfer or mobile money (refused in USD: 422), from the wallet with the most
 *     available or a given one: within the available balance, all of it (with the fee on top), more
 *     than that (409 insufficient_funds), or any amount; frozen and suspended wallets refuse (409); the
 *     destination ends in 9999 (the sandbox fails it) or not;
 *   - Cancel: a PENDING one (all of amount + fee back), anything else (409 <kind>_not_cancellable), or
 *     through the other kind's endpoint (404);
 *   - Rail: the sandbox payout rail runs a payout's queued `pick_up_payout` job (PENDING → PROCESSING;
 *     the sandbox queues its outcome from the destination) or its `sandbox_payout_outcome` job
 *     (COMPLETED: in flight → the rail; FAILED: all of it back), both, or reports completePayout /
 *     failPayout directly; repeated deliveries and reports change nothing.
 *
 * A model predicts every outcome (which refusal, or what moves where, to the minor unit); a refusal is
 * an ApiError compared with the model, any other error fails the run. After every command:
 *   - reconcileLedger(merchant) is balanced (entries balance, wallets equal the journal, none negative);
 *   - every wallet's holding and available balances, status and hold equal the model's, none negative;
 *   - per currency, from the tables alone: balance = Σ deposit nets − Σ refunds − Σ conversion debits
 *     + Σ conversion credits − Σ money out (amount + fee) not failed or cancelled;
 *   - holding never exceeds the nets of the unsettled deposits (nothing stranded there);
 *   - every deposit: amount, fee (1.00 % half up), net, refunded_amount = Σ its refunds ≤ amount,
 *     settled exactly when the model says, with a batch id exactly when settled;
 *   - every checkout's status, one `checkout.completed` per completed checkout, one `checkout.refunded`
 *     per refund; the number of conversions;
 *   - each settlement batch releases at most what its own deposits still have in holding (never
 *     money of deposits that are not due yet);
 *   - every withdrawal and payout: kind, status as the model has it (customer transaction `pending`
 *     while PENDING or PROCESSING), amount, fee (the fee schedule's, on top), total, settled, sent to the
 *     rail exactly when picked up, a failure reason exactly when FAILED, its events in order, and its
 *     own journal lines: in flight = amount while PENDING or PROCESSING, fees = fee and available
 *     − (amount + fee) unless FAILED or CANCELLED, the rail = amount once COMPLETED;
 *   - per currency, the merchant's payouts_in_flight balance in the journal = Σ amounts of its PENDING
 *     and PROCESSING money out (by the table and by the model); the number of money-out events.
 * After all runs the rail catches up (runJobsNow): every payout left PENDING or PROCESSING ends
 * COMPLETED, or FAILED with its money back, nothing is left in flight, and the whole ledger reconciles.
 *
 * Budget: LEDGER_PROPERTY_RUNS runs (default 800) of 1–12 commands (≈ 5.5 on average) plus the funding
 * (2 commands in three runs out of four): about 5,500 commands, each followed by the checks above, in
 * about 45 s on two shared cores (4 lanes in parallel; LEDGER_PROPERTY_LANES). On failure fast-check prints the seed, the path and the shrunk command list;
 * replay it with LEDGER_PROPERTY_SEED, LEDGER_PROPERTY_PATH and LEDGER_PROPERTY_REPLAY (the
 * `replayPath` printed after the commands) set to the printed values.
 */

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 800);
const SEED = process.env.LEDGER_PROPERTY_SEED === undefined ? undefined : Number(process.env.LEDGER_PROPERTY_SEED);
const PATH = process.env.LEDGER_PROPERTY_PATH;
const REPLAY = process.env.LEDGER_PROPERTY_REPLAY;
const LANES = Number(process.env.LEDGER_PROPERTY_LANES ?? 4);

// XOF has no minor unit: the same minor-unit model covers it (1 = one franc).
const CURRENCIES = ['GHS', 'USD', 'KES', 'XOF'] as const;
type Cur = (typeof CURRENCIES)[number];

/** The sandbox defaults (lib/books/conversion/rates.ts, README): units per USD. Written out here on purpose. */
const PER_USD: Record<Cur, [bigint, bigint]> = {
  GHS: [1550n, 100n],
  USD: [1n, 1n],
  KES: [12900n, 100n],
  XOF: [60348n, 100n],
};

/** 1.00 %, half up, never more than the amount: the sandbox fee for bank-transfer deposits and conversions. */
const onePercent = (amount: bigint) => {
  const fee = (amount + 50n) / 100n;
  return fee > amount ? amount : fee;
};

/** Minor units of `to` that `net` minor units of `from` buy, rounded down. */
function converted(from: Cur, to: Cur, net: bigint) {
  const [fromNum, fromDen] = PER_USD[from];
  const [toNum, toDen] = PER_USD[to];
  // Minor units differ in size between currencies: 1 XOF minor unit is one franc, 1 GHS minor unit a pesewa.
  const shift = CURRENCY_EXPONENT[to] - CURRENCY_EXPONENT[from];
  const up = 10n ** BigInt(Math.max(0, shift));
  const down = 10n ** BigInt(Math.max(0, -shift));
  return (net * toNum * fromDen * up) / (toDen * fromNum * down);
}

const major = (minor: bigint, currency: Cur) => toMajorUnits(minor, currency);

// ---------------------------------------------------------------------------------------------------
// The model

interface ModelDeposit {
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

interface ModelCheckout {
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

interface ModelWallet {
  holding: bigint;
  available: bigint;
  status: 'active' | 'frozen' | 'suspended';
  /** An operator's settlement hold: settlement skips the wallet. */
  hold: boolean;
}

/** A withdrawal or payout: `amount` is what the recipient is sent, `fee` what it cost on top. */
interface ModelPayout {
  id: string;
  kind: PayoutKind;
  currency: Cur;
  amount: bigint;
  fee: bigint;
  status: PayoutStatus;
  /** The destination number ends in SANDBOX_PAYOUT_FAILURE_SUFFIX: the sandbox rail fails it. */
  fails: boolean;
  /** Its event types, in order. */
  events: string[];
  /** Its `pick_up_payout` job is still queued (the rail has not taken it through the job yet). */
  pickUpQueued: boolean;
  /** Its `sandbox_payout_outcome` job (queued when the rail sent it) has not run yet. */
  outcomeQueued: boolean;
}

/** A saved payment account, by `currency:type:fails`. */
interface ModelAccount {
  id: string;
  active: boolean;
}

interface Model {
  wallets: Record<Cur, ModelWallet>;
  deposits: ModelDeposit[];
  checkouts: ModelCheckout[];
  conversions: number;
  payouts: ModelPayout[];
  accounts: Record<string, ModelAccount>;
}

interface Real {
  db: Db;
  merchantId: string;
  ctx: { db: Db; merchant: { id: string; name: string; kybStatus: 'verified' } };
}

const stats = {
  runs: 0,
  commands: 0,
  refusals: 0,
  byCommand: {} as Record<string, number>,
  moneyOut: {} as Record<string, number>,
};
const count = (what: string) => {
  stats.moneyOut[what] = (stats.moneyOut[what] ?? 0) + 1;
};

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** A refusal (ApiError) is an outcome to compare with the model; anything else fails the run. */
async function attempt<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      stats.refusals++;
      return { ok: false, error };
    }
    throw error;
  }
}

function expectRefusal(outcome: Outcome<unknown>, status: number, code: string) {
  const got = outcome.ok
    ? `success ${JSON.stringify(outcome.value)}`
    : `${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`;
  expect(got, `expected ${status} ${code}`).toMatch(new RegExp(`^${status} ${code}:`));
}

function expectSuccess<T>(outcome: Outcome<T>): T {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

let checkSql: postgres.Sql;

/** Deposits of a checkout the model does not know yet (oldest first). */
async function newDepositsOf(model: Model, real: Real, checkoutId: string) {
  const known = new Set(model.deposits.map((d) => d.id));
  const rows = await checkSql<{ id: string; amount: string; is_duplicate: boolean }[]>`
    select id, amount::text, is_duplicate from customer_transactions
     where merchant_id = ${real.merchantId} and transaction_type = 'deposit' and checkout_session_id = ${checkoutId}
     order by created_at, id`;
  return rows.filter((r) => !known.has(r.id));
}

function credit(model: Model, deposit: ModelDeposit) {
  model.deposits.push(deposit);
  model.wallets[deposit.currency].holding += deposit.amount - onePercent(deposit.amount);
}

async function transfer(real: Real, reference: string, amount: bigint) {
  return recordIncomingBankTransfer(real.db, {
    paymentReference: reference,
    amount,
    rail: 'sandbox_bank',
    railReference: `PROP-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
  });
}

/** A transfer for a checkout the model knows: predicts and checks what it is recorded as. */
async function transferFor(model: Model, real: Real, checkout: ModelCheckout, amount: bigint) {
  const result = await transfer(real, checkout.reference, amount);
  if (checkout.status !== 'processing') {
    expect(result.kind).toBe('duplicate');
    const [dup, ...more] = await newDepositsOf(model, real, checkout.id);
    expect(more).toEqual([]);
    expect(dup).toMatchObject({ amount: amount.toString(), is_duplicate: true });
    credit(model, {
      id: dup!.id,
      checkoutId: checkout.id,
      currency: checkout.currency,
      amount,
      refunded: 0n,
      refundedFromHolding: 0n,
      due: false,
      settled: false,
      duplicate: true,
    });
    return;
  }
  // Transfers add up: short ones wait, the one that brings the total to the amount pays.
  if (checkout.collected + amount < checkout.amount) {
    expect(result.kind).toBe('underpayment');
    checkout.collected += amount;
    expect(await newDepositsOf(model, real, checkout.id)).toEqual([]);
    return;
  }
  // Paid: the deposit is everything collected for it (earlier short transfers too).
  expect(result.kind).toBe('payment');
  const total = checkout.collected + amount;
  const [deposit, ...more] = await newDepositsOf(model, real, checkout.id);
  expect(more).toEqual([]);
  expect(deposit).toMatchObject({ amount: total.toString(), is_duplicate: false });
  checkout.status = 'paid';
  checkout.collected = 0n;
  credit(model, {
    id: deposit!.id,
    checkoutId: checkout.id,
    currency: checkout.currency,
    amount: total,
    refunded: 0n,
    refundedFromHolding: 0n,
    due: false,
    settled: false,
    duplicate: false,
  });
}

// ---------------------------------------------------------------------------------------------------
// Commands

abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract readonly name: string;
  check() {
    return true;
  }
  /** `check: false`: the caller checks the books once a few steps have run. */
  async run(model: Model, real: Real, check = true) {
    await this.apply(model, real);
    stats.commands++;
    stats.byCommand[this.name] = (stats.byCommand[this.name] ?? 0) + 1;
    if (check) await checkBooks(model, real, this.toString());
  }
  abstract apply(model: Model, real: Real): Promise<void>;
  abstract toString(): string;
}

/** A new checkout, paid by bank transfer: exact, over (by `delta`), short (by `delta`), or twice. */
class Pay extends Step {
  readonly name = 'pay';
  constructor(
    readonly currency: Cur,
    readonly amount: bigint,
    readonly mode: 'exact' | 'over' | 'short' | 'duplicate',
    readonly delta: bigint,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const created = await createCheckout(
      real.ctx,
      validate(createCheckoutInput, {
        customer_email: 'buyer@example.com',
        amount: major(this.amount, this.currency),
        currency_code: this.currency,
      }),
    );
    const checkout: ModelCheckout = {
      id: created.id,
      reference: created.payment_reference,
      currency: this.currency,
      amount: this.amount,
      status: 'processing',
      collected: 0n,
      refunds: 0,
    };
    model.checkouts.push(checkout);
    const short = this.amount > 1n ? this.amount - 1n - (this.delta % (this.amount - 1n)) : this.amount;
    if (this.mode === 'short' && short < this.amount) {
      await transferFor(model, real, checkout, short);
      return;
    }
    await transferFor(model, real, checkout, this.mode === 'over' ? this.amount + this.delta : this.amount);
    if (this.mode === 'duplicate') await transferFor(model, real, checkout, this.amount);
  }
  toString() {
    return `Pay(${major(this.amount, this.currency)} ${this.currency}, ${this.mode}${this.mode === 'over' || this.mode === 'short' ? ` ${this.delta}` : ''})`;
  }
}

/** Another transfer for an existing checkout: a duplicate once paid, or completing a short payment. */
class LateTransfer extends Step {
  readonly name = 'late_transfer';
  constructor(
    readonly pick: number,
    readonly amount: bigint,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    if (model.checkouts.length === 0) {
      const outcome = await attempt(() => transfer(real, 'PAY-0000000000000000', this.amount));
      expectRefusal(outcome, 404, 'not_found');
      return;
    }
    await transferFor(model, real, model.checkouts[this.pick % model.checkouts.length]!, this.amount);
  }
  toString() {
    return `LateTransfer(#${this.pick}, ${this.amount})`;
  }
}

/** A day and more goes by for every deposit so far: their completion moves two days back. */
class TimePasses extends Step {
  readonly name = 'time_passes';
  async apply(model: Model, real: Real) {
    await checkSql`
      update customer_transactions set completed_at = completed_at - interval '2 days'
       where merchant_id = ${real.merchantId} and transaction_type = 'deposit'`;
    for (const d of model.deposits) d.due = true;
  }
  toString() {
    return 'TimePasses()';
  }
}

/**
 * A settlement run as of now (the default one-day delay: only deposits aged by TimePasses are due) or
 * as of 40 days ahead (everything is due).
 */
class Settle extends Step {
  readonly name = 'settle';
  constructor(readonly farAhead: boolean) {
    super();
  }
  async apply(model: Model, real: Real) {
    const asOf = this.farAhead ? new Date(Date.now() + 40 * 86_400_000) : new Date();
    const result = await runSettlement(real.db, { asOf, merchantId: real.merchantId });
    const batches = new Map(result.batches.map((b) => [b.currency_code, b]));
    const settles = (currency: Cur) =>
      !model.wallets[currency].hold &&
      model.deposits.some((d) => d.currency === currency && !d.settled && (d.due || this.farAhead));
    expect([...batches.keys()].sort(), 'one batch per wallet with deposits due and no settlement hold').toEqual(
      CURRENCIES.filter(settles).sort(),
    );
    for (const currency of CURRENCIES) {
      const batch = batches.get(currency);
      if (!batch) continue;
      const settling = model.deposits.filter((d) => d.currency === currency && !d.settled && (d.due || this.farAhead));
      const wallet = model.wallets[currency];
      const net = settling.reduce((sum, d) => sum + d.amount - onePercent(d.amount), 0n);
      expect(batch).toMatchObject({ transaction_count: settling.length, net_amount: major(net, currency) });
      const moved = toMinorUnits(batch.settled_amount, currency) as bigint | 'not_positive';
      const movedMinor = moved === 'not_positive' ? 0n : moved;
      // A batch releases at most what its own deposits still have in holding: never the money of
      // deposits that are not due yet.
      const stillHeld = settling.reduce((sum, d) => {
        const left = d.amount - onePercent(d.amount) - d.refundedFromHolding;
        return sum + (left > 0n ? left : 0n);
      }, 0n);
      expect(
        movedMinor <= stillHeld,
        `${currency} batch moved ${movedMinor} from holding to available, but its ${settling.length} deposit(s) ` +
          `(net ${net}) only have ${stillHeld} left in holding after refunds: ${movedMinor - stillHeld} belongs to deposits not due yet`,
      ).toBe(true);
      if (settling.length === model.deposits.filter((d) => d.currency === currency && !d.settled).length) {
        // Everything unsettled settles: refunds may have taken part of it out of holding; what is there moves.
        expect(movedMinor, `${currency} batch settled_amount`).toBe(net < wallet.holding ? net : wallet.holding);
      }
      wallet.holding -= movedMinor;
      wallet.available += movedMinor;
      for (const d of settling) d.settled = true;
    }
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
    expect(result.checkouts_completed).toBe(completed);
  }
  toString() {
    return `Settle(${this.farAhead ? 'as of 40 days ahead' : 'as of now'})`;
  }
}

/**
 * Refund a deposit: `all` (no amount: what is left), `full` (the amount left, given), `partial`, or
 * `excess` (more than is left); by transaction id or, for a non-duplicate deposit, by checkout id.
 */
class Refund extends Step {
  readonly name = 'refund';
  constructor(
    readonly pick: number,
    readonly how: 'all' | 'full' | 'partial' | 'excess',
    readonly seed: bigint,
    readonly byCheckout: boolean,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    if (model.deposits.length === 0) {
      const outcome = await attempt(() =>
        refundDeposit(real.ctx, { transaction_id: crypto.randomUUID(), reason: 'nothing' }, null),
      );
      expectRefusal(outcome, 404, 'not_found');
      return;
    }
    const deposit = model.deposits[this.pick % model.deposits.length]!;
    const wallet = model.wallets[deposit.currency];
    const left = deposit.amount - deposit.refunded;
    const amount =
      this.how === 'all' || this.how === 'full'
        ? left
        : this.how === 'partial'
          ? 1n + (left > 0n ? this.seed % left : 0n)
          : left + 1n + (this.seed % 10_000n);
    const target =
      this.byCheckout && !deposit.duplicate ? { checkout_id: deposit.checkoutId } : { transaction_id: deposit.id };
    const outcome = await attempt(() =>
      refundDeposit(
        real.ctx,
        {
          ...target,
          ...(this.how === 'all' ? {} : { amount: major(amount > 0n ? amount : 1n, deposit.currency) }),
          reason: 'property test',
        },
        null,
      ),
    );

    if (wallet.status !== 'active') return expectRefusal(outcome, 409, `wallet_${wallet.status}`);
    if (left === 0n) return expectRefusal(outcome, 409, 'already_refunded');
    if (amount > left) return expectRefusal(outcome, 409, 'refund_exceeds_deposit');
    if (amount > wallet.available + wallet.holding) return expectRefusal(outcome, 409, 'insufficient_funds');
    const refund = expectSuccess(outcome);
    expect(refund).toMatchObject({
      transaction_type: 'refund',
      status: 'completed',
      amount: major(amount, deposit.currency),
      refunds_transaction_id: deposit.id,
    });
    // Available first, then holding.
    const fromAvailable = wallet.available < amount ? wallet.available : amount;
    wallet.available -= fromAvailable;
    wallet.holding -= amount - fromAvailable;
    deposit.refunded += amount;
    deposit.refundedFromHolding += amount - fromAvailable;
    model.checkouts.find((c) => c.id === deposit.checkoutId)!.refunds++;
  }
  toString() {
    return `Refund(#${this.pick}, ${this.how}${this.how === 'partial' || this.how === 'excess' ? ` ${this.seed}` : ''}${this.byCheckout ? ', by checkout' : ''})`;
  }
}

/**
 * Quote and convert: `within` the available balance, `excess` beyond it, or `any` amount. Then maybe
 * `replay` (same key: the same conversion, nothing moves) or `reuse` the quote (new key: 409).
 */
class Convert extends Step {
  readonly name = 'convert';
  constructor(
    readonly from: Cur,
    readonly to: Cur,
    readonly how: 'within' | 'excess' | 'any',
    readonly seed: bigint,
    readonly after: 'none' | 'replay' | 'reuse' | 'expired',
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const source = model.wallets[this.from];
    const amount =
      this.how === 'within'
        ? 1n + (source.available > 0n ? this.seed % source.available : this.seed % 1_000n)
        : this.how === 'excess'
          ? source.available + 1n + (this.seed % 10_000n)
          : 1n + (this.seed % 500_000n);
    const fee = onePercent(amount);
    const toAmount = converted(this.from, this.to, amount - fee);
    const quoted = await attempt(() =>
      createQuote(
        real.ctx,
        validate(quoteInput, { from_currency: this.from, to_currency: this.to, amount: major(amount, this.from) }),
      ),
    );
    if (toAmount <= 0n) return expectRefusal(quoted, 422, 'validation_error');
    const quote = expectSuccess(quoted);
    expect(quote).toMatchObject({
      from_amount: major(amount, this.from),
      fee_amount: major(fee, this.from),
      to_amount: major(toAmount, this.to),
    });

    const key = `prop-${crypto.randomUUID()}`;
    if (this.after === 'expired') {
      // The quote outlived its lifetime before it was used: refused, nothing moves.
      await checkSql`update conversion_quotes set expires_at = now() - interval '1 second' where id = ${quote.quote_id}`;
      expectRefusal(
        await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: key })),
        409,
        'quote_expired',
      );
      return;
    }
    const outcome = await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: key }));
    if (source.status !== 'active') return expectRefusal(outcome, 409, `wallet_${source.status}`);
    if (amount > source.available) return expectRefusal(outcome, 409, 'insufficient_funds');
    const done = expectSuccess(outcome);
    expect(done.replayed).toBe(false);
    source.available -= amount;
    model.wallets[this.to].available += toAmount;
    model.conversions++;

    if (this.after === 'replay') {
      const again = expectSuccess(
        await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: key })),
      );
      expect(again).toEqual({ conversion: done.conversion, replayed: true });
    } else if (this.after === 'reuse') {
      expectRefusal(
        await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: `${key}-2` })),
        409,
        'quote_used',
      );
    }
  }
  toString() {
    return `Convert(${this.from}→${this.to}, ${this.how} ${this.seed}, ${this.after})`;
  }
}

/** The merchant freezes or reactivates a wallet (a suspended one stays suspended: 409). */
class SetWalletStatus extends Step {
  readonly name = 'wallet_status';
  constructor(
    readonly currency: Cur,
    readonly status: 'active' | 'frozen',
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const wallet = model.wallets[this.currency];
    const outcome = await attempt(() =>
      updateWalletStatus(real.db, real.merchantId, this.currency, { status: this.status }),
    );
    if (wallet.status === 'suspended') return expectRefusal(outcome, 409, 'wallet_suspended');
    expect(expectSuccess(outcome).status).toBe(this.status);
    wallet.status = this.status;
  }
  toString() {
    return `Merchant${this.status === 'frozen' ? 'Freezes' : 'Activates'}(${this.currency})`;
  }
}

/** The operator suspends or reinstates a wallet, or places or lifts a settlement hold. */
class OperatorWallet extends Step {
  readonly name = 'operator_wallet';
  constructor(
    readonly currency: Cur,
    readonly action: 'suspend' | 'reinstate' | 'hold' | 'release',
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const wallet = model.wallets[this.currency];
    const input =
      this.action === 'suspend'
        ? { status: 'suspended' as const }
        : this.action === 'reinstate'
          ? { status: 'active' as const }
          : this.action === 'hold'
            ? {
                settlement_hold: true,
                settlement_hold_reason: 'property test review',
                settlement_hold_visibility: 'merchant' as const,
              }
            : { settlement_hold: false };
    const saved = await operatorUpdateWallet(real.db, real.merchantId, this.currency, input);
    if (this.action === 'suspend') wallet.status = 'suspended';
    if (this.action === 'reinstate') wallet.status = 'active';
    if (this.action === 'hold') wallet.hold = true;
    if (this.action === 'release') wallet.hold = false;
    expect(saved).toMatchObject({ status: wallet.status, settlement_hold: wallet.hold });
  }
  toString() {
    return `Operator(${this.action} ${this.currency})`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Money out: withdrawals and payouts, cancels, and the sandbox payout rail

type PayoutType = 'bank_transfer' | 'mobile_money';
type Destination = 'bank' | 'mobile' | 'saved_bank' | 'saved_mobile';

/**
 * The fee initiatePayout charges: the fee schedule in force for `<kind>.<payout_type>`, charged on top
 * (the wallet gives amount + fee), so not capped at the amount: a 0.01 bank payout costs 0.01 + 1.00.
 */
const moneyOutFee = (kind: PayoutKind, type: PayoutType, currency: Cur, amount: bigint) =>
  feeFor(config().FEE_SCHEDULE, `${kind}.${type}`, currency, amount, 'on_top');

/** The most that can be sent from `available` with its fee on top (amount + fee ≤ available). */
function mostAffordable(available: bigint, fee: (amount: bigint) => bigint) {
  let lo = 0n;
  let hi = available;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (mid + fee(mid) <= available) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

/**
 * A destination for `seed`, ending in the sandbox's failure suffix when `fails`. Separators are
 * allowed (and stripped): the suffix must survive normalisation. Mobile money pays out in GHS and
 * KES only (lib/rails/payout-destination.ts): the USD number is well formed, and refused (422).
 */
function destinationNumber(type: PayoutType, currency: Cur, seed: bigint, fails: boolean) {
  const suffix = fails ? SANDBOX_PAYOUT_FAILURE_SUFFIX : `${4321n + (seed % 5_000n)}`;
  const six = String(seed % 1_000_000n).padStart(6, '0');
  const two = six.slice(-2);
  if (type === 'bank_transfer') {
    return {
      number: seed % 3n === 0n ? `${six.slice(0, 3)}-${six.slice(3)} ${suffix}` : `${six}${suffix}`,
      network: null,
    };
  }
  if (currency === 'GHS') {
    // The number must belong to the network (lib/rails/mobile-money.ts): 024 is MTN's, 020 Telecel's.
    return seed % 2n === 0n
      ? { number: `024 4${two} ${suffix}`, network: 'mtn_momo' as const }
      : { number: `020 4${two} ${suffix}`, network: 'vodafone_cash' as const };
  }
  if (currency === 'KES') return { number: `+254 71${two} 0${suffix}`, network: 'mpesa' as const };
  if (currency === 'XOF') return { number: `+221 77${two} 0${suffix}`, network: 'orange_money' as const };
  return { number: `+1 555 01${two} ${suffix}`, network: 'mtn_momo' as const };
}

/** What a withdrawal or payout reports as its status (withdrawals in capitals, spec 4.8). */
const shownStatus = (kind: PayoutKind, status: PayoutStatus) => (kind === 'withdrawal' ? status.toUpperCase() : status);

/**
 * A withdrawal (to the merchant's own account: ad hoc or a saved payment account) or a payout (to a
 * third party, ad hoc), by bank transfer or mobile money: `within` the available balance, `all` of it
 * (the most that amount + fee fits in), `excess` (at least a minor unit more than that), or `any`
 * amount. The destination ends in the sandbox's failure suffix when `fails`. A
 * saved account is created on first use and is made active or inactive first as `accountActive` says.
 */
class MoneyOut extends Step {
  readonly name = 'money_out';
  /** The currency of the last run (`funded`: the wallet with the most available then). */
  private used: Cur | undefined;
  constructor(
    readonly kind: PayoutKind,
    readonly from: Cur | 'funded',
    readonly destination: Destination,
    readonly fails: boolean,
    readonly how: 'within' | 'all' | 'excess' | 'any',
    readonly seed: bigint,
    readonly accountActive: boolean,
  ) {
    super();
  }
  get currency(): Cur {
    return this.used ?? (this.from === 'funded' ? 'GHS' : this.from);
  }
  async apply(model: Model, real: Real) {
    this.used =
      this.from === 'funded'
        ? CURRENCIES.reduce((a, b) => (model.wallets[b].available > model.wallets[a].available ? b : a))
        : this.from;
    const wallet = model.wallets[this.currency];
    const type: PayoutType = this.destination.endsWith('bank') ? 'bank_transfer' : 'mobile_money';
    // Payouts go to third parties: only withdrawals use the merchant's saved accounts.
    const saved = this.kind === 'withdrawal' && this.destination.startsWith('saved_');
    const feeOf = (amount: bigint) => moneyOutFee(this.kind, type, this.currency, amount);
    const most = mostAffordable(wallet.available, feeOf);
    const amount =
      this.how === 'within'
        ? 1n + (this.seed % (most > 0n ? most : 1_000n))
        : this.how === 'all'
          ? most > 0n
            ? most
            : 1n
          : this.how === 'excess'
            ? most + 1n + (this.seed % 2n === 0n ? 0n : this.seed % 10_000n)
            : 1n + (this.seed % 500_000n);
    const fee = feeOf(amount);
    const { number, network } = destinationNumber(type, this.currency, this.seed, this.fails);
    const mobileRefused = type === 'mobile_money' && this.currency === 'USD';

    let account: ModelAccount | undefined;
    let input: WithdrawalInput | PayoutInput;
    const money = { amount: major(amount, this.currency), currency_code: this.currency, notes: 'property test' };
    if (saved) {
      account = await this.savedAccount(model, real, type, number, network);
      if (!account) return; // a USD mobile-money account: refused (422), checked in savedAccount
      input = withdrawalInput.parse({ ...money, payment_account_id: account.id });
    } else {
      const recipient_details =
        type === 'bank_transfer'
          ? {
              recipient_name: 'Property Recipient',
              bank_account_number: number,
              bank_name: 'Sandbox Bank',
              account_holder_name: 'Property Recipient',
            }
          : { recipient_name: 'Property Recipient', mobile_number: number, network_provider: network };
      const body = { ...money, payout_type: type, recipient_details };
      // Parsed as the routes parse them (the verb then checks recipient_details against payout_type).
      input =
        this.kind === 'withdrawal'
          ? withdrawalInput.parse(body)
          : payoutInput.parse({ ...body, payout_reason: 'property test' });
    }
    const key = `prop-${crypto.randomUUID()}`;
    const outcome = await attempt(() => initiatePayout({ ...real.ctx, idempotencyKey: key }, this.kind, input));
    const refused = (status: number, code: string) => {
      expectRefusal(outcome, status, code);
      count(`${this.kind} refused ${code}`);
    };
    if (mobileRefused) return refused(422, 'validation_error');
    if (account && !account.active) return refused(409, 'payment_account_not_active');
    if (wallet.status !== 'active') return refused(409, `wallet_${wallet.status}`);
    if (amount + fee > wallet.available) return refused(409, 'insufficient_funds');
    const done = expectSuccess(outcome);
    expect(done).toMatchObject({
      kind: this.kind,
      status: shownStatus(this.kind, 'pending'),
      amount: major(amount + fee, this.currency),
      fee_amount: major(fee, this.currency),
      net_amount: major(amount, this.currency),
      currency_code: this.currency,
      payment_account_id: account?.id ?? null,
      payout_type: type,
      provider: 'sandbox_payouts',
      idempotency_key: key,
    });
    wallet.available -= amount + fee;
    model.payouts.push({
      id: done.transaction_id,
      kind: this.kind,
      currency: this.currency,
      amount,
      fee,
      status: 'pending',
      fails: this.fails,
      events: [`${this.kind}.created`],
      pickUpQueued: true,
      outcomeQueued: false,
    });
    count(`${this.kind} initiated`);
    if (wallet.available === 0n) count(`${this.kind} emptied the wallet`);
  }

  /** The saved account for this currency, type and outcome: added on first use, then (de)activated as asked. */
  async savedAccount(model: Model, real: Real, type: PayoutType, number: string, network: string | null) {
    const key = `${this.currency}:${type}:${this.fails}`;
    let account = model.accounts[key];
    if (!account) {
      const details =
        type === 'bank_transfer'
          ? {
              account_type: 'bank_account',
              account_number: number,
              bank_name: 'Sandbox Bank',
              account_holder_name: 'Property Shop',
            }
          : { account_type: 'mobile_money', phone_number: number, network_provider: network };
      const added = await attempt(() =>
        addPaymentAccount(
          real.db,
          real.merchantId,
          addPaymentAccountInput.parse({ currency_code: this.currency, ...details }),
        ),
      );
      if (type === 'mobile_money' && this.currency === 'USD') {
        expectRefusal(added, 422, 'validation_error');
        count('account refused validation_error');
        return undefined;
      }
      account = { id: expectSuccess(added).id, active: true };
      model.accounts[key] = account;
    }
    if (account.active !== this.accountActive) {
      const status = this.accountActive ? 'active' : 'inactive';
      const updated = expectSuccess(
        await attempt(() => updatePaymentAccount(real.db, real.merchantId, account!.id, { status })),
      );
      expect(updated.status).toBe(status);
      account.active = this.accountActive;
    }
    return account;
  }
  toString() {
    const saved = this.kind === 'withdrawal' && this.destination.startsWith('saved_');
    return (
      `${this.kind === 'withdrawal' ? 'Withdraw' : 'Payout'}(${this.from === 'funded' ? `funded ${this.used ?? ''}` : this.from}, ${this.how} ${this.seed}, ${this.destination}` +
      `${this.fails ? ' …9999' : ''}${saved && !this.accountActive ? ' (inactive)' : ''})`
    );
  }
}

/** The merchant cancels a withdrawal or payout (`wrongKind`: through the other kind's endpoint: 404). */
class CancelPayout extends Step {
  readonly name = 'cancel';
  constructor(
    readonly pick: number,
    readonly wrongKind: boolean,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    if (model.payouts.length === 0) {
      expectRefusal(
        await attempt(() => cancelPayout(real.db, real.merchantId, 'withdrawal', crypto.randomUUID(), 'property test')),
        404,
        'not_found',
      );
      return;
    }
    const payout = model.payouts[this.pick % model.payouts.length]!;
    const kind: PayoutKind = this.wrongKind ? (payout.kind === 'withdrawal' ? 'payout' : 'withdrawal') : payout.kind;
    const outcome = await attempt(() => cancelPayout(real.db, real.merchantId, kind, payout.id, 'property test'));
    if (this.wrongKind) return expectRefusal(outcome, 404, 'not_found');
    if (payout.status !== 'pending') {
      count(`cancel refused (${payout.status})`);
      return expectRefusal(outcome, 409, `${kind}_not_cancellable`);
    }
    const cancelled = expectSuccess(outcome);
    expect(cancelled).toMatchObject({
      transaction_id: payout.id,
      status: shownStatus(kind, 'cancelled'),
      cancellation_reason: 'property test',
    });
    count('cancelled');
    finish(model, payout, 'cancelled');
  }
  toString() {
    return `Cancel(#${this.pick}${this.wrongKind ? ', wrong kind' : ''})`;
  }
}

/** A payout leaves PENDING or PROCESSING: the money follows (failed or cancelled: all of it back). */
function finish(model: Model, payout: ModelPayout, to: 'completed' | 'failed' | 'cancelled') {
  payout.status = to;
  payout.events.push(`${payout.kind}.${to}`);
  if (to !== 'completed') model.wallets[payout.currency].available += payout.amount + payout.fee;
}

interface QueuedJob {
  id: string;
  task_identifier: 'pick_up_payout' | 'sandbox_payout_outcome';
  payload: { transaction_id: string; outcome?: 'completed' | 'failed' };
}

/** The payout rail's jobs still queued for one transaction (the public `jobs` view hides payloads). */
async function queuedJobs(transactionId: string, task: QueuedJob['task_identifier']) {
  return checkSql<QueuedJob[]>`
    select j.id::text, t.identifier as task_identifier, j.payload
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
     where t.identifier = ${task} and j.payload->>'transaction_id' = ${transactionId}`;
}

/** Runs a queued job as the worker does: its task with its payload, then the job is done (deleted). */
async function runJob(job: QueuedJob) {
  await taskList[job.task_identifier]!(job.payload, {} as JobHelpers);
  await checkSql`select from graphile_worker.complete_jobs(${[job.id]}::bigint[])`;
}

/**
 * The sandbox payout rail moves a withdrawal or payout on:
 *   - pick_up: its queued `pick_up_payout` job runs (PENDING → PROCESSING and sent, which queues the
 *     sandbox's outcome: failed for a destination ending in 9999, else completed); once that job has
 *     run, a redelivery calls pickUpPayout again: it only moves a PENDING one;
 *   - outcome: its queued `sandbox_payout_outcome` job runs; with none queued, a repeated report changes nothing;
 *   - through: both;
 *   - complete / fail: the rail reports it directly (completePayout / failPayout): only a PROCESSING one moves.
 */
class Rail extends Step {
  readonly name = 'rail';
  constructor(
    readonly pick: number,
    readonly action: 'pick_up' | 'outcome' | 'through' | 'complete' | 'fail',
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    if (model.payouts.length === 0) {
      expect(await pickUpPayout(real.db, crypto.randomUUID())).toBe(false);
      return;
    }
    const payout = model.payouts[this.pick % model.payouts.length]!;
    if (this.action === 'pick_up' || this.action === 'through') await this.pickUp(model, real, payout);
    if (this.action === 'outcome' || this.action === 'through') await this.outcome(model, real, payout);
    if (this.action === 'complete' || this.action === 'fail') {
      const moved =
        this.action === 'complete'
          ? await completePayout(real.db, payout.id)
          : await failPayout(real.db, payout.id, 'The property test says so');
      expect(moved, `${this.action} a ${payout.status} payout`).toBe(payout.status === 'processing');
      if (moved) {
        count(this.action === 'complete' ? 'completed (reported)' : 'failed (reported)');
        finish(model, payout, this.action === 'complete' ? 'completed' : 'failed');
      }
    }
  }
  async pickUp(model: Model, real: Real, payout: ModelPayout) {
    const pending = payout.status === 'pending';
    const jobs = await queuedJobs(payout.id, 'pick_up_payout');
    expect(jobs.length, 'pick_up_payout jobs queued').toBe(payout.pickUpQueued ? 1 : 0);
    if (jobs[0]) {
      await runJob(jobs[0]);
      payout.pickUpQueued = false;
    } else {
      expect(await pickUpPayout(real.db, payout.id), `pick up a ${payout.status} payout again`).toBe(pending);
    }
    if (!pending) return;
    payout.status = 'processing';
    payout.events.push(`${payout.kind}.processing`);
    payout.outcomeQueued = true;
    count('picked up');
  }
  async outcome(model: Model, real: Real, payout: ModelPayout) {
    const predicted = payout.fails ? 'failed' : 'completed';
    const jobs = await queuedJobs(payout.id, 'sandbox_payout_outcome');
    expect(
      jobs.map((j) => j.payload.outcome),
      'the sandbox outcome queued when it was sent',
    ).toEqual(payout.outcomeQueued ? [predicted] : []);
    if (jobs[0]) {
      await runJob(jobs[0]);
      payout.outcomeQueued = false;
      if (payout.status !== 'processing') return; // reported directly already: the job changes nothing
      count(`${predicted} (sandbox)`);
      return finish(model, payout, predicted);
    }
    // Nothing queued: not sent yet, or its outcome is in; a (repeated) report changes nothing.
    const moved = payout.fails
      ? await failPayout(real.db, payout.id, 'repeated')
      : await completePayout(real.db, payout.id);
    expect(moved, `a repeated report on a ${payout.status} payout`).toBe(false);
  }
  toString() {
    return `Rail(#${this.pick}, ${this.action})`;
  }
}

const currency = fc.constantFrom(...CURRENCIES);
const pair = fc.tuple(currency, currency).filter(([a, b]) => a !== b);
const seed = fc.bigInt({ min: 0n, max: 1n << 40n });

const pay = fc
  .record({
    currency,
    amount: fc.bigInt({ min: 1n, max: 500_000n }), // 0.01 – 5,000.00
    mode: fc.constantFrom('exact', 'exact', 'over', 'short', 'duplicate'),
    delta: fc.bigInt({ min: 1n, max: 100_000n }),
  })
  .map((c): Step => new Pay(c.currency, c.amount, c.mode, c.delta));
const lateTransfer = fc
  .record({ pick: fc.nat(), amount: fc.bigInt({ min: 1n, max: 500_000n }) })
  .map((c): Step => new LateTransfer(c.pick, c.amount));
const settle = fc.boolean().map((farAhead): Step => new Settle(farAhead));
const timePasses = fc.constant(null).map((): Step => new TimePasses());
const refund = fc
  .record({
    pick: fc.nat(),
    how: fc.constantFrom('all', 'full', 'partial', 'partial', 'excess'),
    seed,
    byCheckout: fc.boolean(),
  })
  .map((c): Step => new Refund(c.pick, c.how, c.seed, c.byCheckout));
const convert = fc
  .record({
    pair,
    how: fc.constantFrom('within', 'within', 'excess', 'any'),
    seed,
    after: fc.constantFrom('none', 'none', 'none', 'replay', 'reuse', 'expired'),
  })
  .map((c): Step => new Convert(c.pair[0], c.pair[1], c.how, c.seed, c.after));
const walletStatus = fc
  .record({ currency, status: fc.constantFrom('active', 'frozen') })
  .map((c): Step => new SetWalletStatus(c.currency, c.status));
const operatorWallet = fc
  .record({ currency, action: fc.constantFrom('suspend', 'reinstate', 'hold', 'release') })
  .map((c): Step => new OperatorWallet(c.currency, c.action));

const moneyOut = fc
  .record({
    kind: fc.constantFrom('withdrawal', 'payout'),
    // Mostly the wallet with the most available: money can only go out of an available balance.
    from: fc.constantFrom<Cur | 'funded'>('funded', 'funded', 'funded', ...CURRENCIES),
    destination: fc.constantFrom('bank', 'bank', 'mobile', 'saved_bank', 'saved_mobile'),
    fails: fc.boolean(),
    how: fc.constantFrom('within', 'within', 'within', 'all', 'excess', 'any'),
    seed,
    accountActive: fc.constantFrom(true, true, true, false),
  })
  .map((c): Step => new MoneyOut(c.kind, c.from, c.destination, c.fails, c.how, c.seed, c.accountActive));
const cancel = fc
  .record({ pick: fc.nat(), wrongKind: fc.constantFrom(false, false, false, false, true) })
  .map((c): Step => new CancelPayout(c.pick, c.wrongKind));
const rail = fc
  .record({ pick: fc.nat(), action: fc.constantFrom('pick_up', 'outcome', 'through', 'through', 'complete', 'fail') })
  .map((c): Step => new Rail(c.pick, c.action));

/**
 * Before the commands, in three runs out of four: a paid checkout of 100.00–5,000.00, settled (money
 * available), and in half of those a first withdrawal or payout within it (for Cancel and Rail to move on).
 */
const funding = fc.option(
  fc
    .record({
      currency,
      amount: fc.bigInt({ min: 10_000n, max: 500_000n }),
      first: fc.option(
        fc.record({
          kind: fc.constantFrom('withdrawal', 'payout'),
          destination: fc.constantFrom('bank', 'bank', 'mobile', 'saved_bank', 'saved_mobile'),
          fails: fc.boolean(),
          seed,
        }),
        { freq: 2 },
      ),
    })
    .map((c): Step[] => [
      new Pay(c.currency, c.amount, 'exact', 1n),
      new Settle(true),
      ...(c.first
        ? [new MoneyOut(c.first.kind, 'funded', c.first.destination, c.first.fails, 'within', c.first.seed, true)]
        : []),
    ]),
  { freq: 4 },
);

/** fc.commands picks uniformly among these: money-moving commands are listed more than once. */
const commandArbs: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = [
  pay,
  pay,
  lateTransfer,
  settle,
  settle,
  timePasses,
  refund,
  refund,
  convert,
  convert,
  walletStatus,
  operatorWallet,
  moneyOut,
  moneyOut,
  moneyOut,
  cancel,
  cancel,
  rail,
  rail,
  rail,
];

// ---------------------------------------------------------------------------------------------------
// The checks run after every command

interface Books {
  wallets: { code: string; holding: string; available: string; status: string; hold: boolean; derived: string }[];
  deposits: {
    id: string;
    currency_code: string;
    amount: string;
    fee_amount: string;
    net_amount: string;
    refunded_amount: string;
    refunds: string;
    settlement_status: string;
    has_batch: boolean;
    is_duplicate: boolean;
  }[];
  checkouts: { id: string; status: string; completed_events: number; refunded_events: number }[];
  conversions: number;
  payouts: {
    id: string;
    kind: string;
    payout_status: string;
    status: string;
    currency_code: string;
    amount: string;
    fee_amount: string;
    total_amount: string;
    settlement_status: string;
    has_settled_at: boolean;
    destination_fails: boolean;
    sent_to_rail: boolean;
    has_failure_reason: boolean;
    /** What this transaction's own journal lines did to each account (credits − debits). */
    journal: { in_flight: string; fees: string; rail: string; available: string; holding: string };
    events: string[];
  }[];
  /** Per currency: the merchant's payouts_in_flight balance in the journal (credits − debits). */
  in_flight: Record<Cur, string>;
  money_out_events: number;
}

/** Everything the checks need about one merchant, in one round trip. Money as text: exact bigints. */
async function readBooks(merchantId: string): Promise<Books> {
  const [row] = await checkSql<{ books: Books }[]>`
    select json_build_object(
      'wallets', (select coalesce(json_agg(json_build_object(
           'code', trim(c.code),
           'holding', w.holding_balance::text,
           'available', w.available_balance::text,
           'status', w.status,
           'hold', w.settlement_hold,
           -- From the tables alone, independent of the model and of the journal:
           -- Σ deposit nets − Σ refunds − Σ conversion debits + Σ conversion credits − Σ money out.
           -- (t.merchant_id = w.merchant_id only lets the index on (merchant_id, transaction_type) serve these.)
           'derived', ( coalesce((select sum(net_amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id
                                     and t.transaction_type = 'deposit' and t.status = 'completed'), 0)
                      - coalesce((select sum(amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id
                                     and t.transaction_type = 'refund' and t.status = 'completed'), 0)
                      - coalesce((select sum(from_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.from_currency = trim(c.code)), 0)
                      + coalesce((select sum(to_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.to_currency = trim(c.code)), 0)
                      -- − Σ money out (amount + fee) not failed or cancelled.
                      - coalesce((select sum(amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id and t.transaction_type = 'payout'
                                     and t.payout_status not in ('failed', 'cancelled')), 0) )::text)), '[]')
         from wallets w join currencies c on c.id = w.currency_id where w.merchant_id = ${merchantId}),
      'deposits', (select coalesce(json_agg(json_build_object(
           'id', d.id, 'currency_code', d.currency_code,
           'amount', d.amount::text, 'fee_amount', d.fee_amount::text, 'net_amount', d.net_amount::text,
           'refunded_amount', d.refunded_amount::text,
           'refunds', coalesce((select sum(r.amount) from customer_transactions r
                                 where r.refunds_transaction_id = d.id and r.transaction_type = 'refund'), 0)::text,
           'settlement_status', d.settlement_status, 'has_batch', d.settlement_batch_id is not null,
           'is_duplicate', d.is_duplicate)), '[]')
         from customer_transactions d where d.merchant_id = ${merchantId} and d.transaction_type = 'deposit'),
      'checkouts', (select coalesce(json_agg(json_build_object(
           'id', k.id, 'status', k.status,
           'completed_events', (select count(*) from events e where e.resource_id = k.id and e.event_type = 'checkout.completed'),
           'refunded_events', (select count(*) from events e where e.resource_id = k.id and e.event_type = 'checkout.refunded'))), '[]')
         from checkouts k where k.merchant_id = ${merchantId}),
      'conversions', (select count(*) from conversions where merchant_id = ${merchantId}),
      'payouts', (select coalesce(json_agg(json_build_object(
           'id', t.id, 'kind', t.payout_kind, 'payout_status', t.payout_status, 'status', t.status,
           'currency_code', t.currency_code,
           'amount', t.net_amount::text, 'fee_amount', t.fee_amount::text, 'total_amount', t.amount::text,
           'settlement_status', t.settlement_status, 'has_settled_at', t.settled_at is not null,
           'destination_fails', coalesce(t.bank_account_number, t.mobile_number, '') like ${`%${SANDBOX_PAYOUT_FAILURE_SUFFIX}`},
           'sent_to_rail', t.provider_reference is not null,
           'has_failure_reason', t.failure_reason is not null,
           'journal', (select json_build_object(
                'in_flight', coalesce(sum(l.amount * s.sign) filter (where l.account = 'payouts_in_flight'), 0)::text,
                'fees', coalesce(sum(l.amount * s.sign) filter (where l.account = 'fees'), 0)::text,
                'rail', coalesce(sum(l.amount * s.sign) filter (where l.account = 'rail_clearing'), 0)::text,
                'available', coalesce(sum(l.amount * s.sign) filter (where l.account = 'merchant_available'), 0)::text,
                'holding', coalesce(sum(l.amount * s.sign) filter (where l.account = 'merchant_holding'), 0)::text)
              from ledger_lines l cross join lateral (select case when l.direction = 'credit' then 1 else -1 end as sign) s
             where l.entry_id = any(array(select e.id from ledger_entries e where e.customer_transaction_id = t.id))),
           'events', (select coalesce(json_agg(v.event_type order by v.sequence), '[]') from events v where v.resource_id = t.id))), '[]')
         from customer_transactions t where t.merchant_id = ${merchantId} and t.transaction_type = 'payout'),
      'in_flight', (select json_object_agg(c.code, (
           select coalesce(sum(case when l.direction = 'credit' then l.amount else -l.amount end), 0)
             from ledger_lines l
            where l.account = 'payouts_in_flight' and l.currency_code = c.code and l.merchant_id = ${merchantId})::text)
         from unnest(${[...CURRENCIES]}::text[]) as c(code)),
      'money_out_events', (select count(*) from events
                            where merchant_id = ${merchantId} and (event_type like 'withdrawal.%' or event_type like 'payout.%'))
    ) as books`;
  return row!.books;
}

async function checkBooks(model: Model, real: Real, step: string) {
  const where = `after ${step}`;
  const [reconciliation, books] = await Promise.all([
    reconcileLedger(real.db, real.merchantId),
    readBooks(real.merchantId),
  ]);

  expect(reconciliation, `${where}: reconciliation ${JSON.stringify(reconciliation)}`).toMatchObject({
    balanced: true,
    unbalanced_entries: [],
    wallet_differences: [],
    negative_balances: [],
  });

  const wallets = new Map(books.wallets.map((w) => [w.code, w]));
  for (const code of CURRENCY_CODES) {
    const row = wallets.get(code)!;
    const expected: ModelWallet = (CURRENCIES as readonly string[]).includes(code)
      ? model.wallets[code as Cur]
      : { holding: 0n, available: 0n, status: 'active', hold: false };
    expect(BigInt(row.holding) >= 0n && BigInt(row.available) >= 0n, `${where}: ${code} wallet negative`).toBe(true);
    expect(
      row,
      `${where}: ${code} wallet differs from the model, or from its deposits, refunds and conversions`,
    ).toEqual({
      code,
      holding: expected.holding.toString(),
      available: expected.available.toString(),
      status: expected.status,
      hold: expected.hold,
      derived: (expected.holding + expected.available).toString(),
    });
  }

  // Holding only ever holds money of unsettled deposits: nothing is stranded there once they settle.
  for (const code of CURRENCIES) {
    const unsettled = model.deposits.filter((d) => d.currency === code && !d.settled);
    const nets = unsettled.reduce((sum, d) => sum + d.amount - onePercent(d.amount), 0n);
    expect(
      BigInt(wallets.get(code)!.holding) <= nets,
      `${where}: ${code} holding exceeds the nets of its unsettled deposits`,
    ).toBe(true);
  }

  expect(books.deposits.map((d) => d.id).sort(), `${where}: deposits`).toEqual(model.deposits.map((d) => d.id).sort());
  const deposits = new Map(books.deposits.map((d) => [d.id, d]));
  for (const m of model.deposits) {
    const fee = onePercent(m.amount);
    expect(m.refunded <= m.amount, `${where}: refunds of ${m.id} exceed it`).toBe(true);
    expect(deposits.get(m.id), `${where}: deposit ${m.id}`).toEqual({
      id: m.id,
      currency_code: m.currency,
      amount: m.amount.toString(),
      fee_amount: fee.toString(),
      net_amount: (m.amount - fee).toString(),
      refunded_amount: m.refunded.toString(),
      refunds: m.refunded.toString(),
      settlement_status: m.settled ? 'settled' : 'unsettled',
      has_batch: m.settled,
      is_duplicate: m.duplicate,
    });
  }

  expect(books.checkouts.length, `${where}: checkouts`).toBe(model.checkouts.length);
  const checkouts = new Map(books.checkouts.map((k) => [k.id, k]));
  for (const m of model.checkouts) {
    expect(checkouts.get(m.id), `${where}: checkout ${m.id}`).toEqual({
      id: m.id,
      status: m.status,
      completed_events: m.status === 'completed' ? 1 : 0,
      refunded_events: m.refunds,
    });
  }
  expect(books.conversions, `${where}: conversions`).toBe(model.conversions);

  // Money out: every withdrawal and payout as the model has it, with its own journal lines.
  expect(books.payouts.map((p) => p.id).sort(), `${where}: withdrawals and payouts`).toEqual(
    model.payouts.map((p) => p.id).sort(),
  );
  const payouts = new Map(books.payouts.map((p) => [p.id, p]));
  for (const m of model.payouts) {
    const inFlight = m.status === 'pending' || m.status === 'processing';
    const returned = m.status === 'failed' || m.status === 'cancelled';
    expect(payouts.get(m.id), `${where}: ${m.kind} ${m.id}`).toEqual({
      id: m.id,
      kind: m.kind,
      payout_status: m.status,
      status: inFlight ? 'pending' : m.status,
      currency_code: m.currency,
      amount: m.amount.toString(),
      fee_amount: m.fee.toString(),
      total_amount: (m.amount + m.fee).toString(),
      // Money out is settled once the rail paid it, and only then.
      settlement_status: m.status === 'completed' ? 'settled' : 'unsettled',
      has_settled_at: m.status === 'completed',
      destination_fails: m.fails,
      sent_to_rail: m.status === 'processing' || m.status === 'completed' || m.status === 'failed',
      has_failure_reason: m.status === 'failed',
      // Initiation: available → in flight + fees; completed: in flight → the rail; failed or cancelled: all of it back.
      journal: {
        in_flight: (inFlight ? m.amount : 0n).toString(),
        fees: (returned ? 0n : m.fee).toString(),
        rail: (m.status === 'completed' ? m.amount : 0n).toString(),
        available: (returned ? 0n : -(m.amount + m.fee)).toString(),
        holding: '0',
      },
      events: m.events,
    });
  }
  for (const code of CURRENCIES) {
    // The journal's payouts in flight = Σ amounts of the PENDING and PROCESSING money out, by the
    // table and by the model.
    const byTable = books.payouts
      .filter((p) => p.currency_code === code && (p.payout_status === 'pending' || p.payout_status === 'processing'))
      .reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const byModel = model.payouts
      .filter((p) => p.currency === code && (p.status === 'pending' || p.status === 'processing'))
      .reduce((sum, p) => sum + p.amount, 0n);
    expect(
      { journal: books.in_flight[code], table: byTable.toString() },
      `${where}: ${code} payouts in flight in the journal vs Σ PENDING + PROCESSING`,
    ).toEqual({ journal: byModel.toString(), table: byModel.toString() });
  }
  expect(books.money_out_events, `${where}: withdrawal and payout events`).toBe(
    model.payouts.reduce((n, p) => n + p.events.length, 0),
  );
}

// ---------------------------------------------------------------------------------------------------

/**
 * A verified merchant with a wallet per currency, in one statement (what createMerchant does, less its
 * API key, which these verbs never look at): onboarding through the API costs more than a command.
 */
async function freshMerchant(db: Db): Promise<Real> {
  const [row] = await checkSql<{ id: string }[]>`
    with m as (insert into merchants (name, email, kyb_status) values ('Property Shop', 'ops@property.test', 'verified') returning id),
         w as (insert into wallets (merchant_id, currency_id) select m.id, c.id from m cross join currencies c)
    select id from m`;
  const merchant = { id: row!.id, name: 'Property Shop', kybStatus: 'verified' as const };
  return { db, merchantId: merchant.id, ctx: { db, merchant } };
}

function emptyModel(): Model {
  const wallet = (): ModelWallet => ({ holding: 0n, available: 0n, status: 'active', hold: false });
  return {
    wallets: { GHS: wallet(), USD: wallet(), KES: wallet(), XOF: wallet() },
    deposits: [],
    checkouts: [],
    conversions: 0,
    payouts: [],
    accounts: {},
  };
}

afterAll(async () => {
  await checkSql?.end({ timeout: 5 });
});

/** A run that passed, with money out: its merchant and the model as the run left it. */
interface Finished {
  merchantId: string;
  model: Model;
}

/**
 * After every run: the worker catches up. Every job still queued runs (runJobsNow: the pick-ups,
 * then the outcomes they queue; jobs whose payout was cancelled, or moved on by a direct report, run
 * too and change nothing). Then nothing is left in flight anywhere: each withdrawal and payout left
 * PENDING or PROCESSING by its run is COMPLETED, or FAILED (destination …9999) with its amount and fee
 * back in the wallet; the others are as their run left them.
 */
async function drainPayoutRail(finished: Finished[]) {
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['sandbox_payout_outcome']);
  const [payoutRows, walletRows, inFlight, queued] = await Promise.all([
    checkSql<{ id: string; payout_status: string }[]>`
      select id, payout_status from customer_transactions where transaction_type = 'payout'`,
    checkSql<{ merchant_id: string; code: string; available: string }[]>`
      select w.merchant_id, trim(c.code) as code, w.available_balance::text as available
        from wallets w join currencies c on c.id = w.currency_id where trim(c.code) = any(${[...CURRENCIES]}::text[])`,
    checkSql<{ merchant_id: string; currency_code: string; balance: string }[]>`
      select merchant_id, currency_code, sum(case when direction = 'credit' then amount else -amount end)::text as balance
        from ledger_lines where account = 'payouts_in_flight'
       group by merchant_id, currency_code having sum(case when direction = 'credit' then amount else -amount end) <> 0`,
    // Jobs not run (a job a run-once worker ran last can stay locked: graphile-worker does not await
    // its completion before the pool closes; its payout's status is checked below like any other).
    checkSql<
      { task: string; payload: unknown; attempts: number; last_error: string | null; payout_status: string | null }[]
    >`
      select t.identifier as task, j.payload, j.attempts, j.last_error,
             (select payout_status from customer_transactions where id = (j.payload->>'transaction_id')::uuid) as payout_status
        from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier in ('pick_up_payout', 'sandbox_payout_outcome') and j.locked_at is null
       limit 5`,
  ]);
  const statuses = new Map(payoutRows.map((r) => [r.id, r.payout_status]));
  const available = new Map(walletRows.map((r) => [`${r.merchant_id}:${r.code}`, r.available]));
  const differences: string[] = [];
  for (const { merchantId, model } of finished) {
    const expected = Object.fromEntries(CURRENCIES.map((c) => [c, model.wallets[c].available])) as Record<Cur, bigint>;
    for (const p of model.payouts) {
      const final = p.status === 'pending' || p.status === 'processing' ? (p.fails ? 'failed' : 'completed') : p.status;
      if (final === 'failed' && p.status !== 'failed') expected[p.currency] += p.amount + p.fee;
      const got = statuses.get(p.id);
      if (got !== final)
        differences.push(`${p.kind} ${p.id} (${p.status}${p.fails ? ', …9999' : ''}): ${got}, expected ${final}`);
    }
    for (const code of CURRENCIES) {
      const got = available.get(`${merchantId}:${code}`);
      if (got !== expected[code].toString())
        differences.push(`merchant ${merchantId} ${code} available ${got}, expected ${expected[code]}`);
    }
  }
  expect(differences.slice(0, 20), `after the rail drained: ${differences.length} difference(s)`).toEqual([]);
  expect(inFlight, 'payouts still in flight after the rail drained').toEqual([]);
  expect(queued, 'payout jobs not run after the rail drained').toEqual([]);
}

describe('the books always add up (property)', () => {
  it(
    `${RUNS} random sequences of 1–12 deposits, settlements, refunds, conversions, wallet freezes, withdrawals, payouts, cancels and rail outcomes`,
    async () => {
      checkSql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
      const db = getDb();
      const started = Date.now();
      // Independent lanes (each its own seed and merchants) keep both cores busy while one waits on
      // PostgreSQL. Once a lane fails, the others pass their remaining runs at once while it shrinks.
      let failingLane: number | undefined;
      const finished: Finished[] = [];
      const property = (lane: number) =>
        fc.asyncProperty(
          funding,
          fc.commands(commandArbs, { maxCommands: 12, ...(REPLAY ? { replayPath: REPLAY } : {}) }),
          async (funds, cmds) => {
            // 1–12 commands. (Not `.filter` on the arbitrary: that stops fc.commands from shrinking.)
            fc.pre([...cmds].length > 0);
            if (failingLane !== undefined && failingLane !== lane) return;
            stats.runs++;
            const real = await freshMerchant(db);
            const model = emptyModel();
            try {
              // Most runs start with money available (a paid checkout, settled), or money out is
              // hardly ever more than a refusal: checked like any command.
              if (funds) {
                for (const step of funds) await step.run(model, real, false);
                await checkBooks(model, real, funds.join(', '));
              }
              await fc.asyncModelRun(() => ({ model, real }), cmds);
              if (model.payouts.length > 0) finished.push({ merchantId: real.merchantId, model });
            } catch (error) {
              failingLane ??= lane;
              throw error;
            }
          },
        );
      const lanes = SEED === undefined ? LANES : 1;
      const results = await Promise.allSettled(
        Array.from({ length: lanes }, (_, lane) =>
          fc.assert(property(lane), {
            numRuns: Math.floor(RUNS / lanes) + (lane < RUNS % lanes ? 1 : 0),
            ...(SEED === undefined ? {} : { seed: SEED }),
            ...(PATH ? { path: PATH } : {}),
          }),
        ),
      );
      const failed = results[failingLane ?? -1] ?? results.find((r) => r.status === 'rejected');
      if (failed?.status === 'rejected') throw failed.reason;
      const ran = Date.now();
      await drainPayoutRail(finished);
      // Whole-database reconciliation at the end: every merchant of every run.
      const all = await reconcileLedger(db);
      expect(all.balanced, JSON.stringify(all)).toBe(true);
      console.info(
        `ledger property: ${stats.runs} runs, ${stats.commands} commands (${JSON.stringify(stats.byCommand)}), ` +
          `${stats.refusals} expected refusals, ${((ran - started) / 1000).toFixed(1)} s; money out ${JSON.stringify(stats.moneyOut)}; ` +
          `rail drained for ${finished.length} merchants in ${((Date.now() - ran) / 1000).toFixed(1)} s`,
      );
    },
    Math.max(120_000, RUNS * 200),
  );
});
