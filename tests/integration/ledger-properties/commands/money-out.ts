import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { NetworkProvider, PayoutKind, PayoutStatus } from '../../../../lib/platform/vocabulary';
import { initiatePayout } from '../../../../lib/money-out/initiate';
import { payoutInput, withdrawalInput, type PayoutInput, type WithdrawalInput } from '../../../../lib/money-out/input';
import { addPaymentAccount, updatePaymentAccount } from '../../../../lib/money-out/payment-accounts/manage';
import { addPaymentAccountInput } from '../../../../lib/money-out/payment-accounts/input';
import { SANDBOX_PAYOUT_FAILURE_SUFFIX } from '../../../../lib/rails/providers/sandbox';
import { attempt, count, expectRefusal, expectSuccess, type Real } from '../driver/real';
import {
  CURRENCIES,
  initiate,
  moneyOutFee,
  moneyOutRefusal,
  mostAffordable,
  type Cur,
  type Model,
  type ModelAccount,
  type PayoutType,
} from '../model';
import { major, Step } from './step';

/** Money out: a withdrawal or a payout, ad hoc or to a saved payment account. */

export type Destination = 'bank' | 'mobile' | 'saved_bank' | 'saved_mobile';

/**
 * A destination for `seed`, ending in the sandbox's failure suffix when `fails`. Separators are
 * allowed (and stripped): the suffix must survive normalisation. Mobile money pays out in GHS and
 * KES only (lib/rails/payout-destination.ts): the USD number is well formed, and refused (422).
 */
function destinationNumber(
  type: PayoutType,
  currency: Cur,
  seed: bigint,
  fails: boolean,
): { number: string; network: NetworkProvider | null } {
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
      ? { number: `024 4${two} ${suffix}`, network: 'mtn_momo' }
      : { number: `020 4${two} ${suffix}`, network: 'vodafone_cash' };
  }
  if (currency === 'KES') return { number: `+254 71${two} 0${suffix}`, network: 'mpesa' };
  if (currency === 'XOF') return { number: `+221 77${two} 0${suffix}`, network: 'orange_money' };
  return { number: `+1 555 01${two} ${suffix}`, network: 'mtn_momo' };
}

/** What a withdrawal or payout reports as its status (withdrawals in capitals, spec 4.8). */
export const shownStatus = (kind: PayoutKind, status: PayoutStatus) =>
  kind === 'withdrawal' ? status.toUpperCase() : status;

/**
 * A withdrawal (to the merchant's own account: ad hoc or a saved payment account) or a payout (to a
 * third party, ad hoc), by bank transfer or mobile money: `within` the available balance, `all` of it
 * (the most that amount + fee fits in), `excess` (at least a minor unit more than that), or `any`
 * amount. The destination ends in the sandbox's failure suffix when `fails`. A
 * saved account is created on first use and is made active or inactive first as `accountActive` says.
 */
export class MoneyOut extends Step {
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
    const currency = this.currency;
    const wallet = model.wallets[currency];
    const type: PayoutType = this.destination.endsWith('bank') ? 'bank_transfer' : 'mobile_money';
    // Payouts go to third parties: only withdrawals use the merchant's saved accounts.
    const saved = this.kind === 'withdrawal' && this.destination.startsWith('saved_');
    const feeOf = (amount: bigint) => moneyOutFee(this.kind, type, amount);
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
    const { number, network } = destinationNumber(type, currency, this.seed, this.fails);

    let account: ModelAccount | undefined;
    let input: WithdrawalInput | PayoutInput;
    const money = { amount: major(amount, currency), currency_code: currency, notes: 'property test' };
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
    const modelled = moneyOutRefusal(model, { currency, type, amount, fee, account });
    // Live mode has no payout rail wired yet: past the destination's own checks, 503 and nothing moves.
    const destinationRefused = modelled?.code === 'validation_error' || modelled?.code === 'payment_account_not_active';
    const refusal =
      real.tenant.mode === 'live' && !destinationRefused
        ? { status: 503, code: 'rail_unavailable' as const }
        : modelled;
    if (refusal) {
      expectRefusal(outcome, refusal.status, refusal.code);
      count(`${this.kind} refused ${refusal.code}`);
      return;
    }
    const done = expectSuccess(outcome);
    expect(done).toMatchObject({
      kind: this.kind,
      status: shownStatus(this.kind, 'pending'),
      amount: major(amount + fee, currency),
      fee_amount: major(fee, currency),
      net_amount: major(amount, currency),
      currency_code: currency,
      payment_account_id: account?.id ?? null,
      payout_type: type,
      provider: 'sandbox_payouts',
      idempotency_key: key,
    });
    initiate(model, { id: done.transaction_id, kind: this.kind, currency, amount, fee, fails: this.fails });
    count(`${this.kind} initiated`);
    if (wallet.available === 0n) count(`${this.kind} emptied the wallet`);
  }

  /** The saved account for this currency, type and outcome: added on first use, then (de)activated as asked. */
  async savedAccount(model: Model, real: Real, type: PayoutType, number: string, network: NetworkProvider | null) {
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
          real.tenant,
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
      const id = account.id;
      const updated = expectSuccess(await attempt(() => updatePaymentAccount(real.db, real.tenant, id, { status })));
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
