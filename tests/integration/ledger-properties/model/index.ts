/**
 * The model of one merchant's books for the ledger property (../../ledger-properties.test.ts): what
 * every wallet, deposit, checkout and withdrawal or payout should be after each command. Pure: no
 * database, no product code (only its types and its table of currency exponents). Money is a bigint
 * of minor units; the fees and rates of the sandbox defaults are written out, independently of the
 * product's fee schedule and rate table, so a change there shows up as a difference.
 *
 * The commands (../commands/) ask the model what a step should do (which refusal, or what moves
 * where), do it for real, compare, and then let the model take the step:
 *   - money.ts: the currencies, fees and rates, written out;
 *   - state.ts: the state (wallets, deposits, checkouts, withdrawals and payouts, saved accounts);
 *   - books.ts: money in, settlement, refunds, conversions, wallet status and holds;
 *   - money-out.ts: withdrawals and payouts, the rail, cancels, and the journal lines they leave.
 */
export * from './money';
export * from './state';
export * from './books';
export * from './money-out';
