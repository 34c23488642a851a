import crypto from 'node:crypto';
import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb, type Db } from '../../lib/db/client';
import { ApiError } from '../../lib/http/errors';
import { reconcileLedger } from '../../lib/ledger/reconcile';
import { createCheckout } from '../../lib/checkouts/create-checkout';
import { recordIncomingBankTransfer } from '../../lib/checkout-session/payment-results';
import { runSettlement } from '../../lib/settlement/run-settlement';
import { refundDeposit } from '../../lib/transactions/refunds';
import { convertWithQuote, createQuote } from '../../lib/conversion/convert';
import { operatorUpdateWallet, updateWalletStatus } from '../../lib/wallets/manage-wallet';
import { toMajorUnits, toMinorUnits } from '../../lib/money/amount';
import { CURRENCY_CODES } from '../../lib/money/currencies';

/**
 * The books always add up (issue 4, "Tests"): a model-based property test (fast-check commands). Each
 * run onboards a fresh verified merchant and plays a random sequence of 1–12 commands against the real
 * domain verbs and the real PostgreSQL:
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
 *     lifts a settlement hold.
 *
 * A model predicts every outcome (which refusal, or what moves where, to the minor unit); a refusal is
 * an ApiError compared with the model, any other error fails the run. After every command:
 *   - reconcileLedger(merchant) is balanced (entries balance, wallets equal the journal, none negative);
 *   - every wallet's holding and available balances, status and hold equal the model's, none negative;
 *   - per currency, from the tables alone: balance = Σ deposit nets − Σ refunds − Σ conversion debits
 *     + Σ conversion credits;
 *   - holding never exceeds the nets of the unsettled deposits (nothing stranded there);
 *   - every deposit: amount, fee (1.00 % half up), net, refunded_amount = Σ its refunds ≤ amount,
 *     settled exactly when the model says, with a batch id exactly when settled;
 *   - every checkout's status, one `checkout.completed` per completed checkout, one `checkout.refunded`
 *     per refund; the number of conversions;
 *   - and each settlement batch releases at most what its own deposits still have in holding (never
 *     money of deposits that are not due yet).
 *
 * Budget: LEDGER_PROPERTY_RUNS runs (default 1,000) of 1–12 commands (≈ 5.5 on average): about 5,500
 * commands, each followed by the checks above, in about 40 s on two shared cores (4 lanes in parallel;
 * LEDGER_PROPERTY_LANES). On failure fast-check prints the seed, the path and the shrunk command list;
 * replay it with LEDGER_PROPERTY_SEED, LEDGER_PROPERTY_PATH and LEDGER_PROPERTY_REPLAY (the
 * `replayPath` printed after the commands) set to the printed values.
 */

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1_000);
const SEED = process.env.LEDGER_PROPERTY_SEED === undefined ? undefined : Number(process.env.LEDGER_PROPERTY_SEED);
const PATH = process.env.LEDGER_PROPERTY_PATH;
const REPLAY = process.env.LEDGER_PROPERTY_REPLAY;
const LANES = Number(process.env.LEDGER_PROPERTY_LANES ?? 4);

const CURRENCIES = ['GHS', 'USD', 'KES'] as const;
type Cur = (typeof CURRENCIES)[number];

/** The sandbox defaults (lib/conversion/rates.ts, README): units per USD. Written out here on purpose. */
const PER_USD: Record<Cur, [bigint, bigint]> = { GHS: [1550n, 100n], USD: [1n, 1n], KES: [12900n, 100n] };

/** 1.00 %, half up, never more than the amount: the sandbox fee for bank-transfer deposits and conversions. */
const onePercent = (amount: bigint) => {
  const fee = (amount + 50n) / 100n;
  return fee > amount ? amount : fee;
};

/** Minor units of `to` that `net` minor units of `from` buy, rounded down. */
function converted(from: Cur, to: Cur, net: bigint) {
  const [fromNum, fromDen] = PER_USD[from];
  const [toNum, toDen] = PER_USD[to];
  return (net * toNum * fromDen) / (toDen * fromNum);
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

interface Model {
  wallets: Record<Cur, ModelWallet>;
  deposits: ModelDeposit[];
  checkouts: ModelCheckout[];
  conversions: number;
}

interface Real {
  db: Db;
  merchantId: string;
  ctx: { db: Db; merchant: { id: string; name: string; kybStatus: 'verified' } };
}

const stats = { runs: 0, commands: 0, refusals: 0, byCommand: {} as Record<string, number> };

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
  const got = outcome.ok ? `success ${JSON.stringify(outcome.value)}` : `${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`;
  expect(got, `expected ${status} ${code}`).toMatch(new RegExp(`^${status} ${code}:`));
}

function expectSuccess<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`);
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
    credit(model, { id: dup!.id, checkoutId: checkout.id, currency: checkout.currency, amount, refunded: 0n, refundedFromHolding: 0n, due: false, settled: false, duplicate: true });
    return;
  }
  if (amount < checkout.amount) {
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
  credit(model, { id: deposit!.id, checkoutId: checkout.id, currency: checkout.currency, amount: total, refunded: 0n, refundedFromHolding: 0n, due: false, settled: false, duplicate: false });
}

// ---------------------------------------------------------------------------------------------------
// Commands

abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract readonly name: string;
  check() {
    return true;
  }
  async run(model: Model, real: Real) {
    await this.apply(model, real);
    stats.commands++;
    stats.byCommand[this.name] = (stats.byCommand[this.name] ?? 0) + 1;
    await checkBooks(model, real, this.toString());
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
    const created = await createCheckout(real.ctx, {
      customer_email: 'buyer@example.com',
      amount: major(this.amount, this.currency),
      currency_code: this.currency,
    });
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
      !model.wallets[currency].hold && model.deposits.some((d) => d.currency === currency && !d.settled && (d.due || this.farAhead));
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
      if (checkout.status === 'paid' && model.deposits.some((d) => d.checkoutId === checkout.id && !d.duplicate && d.settled)) {
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
      const outcome = await attempt(() => refundDeposit(real.ctx, { transaction_id: crypto.randomUUID(), reason: 'nothing' }, null));
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
    const target = this.byCheckout && !deposit.duplicate ? { checkout_id: deposit.checkoutId } : { transaction_id: deposit.id };
    const outcome = await attempt(() =>
      refundDeposit(
        real.ctx,
        { ...target, ...(this.how === 'all' ? {} : { amount: major(amount > 0n ? amount : 1n, deposit.currency) }), reason: 'property test' },
        null,
      ),
    );

    if (wallet.status !== 'active') return expectRefusal(outcome, 409, `wallet_${wallet.status}`);
    if (left === 0n) return expectRefusal(outcome, 409, 'already_refunded');
    if (amount > left) return expectRefusal(outcome, 409, 'refund_exceeds_deposit');
    if (amount > wallet.available + wallet.holding) return expectRefusal(outcome, 409, 'insufficient_funds');
    const refund = expectSuccess(outcome);
    expect(refund).toMatchObject({ transaction_type: 'refund', status: 'completed', amount: major(amount, deposit.currency), refunds_transaction_id: deposit.id });
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
      createQuote(real.ctx, { from_currency: this.from, to_currency: this.to, amount: major(amount, this.from) }),
    );
    if (toAmount <= 0n) return expectRefusal(quoted, 422, 'validation_error');
    const quote = expectSuccess(quoted);
    expect(quote).toMatchObject({ from_amount: major(amount, this.from), fee_amount: major(fee, this.from), to_amount: major(toAmount, this.to) });

    const key = `prop-${crypto.randomUUID()}`;
    if (this.after === 'expired') {
      // The quote outlived its lifetime before it was used: refused, nothing moves.
      await checkSql`update conversion_quotes set expires_at = now() - interval '1 second' where id = ${quote.quote_id}`;
      expectRefusal(await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: key })), 409, 'quote_expired');
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
      const again = expectSuccess(await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: key })));
      expect(again).toEqual({ conversion: done.conversion, replayed: true });
    } else if (this.after === 'reuse') {
      expectRefusal(await attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: `${key}-2` })), 409, 'quote_used');
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
    const outcome = await attempt(() => updateWalletStatus(real.db, real.merchantId, this.currency, { status: this.status }));
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
            ? { settlement_hold: true, settlement_hold_reason: 'property test review', settlement_hold_visibility: 'merchant' as const }
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
  .record({ pick: fc.nat(), how: fc.constantFrom('all', 'full', 'partial', 'partial', 'excess'), seed, byCheckout: fc.boolean() })
  .map((c): Step => new Refund(c.pick, c.how, c.seed, c.byCheckout));
const convert = fc
  .record({ pair, how: fc.constantFrom('within', 'within', 'excess', 'any'), seed, after: fc.constantFrom('none', 'none', 'none', 'replay', 'reuse', 'expired') })
  .map((c): Step => new Convert(c.pair[0], c.pair[1], c.how, c.seed, c.after));
const walletStatus = fc
  .record({ currency, status: fc.constantFrom('active', 'frozen') })
  .map((c): Step => new SetWalletStatus(c.currency, c.status));
const operatorWallet = fc
  .record({ currency, action: fc.constantFrom('suspend', 'reinstate', 'hold', 'release') })
  .map((c): Step => new OperatorWallet(c.currency, c.action));

/** fc.commands picks uniformly among these: money-moving commands are listed twice. */
const commandArbs: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = [pay, pay, lateTransfer, settle, timePasses, refund, refund, convert, convert, walletStatus, operatorWallet];

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
           -- Σ deposit nets − Σ refunds − Σ conversion debits + Σ conversion credits.
           'derived', ( coalesce((select sum(net_amount) from customer_transactions t
                                   where t.wallet_id = w.id and t.transaction_type = 'deposit' and t.status = 'completed'), 0)
                      - coalesce((select sum(amount) from customer_transactions t
                                   where t.wallet_id = w.id and t.transaction_type = 'refund' and t.status = 'completed'), 0)
                      - coalesce((select sum(from_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.from_currency = trim(c.code)), 0)
                      + coalesce((select sum(to_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.to_currency = trim(c.code)), 0) )::text)), '[]')
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
      'conversions', (select count(*) from conversions where merchant_id = ${merchantId})
    ) as books`;
  return row!.books;
}

async function checkBooks(model: Model, real: Real, step: string) {
  const where = `after ${step}`;
  const [reconciliation, books] = await Promise.all([reconcileLedger(real.db, real.merchantId), readBooks(real.merchantId)]);

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
    expect(row, `${where}: ${code} wallet differs from the model, or from its deposits, refunds and conversions`).toEqual({
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
    expect(BigInt(wallets.get(code)!.holding) <= nets, `${where}: ${code} holding exceeds the nets of its unsettled deposits`).toBe(true);
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
  return { wallets: { GHS: wallet(), USD: wallet(), KES: wallet() }, deposits: [], checkouts: [], conversions: 0 };
}

afterAll(async () => {
  await checkSql?.end({ timeout: 5 });
});

describe('the books always add up (property)', () => {
  it(
    `${RUNS} random sequences of 1–12 deposits, settlements, refunds, conversions and wallet freezes`,
    async () => {
      checkSql = postgres(process.env.DATABASE_URL!, { max: 4, onnotice: () => {} });
      const db = getDb();
      const started = Date.now();
      // Independent lanes (each its own seed and merchants) keep both cores busy while one waits on
      // PostgreSQL. Once a lane fails, the others pass their remaining runs at once while it shrinks.
      let failingLane: number | undefined;
      const property = (lane: number) =>
        fc.asyncProperty(
          fc.commands(commandArbs, { maxCommands: 12, ...(REPLAY ? { replayPath: REPLAY } : {}) }),
          async (cmds) => {
            // 1–12 commands. (Not `.filter` on the arbitrary: that stops fc.commands from shrinking.)
            fc.pre([...cmds].length > 0);
            if (failingLane !== undefined && failingLane !== lane) return;
            stats.runs++;
            const real = await freshMerchant(db);
            try {
              await fc.asyncModelRun(() => ({ model: emptyModel(), real }), cmds);
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
      // Whole-database reconciliation at the end: every merchant of every run.
      const all = await reconcileLedger(db);
      expect(all.balanced, JSON.stringify(all)).toBe(true);
      console.info(
        `ledger property: ${stats.runs} runs, ${stats.commands} commands (${JSON.stringify(stats.byCommand)}), ` +
          `${stats.refusals} expected refusals, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
    Math.max(120_000, RUNS * 200),
  );
});
