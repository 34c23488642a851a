import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createCheckout } from '../../../../lib/checkout/create-checkout';
import { createCheckoutInput } from '../../../../lib/checkout/input';
import { validate } from '../../../../lib/platform/http/parse';
import { recordIncomingBankTransfer } from '../../../../lib/collections/rail-outcomes';
import { attempt, expectRefusal, type Real } from '../driver/real';
import { receiveTransfer, transferOutcome, type Cur, type Model, type ModelCheckout } from '../model';
import { major, pick, Step } from './step';

/** Money in: checkouts paid by bank transfer, once, short, over or twice. */

/** Deposits of a checkout the model does not know yet (oldest first). */
async function newDepositsOf(model: Model, real: Real, checkoutId: string) {
  const known = new Set(model.deposits.map((d) => d.id));
  const rows = await real.sql<{ id: string; amount: string; is_duplicate: boolean }[]>`
    select id, amount::text, is_duplicate from customer_transactions
     where merchant_id = ${real.merchantId} and transaction_type = 'deposit' and checkout_session_id = ${checkoutId}
     order by created_at, id`;
  return rows.filter((r) => !known.has(r.id));
}

/** A bank transfer arrives for a payment reference, as the sandbox bank rail reports it. */
async function transfer(real: Real, reference: string, amount: bigint) {
  return recordIncomingBankTransfer(real.db, {
    paymentReference: reference,
    amount,
    rail: 'sandbox_bank',
    railReference: `PROP-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
  });
}

/** A transfer for a checkout the model knows: the model predicts what it is recorded as, and the deposit. */
async function transferFor(model: Model, real: Real, checkout: ModelCheckout, amount: bigint) {
  const expected = transferOutcome(checkout, amount);
  const result = await transfer(real, checkout.reference, amount);
  expect(result.kind).toBe(expected.kind);
  const fresh = await newDepositsOf(model, real, checkout.id);
  if (!expected.deposit) {
    // Short: it waits for more, no deposit yet.
    expect(fresh).toEqual([]);
    return receiveTransfer(model, checkout, amount);
  }
  const [deposit, ...more] = fresh;
  // Paid: the deposit is everything collected for it (earlier short transfers too); or a duplicate.
  expect(more).toEqual([]);
  expect(deposit).toMatchObject({
    amount: expected.deposit.amount.toString(),
    is_duplicate: expected.deposit.duplicate,
  });
  receiveTransfer(model, checkout, amount, deposit?.id);
}

/** A new checkout, paid by bank transfer: exact, over (by `delta`), short (by `delta`), or twice. */
export class Pay extends Step {
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
export class LateTransfer extends Step {
  readonly name = 'late_transfer';
  constructor(
    readonly pick: number,
    readonly amount: bigint,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const checkout = pick(model.checkouts, this.pick);
    if (!checkout) {
      // No checkout yet: an unknown reference.
      const outcome = await attempt(() => transfer(real, 'PAY-0000000000000000', this.amount));
      expectRefusal(outcome, 404, 'not_found');
      return;
    }
    await transferFor(model, real, checkout, this.amount);
  }
  toString() {
    return `LateTransfer(#${this.pick}, ${this.amount})`;
  }
}
