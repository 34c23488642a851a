import crypto from 'node:crypto';
import { newMerchant, paidCheckout, settleEverything, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Currency conversion (spec 4.10, issue 4 "Conversion"): quote, convert, list, get. Money is put in a
 * wallet by a sandbox bank-transfer deposit (fee 1.00 % half up: 101.01 → 100.00 net, 10.10 → 10.00)
 * and a settlement run (holding → available). Conversion fee: 1.00 % of the from amount, half up.
 */

/** The sandbox rate table (units per 1 USD), written out here independently of the code. */
export const RATES: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  GHS: '15.50',
  KES: '129.00',
  NGN: '1550.00',
  ETB: '150.00',
};

export const sql = testSql();

/** Decimal text → bigint scaled by 10^6 (every rate above has at most 2 decimals). */
export const scaled = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(6, '0'));
};
/** Major units (a JSON number with ≤ 2 decimals) → minor units, via its text. */
export const minor = (major: number) => {
  const [whole, fraction = ''] = String(major).split('.');
  return BigInt(whole! + fraction.padEnd(2, '0'));
};
/** 1 % half up, in minor units. */
export const conversionFee = (amountMinor: bigint) => (amountMinor * 100n + 5_000n) / 10_000n;
/**
 * The exact value of `net` minor units of `from` in minor units of `to`, as a fraction num/den
 * (both currencies have two decimals): net × (to per USD) / (from per USD).
 */
export const exact = (from: string, to: string, netMinor: bigint) => ({
  num: netMinor * scaled(RATES[to]!),
  den: scaled(RATES[from]!),
});

export const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

export type Quote = DataOf<typeof contract.createConversionQuote>;

export async function quote(m: Merchant, from: string, to: string, amount: number) {
  const res = await m.call(contract.createConversionQuote, { body: { from_currency: from, to_currency: to, amount } });
  expectStatus(res, 200);
  return res.body.data;
}

export const convert = (m: Merchant, quoteId: string, key: string = `conv-${crypto.randomUUID()}`) =>
  m.call(contract.convertCurrency, { body: { quote_id: quoteId, idempotency_key: key } });

/** A merchant with `net` available in `currency`, by a settled deposit of net / 0.99 (rounded to fit). */
export async function merchantWith(deposits: { currency: string; amount: number }[]) {
  const m = await newMerchant();
  for (const d of deposits) await paidCheckout(m, { amount: d.amount, currency_code: d.currency });
  await settleEverything(m.id);
  return m;
}

export const conversionCount = async (m: Merchant) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from conversions where merchant_id = ${m.id}`)[0]!.n;
