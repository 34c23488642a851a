import crypto from 'node:crypto';
import { expect } from 'vitest';
import { convertWithQuote, createQuote } from '../../../../lib/books/conversion/convert';
import { quoteInput } from '../../../../lib/books/conversion/input';
import { validate } from '../../../../lib/platform/http/parse';
import { refundDeposit } from '../../../../lib/books/refunds';
import { runSettlement } from '../../../../lib/books/settlement/run-settlement';
import { operatorUpdateWallet, updateWalletStatus } from '../../../../lib/books/wallets/manage-wallet';
import { attempt, expectRefusal, expectRefused, expectSuccess, type Real } from '../driver/real';
import {
  completeSettledCheckouts,
  conversionRefusal,
  convert,
  CURRENCIES,
  merchantStatusRefusal,
  netTotal,
  operatorAction,
  quoteFor,
  refund,
  refundRefusal,
  settle,
  settledAmount,
  settling,
  stillHeld,
  timePasses,
  walletSettles,
  type Cur,
  type Model,
  type OperatorAction,
} from '../model';
import { major, minor, pick, Step } from './step';

/** The books: time passing, settlement, refunds, conversions, and the status and hold of wallets. */

/** A day and more goes by for every deposit so far: their completion moves two days back. */
export class TimePasses extends Step {
  readonly name = 'time_passes';
  async apply(model: Model, real: Real) {
    await real.sql<[]>`
      update customer_transactions set completed_at = completed_at - interval '2 days'
       where merchant_id = ${real.merchantId} and transaction_type = 'deposit'`;
    timePasses(model);
  }
  toString() {
    return 'TimePasses()';
  }
}

/**
 * A settlement run as of now (the default one-day delay: only deposits aged by TimePasses are due) or
 * as of 40 days ahead (everything is due).
 */
export class Settle extends Step {
  readonly name = 'settle';
  constructor(readonly farAhead: boolean) {
    super();
  }
  async apply(model: Model, real: Real) {
    const asOf = this.farAhead ? new Date(Date.now() + 40 * 86_400_000) : new Date();
    const result = await runSettlement(real.db, { asOf, merchantId: real.merchantId });
    const batches = new Map(result.batches.map((b) => [b.currency_code, b]));
    expect([...batches.keys()].sort(), 'one batch per wallet with deposits due and no settlement hold').toEqual(
      CURRENCIES.filter((currency) => walletSettles(model, currency, this.farAhead)).sort(),
    );
    for (const currency of CURRENCIES) {
      const batch = batches.get(currency);
      if (!batch) continue;
      const deposits = settling(model, currency, this.farAhead);
      const net = netTotal(deposits);
      expect(batch).toMatchObject({ transaction_count: deposits.length, net_amount: major(net, currency) });
      const moved = minor(batch.settled_amount, currency);
      // A batch releases at most what its own deposits still have in holding: never the money of
      // deposits that are not due yet.
      const held = stillHeld(deposits);
      expect(
        moved <= held,
        `${currency} batch moved ${moved} from holding to available, but its ${deposits.length} deposit(s) ` +
          `(net ${net}) only have ${held} left in holding after refunds: ${moved - held} belongs to deposits not due yet`,
      ).toBe(true);
      // Everything unsettled settles: refunds may have taken part of it out of holding; what is there moves.
      const exactly = settledAmount(model, currency, deposits);
      if (exactly !== undefined) expect(moved, `${currency} batch settled_amount`).toBe(exactly);
      settle(model, currency, deposits, moved);
    }
    expect(result.checkouts_completed).toBe(completeSettledCheckouts(model));
  }
  toString() {
    return `Settle(${this.farAhead ? 'as of 40 days ahead' : 'as of now'})`;
  }
}

/**
 * Refund a deposit: `all` (no amount: what is left), `full` (the amount left, given), `partial`, or
 * `excess` (more than is left); by transaction id or, for a non-duplicate deposit, by checkout id.
 */
export class Refund extends Step {
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
    const deposit = pick(model.deposits, this.pick);
    if (!deposit) {
      // No deposit yet: an unknown transaction.
      const outcome = await attempt(() =>
        refundDeposit(real.ctx, { transaction_id: crypto.randomUUID(), reason: 'nothing' }, null),
      );
      expectRefusal(outcome, 404, 'not_found');
      return;
    }
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

    const refusal = refundRefusal(model, deposit, amount);
    if (refusal) return expectRefused(outcome, refusal);
    expect(expectSuccess(outcome)).toMatchObject({
      transaction_type: 'refund',
      status: 'completed',
      amount: major(amount, deposit.currency),
      refunds_transaction_id: deposit.id,
    });
    refund(model, deposit, amount);
  }
  toString() {
    return `Refund(#${this.pick}, ${this.how}${this.how === 'partial' || this.how === 'excess' ? ` ${this.seed}` : ''}${this.byCheckout ? ', by checkout' : ''})`;
  }
}

/**
 * Quote and convert: `within` the available balance, `excess` beyond it, or `any` amount. Then maybe
 * `replay` (same key: the same conversion, nothing moves) or `reuse` the quote (new key: 409), or let
 * the quote expire before it is used (409).
 */
export class Convert extends Step {
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
    const available = model.wallets[this.from].available;
    const amount =
      this.how === 'within'
        ? 1n + (available > 0n ? this.seed % available : this.seed % 1_000n)
        : this.how === 'excess'
          ? available + 1n + (this.seed % 10_000n)
          : 1n + (this.seed % 500_000n);
    const { fee, toAmount } = quoteFor(this.from, this.to, amount);
    const quoted = await attempt(() =>
      createQuote(
        real.ctx,
        validate(quoteInput, { from_currency: this.from, to_currency: this.to, amount: major(amount, this.from) }),
      ),
    );
    // Too little to buy a minor unit of `to`: no quote.
    if (toAmount <= 0n) return expectRefusal(quoted, 422, 'validation_error');
    const quote = expectSuccess(quoted);
    expect(quote).toMatchObject({
      from_amount: major(amount, this.from),
      fee_amount: major(fee, this.from),
      to_amount: major(toAmount, this.to),
    });

    const key = `prop-${crypto.randomUUID()}`;
    const use = (idempotencyKey: string) =>
      attempt(() => convertWithQuote(real.ctx, { quote_id: quote.quote_id, idempotency_key: idempotencyKey }));
    if (this.after === 'expired') {
      // The quote outlived its lifetime before it was used: refused, nothing moves.
      await real.sql<
        []
      >`update conversion_quotes set expires_at = now() - interval '1 second' where id = ${quote.quote_id}`;
      expectRefusal(await use(key), 409, 'quote_expired');
      return;
    }
    const outcome = await use(key);
    const refusal = conversionRefusal(model, this.from, amount);
    if (refusal) return expectRefused(outcome, refusal);
    const done = expectSuccess(outcome);
    expect(done.replayed).toBe(false);
    convert(model, this.from, this.to, amount, toAmount);

    if (this.after === 'replay') {
      expect(expectSuccess(await use(key))).toEqual({ conversion: done.conversion, replayed: true });
    } else if (this.after === 'reuse') {
      expectRefusal(await use(`${key}-2`), 409, 'quote_used');
    }
  }
  toString() {
    return `Convert(${this.from}→${this.to}, ${this.how} ${this.seed}, ${this.after})`;
  }
}

/** The merchant freezes or reactivates a wallet (a suspended one stays suspended: 409). */
export class SetWalletStatus extends Step {
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
      updateWalletStatus(real.db, real.tenant, this.currency, { status: this.status }),
    );
    const refusal = merchantStatusRefusal(wallet);
    if (refusal) return expectRefused(outcome, refusal);
    expect(expectSuccess(outcome).status).toBe(this.status);
    wallet.status = this.status;
  }
  toString() {
    return `Merchant${this.status === 'frozen' ? 'Freezes' : 'Activates'}(${this.currency})`;
  }
}

/** The operator suspends or reinstates a wallet, or places or lifts a settlement hold. */
export class OperatorWallet extends Step {
  readonly name = 'operator_wallet';
  constructor(
    readonly currency: Cur,
    readonly action: OperatorAction,
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
    const saved = await operatorUpdateWallet(real.db, real.tenant, this.currency, input);
    operatorAction(wallet, this.action);
    expect(saved).toMatchObject({ status: wallet.status, settlement_hold: wallet.hold });
  }
  toString() {
    return `Operator(${this.action} ${this.currency})`;
  }
}
