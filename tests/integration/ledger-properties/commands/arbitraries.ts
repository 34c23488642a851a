import fc from 'fast-check';
import type { Real } from '../driver/real';
import { CURRENCIES, type Cur, type Model } from '../model';
import { Convert, OperatorWallet, Refund, SetWalletStatus, Settle, TimePasses } from './books';
import { LateTransfer, Pay } from './checkout';
import { MoneyOut } from './money-out';
import { CancelPayout, Rail } from './rail';
import type { Step } from './step';

/**
 * How fast-check draws the commands. The order of these arbitraries, and of the values inside them,
 * is part of the test: a seed replays the same sequences only as long as they stay as they are.
 */

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
export const funding = fc.option(
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
export const commandArbs: fc.Arbitrary<fc.AsyncCommand<Model, Real>>[] = [
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
