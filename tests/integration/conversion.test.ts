import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import {
  newMerchant,
  paidCheckout,
  settleEverything,
  expectReconciled,
  wallet,
  type Merchant,
} from '../support/fixtures';
import { testSql } from '../support/database';
import { expectErrorShape, expectStatus, invalidFields, successBody, type DataOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Currency conversion (spec 4.10, issue 4 "Conversion"): quote, convert, list, get. Money is put in a
 * wallet by a sandbox bank-transfer deposit (fee 1.00 % half up: 101.01 → 100.00 net, 10.10 → 10.00)
 * and a settlement run (holding → available). Conversion fee: 1.00 % of the from amount, half up.
 */
/** The sandbox rate table (units per 1 USD), written out here independently of the code. */
const RATES: Record<string, string> = {
  USD: '1',
  EUR: '0.92',
  GBP: '0.79',
  GHS: '15.50',
  KES: '129.00',
  NGN: '1550.00',
  ETB: '150.00',
};

const sql = testSql();

/** Decimal text → bigint scaled by 10^6 (every rate above has at most 2 decimals). */
const scaled = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole! + fraction.padEnd(6, '0'));
};
/** Major units (a JSON number with ≤ 2 decimals) → minor units, via its text. */
const minor = (major: number) => {
  const [whole, fraction = ''] = String(major).split('.');
  return BigInt(whole! + fraction.padEnd(2, '0'));
};
/** 1 % half up, in minor units. */
const conversionFee = (amountMinor: bigint) => (amountMinor * 100n + 5_000n) / 10_000n;
/**
 * The exact value of `net` minor units of `from` in minor units of `to`, as a fraction num/den
 * (both currencies have two decimals): net × (to per USD) / (from per USD).
 */
const exact = (from: string, to: string, netMinor: bigint) => ({
  num: netMinor * scaled(RATES[to]!),
  den: scaled(RATES[from]!),
});

const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

type Quote = DataOf<typeof contract.createConversionQuote>;

async function quote(m: Merchant, from: string, to: string, amount: number) {
  const res = await m.call(contract.createConversionQuote, { body: { from_currency: from, to_currency: to, amount } });
  expectStatus(res, 200);
  return res.body.data;
}

const convert = (m: Merchant, quoteId: string, key: string = `conv-${crypto.randomUUID()}`) =>
  m.call(contract.convertCurrency, { body: { quote_id: quoteId, idempotency_key: key } });

/** A merchant with `net` available in `currency`, by a settled deposit of net / 0.99 (rounded to fit). */
async function merchantWith(deposits: { currency: string; amount: number }[]) {
  const m = await newMerchant();
  for (const d of deposits) await paidCheckout(m, { amount: d.amount, currency_code: d.currency });
  await settleEverything(m.id);
  return m;
}

const conversionCount = async (m: Merchant) =>
  (await sql<{ n: number }[]>`select count(*)::int as n from conversions where merchant_id = ${m.id}`)[0]!.n;

afterAll(async () => {
  await expectReconciled();
});

describe('POST /conversion/quote', () => {
  let m: Merchant;
  beforeAll(async () => {
    m = await newMerchant();
  });

  it('returns quote_id, rate as decimal text, amounts, a 1 % fee and expires_at 60 s ahead', async () => {
    const before = Date.now();
    const res = await m.call(contract.createConversionQuote, {
      body: { from_currency: 'GHS', to_currency: 'USD', amount: 10 },
    });
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    const q = res.body.data;
    expect(q.quote_id).toMatch(UUID);
    expect(q).toMatchObject({
      from_currency: 'GHS',
      to_currency: 'USD',
      from_amount: 10,
      fee_amount: 0.1,
      // (10.00 − 0.10) GHS = 990 pesewas × 1 / 15.50 = 63.87… cents → 63.
      to_amount: 0.63,
      rate: '0.0645161290',
    });
    expect(typeof q.rate).toBe('string');
    expect(q.expires_at).toMatch(TIMESTAMP);
    expect(q.created_at).toMatch(TIMESTAMP);
    expect(ms(q.expires_at) - ms(q.created_at)).toBe(60_000);
    expect(ms(q.expires_at)).toBeGreaterThanOrEqual(before + 55_000);
    expect(ms(q.expires_at)).toBeLessThanOrEqual(Date.now() + 61_000);

    const [row] =
      await sql`select merchant_id, from_amount::text, fee_amount::text, to_amount::text, used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(row).toMatchObject({
      merchant_id: m.id,
      from_amount: '1000',
      fee_amount: '10',
      to_amount: '63',
      used_at: null,
    });
  });

  it('accepts currency codes in any case', async () => {
    const q = await quote(m, 'usd', 'ngn', 100);
    expect(q).toMatchObject({
      from_currency: 'USD',
      to_currency: 'NGN',
      from_amount: 100,
      fee_amount: 1,
      to_amount: 153450,
      rate: '1550.0000000000',
    });
  });

  it.each([
    [0.49, 0], // 0.0049 → 0.00
    [0.5, 0.01], // 0.005 → 0.01 (half up)
    [1.5, 0.02], // 0.015 → 0.02
    [12.34, 0.12], // 0.1234 → 0.12
    [12.5, 0.13], // 0.125 → 0.13
    [12.49, 0.12], // 0.1249 → 0.12
    [999_999.99, 10_000], // 9999.9999 → 10000.00
  ])('fee on %s USD is %s (1 %, half up)', async (amount, fee) => {
    const q = await quote(m, 'USD', 'EUR', amount);
    expect(q.fee_amount).toBe(fee);
  });

  const pairs: [string, string][] = [
    ['GHS', 'USD'],
    ['USD', 'GHS'],
    ['USD', 'NGN'],
    ['NGN', 'KES'],
    ['KES', 'GHS'],
    ['EUR', 'GBP'],
    ['GBP', 'ETB'],
    ['ETB', 'EUR'],
    ['NGN', 'USD'],
  ];
  const amounts = [1, 0.99, 10.05, 123.45, 7777.77, 999_999.99];

  it('to_amount = ⌊(from − fee) × rate⌋ exactly: never more than the exact value, short by less than one minor unit', async () => {
    let checked = 0;
    for (const [from, to] of pairs) {
      for (const amount of amounts) {
        const res = await m.call(contract.createConversionQuote, {
          body: { from_currency: from, to_currency: to, amount },
        });
        const label = `${amount} ${from} → ${to}: ${res.text}`;
        const fromMinor = minor(amount);
        const fee = conversionFee(fromMinor);
        const value = exact(from, to, fromMinor - fee);
        const expected = value.num / value.den; // floor
        if (expected === 0n) {
          expectStatus(res, 422, label);
          continue;
        }
        expectStatus(res, 200, label);
        const q = res.body.data;
        expect(minor(q.from_amount), label).toBe(fromMinor);
        expect(minor(q.fee_amount), label).toBe(fee);
        const toMinor = minor(q.to_amount);
        expect(toMinor, label).toBe(expected);
        // Never in the merchant's favour, and never short by a whole minor unit.
        expect(toMinor * value.den <= value.num, label).toBe(true);
        expect((toMinor + 1n) * value.den > value.num, label).toBe(true);
        // The rate shown is the cross rate of the table, rounded down at 10 places.
        const rateExact = (scaled(RATES[to]!) * 10n ** 10n) / scaled(RATES[from]!);
        expect(q.rate.replace('.', ''), label).toBe(rateExact.toString().padStart(11, '0'));
        expect(q.rate, label).toMatch(/^\d+\.\d{10}$/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it.each([
    ['the same currency', { from_currency: 'GHS', to_currency: 'GHS', amount: 10 }, 'to_currency'],
    ['the same currency in another case', { from_currency: 'GHS', to_currency: 'ghs', amount: 10 }, 'to_currency'],
    ['an unknown from currency', { from_currency: 'XYZ', to_currency: 'USD', amount: 10 }, 'from_currency'],
    ['an unknown to currency', { from_currency: 'USD', to_currency: 'BTC', amount: 10 }, 'to_currency'],
    ['amount 0', { from_currency: 'USD', to_currency: 'GHS', amount: 0 }, 'amount'],
    ['a negative amount', { from_currency: 'USD', to_currency: 'GHS', amount: -5 }, 'amount'],
    ['3 decimals', { from_currency: 'USD', to_currency: 'GHS', amount: 1.005 }, 'amount'],
    ['an amount as a string', { from_currency: 'USD', to_currency: 'GHS', amount: '10' }, 'amount'],
    ['too small to buy a minor unit', { from_currency: 'NGN', to_currency: 'USD', amount: 0.01 }, 'amount'],
    ['still too small after the fee', { from_currency: 'NGN', to_currency: 'USD', amount: 15.5 }, 'amount'],
    ['no amount', { from_currency: 'USD', to_currency: 'GHS' }, 'amount'],
    ['no to_currency', { from_currency: 'USD', amount: 10 }, 'to_currency'],
    ['an unknown field', { from_currency: 'USD', to_currency: 'GHS', amount: 10, rate: '20' }, 'rate'],
  ])('%s → 422 naming the field, no quote stored', async (_label, body, field) => {
    const before = (
      await sql<{ n: number }[]>`select count(*)::int as n from conversion_quotes where merchant_id = ${m.id}`
    )[0]!.n;
    const res = await m.send(contract.createConversionQuote, { body });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
    const after = (
      await sql<{ n: number }[]>`select count(*)::int as n from conversion_quotes where merchant_id = ${m.id}`
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses a quote whose to_amount would pass the largest amount (999999999999.99) and so not be an exact JSON number', async () => {
    // 999999999999.99 USD → KES would be 127709999999998.71 KES, which a JSON number cannot carry to the cent.
    for (const [from, to, amount] of [
      ['USD', 'KES', 999_999_999_999.99],
      ['USD', 'NGN', 1_000_000_000],
    ] as const) {
      const res = await m.call(contract.createConversionQuote, {
        body: { from_currency: from, to_currency: to, amount },
      });
      expectStatus(res, 422, `${amount} ${from} → ${to}: ${res.text}`);
      expectErrorShape(res.body, 'validation_error');
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).toEqual(['amount']);
    }
    // The largest that fits is fine: 645161290.32 USD → 989999999999.99… NGN.
    const q = await quote(m, 'USD', 'NGN', 645_161_290.32);
    expect(minor(q.to_amount)).toBeLessThanOrEqual(99_999_999_999_999n);
  });

  it('the smallest amount that buys a unit is accepted (15.66 NGN → 0.01 USD)', async () => {
    // 15.66 − 0.16 fee = 15.50 NGN = exactly 0.01 USD.
    const q = await quote(m, 'NGN', 'USD', 15.66);
    expect(q).toMatchObject({ fee_amount: 0.16, to_amount: 0.01 });
  });
});

describe('POST /conversion', () => {
  it('debits from available by from_amount, credits to available by to_amount, the fee goes to the fees account', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100, holding_balance: 0 });
    const q = await quote(m, 'GHS', 'USD', 40);
    expect(q).toMatchObject({ from_amount: 40, fee_amount: 0.4, to_amount: 2.55 }); // 3960 × 100 / 1550 = 255.48

    const key = `conv-${crypto.randomUUID()}`;
    const res = await convert(m, q.quote_id, key);
    expectStatus(res, 200, res.text);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const c = res.body.data;
    expect(c.conversion_id).toMatch(UUID);
    expect(c).toMatchObject({
      merchant_id: m.id,
      quote_id: q.quote_id,
      from_currency: 'GHS',
      to_currency: 'USD',
      from_amount: 40,
      fee_amount: 0.4,
      to_amount: 2.55,
      rate: q.rate,
      status: 'completed',
      idempotency_key: key,
    });
    expect(c.created_at).toMatch(TIMESTAMP);

    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60, holding_balance: 0, balance: 60 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 2.55, holding_balance: 0, balance: 2.55 });

    const lines = await sql<{ line: string }[]>`
      select l.currency_code || ' ' || l.account || ' ' || l.direction || ' ' || l.amount::text as line
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.conversion_id = ${c.conversion_id}
       order by 1`;
    expect(lines.map((l) => l.line)).toEqual([
      'GHS fees credit 40',
      'GHS fx_position credit 3960',
      'GHS merchant_available debit 3960',
      'GHS merchant_available debit 40',
      'USD fx_position debit 255',
      'USD merchant_available credit 255',
    ]);
    const [quoteRow] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(quoteRow!.used_at).not.toBeNull();
    const events =
      await sql`select data from events where resource_id = ${c.conversion_id} and event_type = 'conversion.completed'`;
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ conversion_id: c.conversion_id, from_amount: 40, to_amount: 2.55 });

    // Replay: same key and quote → the same conversion, marked, and nothing moves again.
    const again = await convert(m, q.quote_id, key);
    expectStatus(again, 200, again.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(c);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 2.55 });
    expect(await conversionCount(m)).toBe(1);

    // The same key with another quote → 422; the used quote with a new key → 409 quote_used.
    const other = await quote(m, 'GHS', 'USD', 1);
    const reused = await convert(m, other.quote_id, key);
    expect(reused.status, reused.text).toBe(422);
    expectErrorShape(reused.body, 'idempotency_key_reused');
    const used = await convert(m, q.quote_id, `conv-${crypto.randomUUID()}`);
    expect(used.status, used.text).toBe(409);
    expectErrorShape(used.body, 'quote_used');
    expect(await conversionCount(m)).toBe(1);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60 });
    // The other quote is still good.
    expect((await convert(m, other.quote_id)).status).toBe(200);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 59 });
    await expectReconciled(m.id);
  });

  it('a quote with no fee (0.49 GHS) converts without a fee line', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 10.1 }]);
    const q = await quote(m, 'GHS', 'USD', 0.49);
    expect(q).toMatchObject({ fee_amount: 0, to_amount: 0.03 }); // 49 × 100 / 1550 = 3.16
    const res = await convert(m, q.quote_id);
    expectStatus(res, 200, res.text);
    const lines = await sql<{ account: string }[]>`
      select l.account from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.conversion_id = ${res.body.data.conversion_id}`;
    expect(lines.map((l) => l.account).sort()).toEqual([
      'fx_position',
      'fx_position',
      'merchant_available',
      'merchant_available',
    ]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 9.51 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0.03 });
  });

  it('an expired quote → 409 quote_expired, nothing moves', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(m, 'GHS', 'EUR', 10);
    await sql`update conversion_quotes set expires_at = now() - interval '1 second' where id = ${q.quote_id}`;
    const res = await convert(m, q.quote_id);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'quote_expired');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(m, 'EUR')).toMatchObject({ available_balance: 0 });
    expect(await conversionCount(m)).toBe(0);
  });

  it('money only in holding → 409 insufficient_funds; the quote stays usable once the money is available', async () => {
    const m = await newMerchant();
    await paidCheckout(m, { amount: 101.01 });
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 100 });
    const q = await quote(m, 'GHS', 'USD', 20);
    const key = `conv-${crypto.randomUUID()}`;
    const res = await convert(m, q.quote_id, key);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 100 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0 });
    expect(await conversionCount(m)).toBe(0);
    const [row] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(row!.used_at).toBeNull();

    await settleEverything(m.id);
    const retry = await convert(m, q.quote_id, key);
    expectStatus(retry, 200, retry.text);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 80 });
    await expectReconciled(m.id);
  });

  it('a frozen source wallet → 409 wallet_frozen; money may still come into a frozen wallet', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const toUsd = await convert(m, (await quote(m, 'GHS', 'USD', 50)).quote_id);
    expectStatus(toUsd, 200);
    const usd = (await wallet(m, 'USD')).available_balance;

    const frozen = await m.call(contract.updateWalletStatus, {
      params: { currency_code: 'GHS' },
      body: { status: 'frozen' },
    });
    expectStatus(frozen, 200);
    const q = await quote(m, 'GHS', 'USD', 10);
    const res = await convert(m, q.quote_id);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'wallet_frozen');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 50, status: 'frozen' });
    const [row] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(row!.used_at).toBeNull();

    const back = await convert(m, (await quote(m, 'USD', 'GHS', 1)).quote_id);
    expectStatus(back, 200, back.text);
    expect(back.body.data.to_amount).toBe(15.34); // (1.00 − 0.01) USD × 15.50 = 15.345 → 15.34
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 65.34, status: 'frozen' });
    expect(minor((await wallet(m, 'USD')).available_balance)).toBe(minor(usd) - 100n);

    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'active' } }))
        .status,
    ).toBe(200);
    expect((await convert(m, q.quote_id)).status).toBe(200);
    await expectReconciled(m.id);
  });

  it("another merchant's quote → 404, and an unknown one too", async () => {
    const a = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const b = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(a, 'GHS', 'USD', 10);
    const res = await convert(b, q.quote_id);
    expect(res.status, res.text).toBe(404);
    expectErrorShape(res.body, 'not_found');
    const unknown = await convert(b, crypto.randomUUID());
    expectStatus(unknown, 404);
    expect(await wallet(a, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(b, 'GHS')).toMatchObject({ available_balance: 100 });
    // The owner can still use it.
    expect((await convert(a, q.quote_id)).status).toBe(200);
  });

  it.each([
    ['no idempotency_key', (id: string) => ({ quote_id: id }), 'idempotency_key'],
    ['no quote_id', () => ({ idempotency_key: 'k1' }), 'quote_id'],
    ['a quote_id that is not a UUID', () => ({ quote_id: 'quote-1', idempotency_key: 'k1' }), 'quote_id'],
    [
      'an idempotency_key with a space',
      (id: string) => ({ quote_id: id, idempotency_key: 'has space' }),
      'idempotency_key',
    ],
    ['an empty idempotency_key', (id: string) => ({ quote_id: id, idempotency_key: '' }), 'idempotency_key'],
    [
      'an idempotency_key of 256 characters',
      (id: string) => ({ quote_id: id, idempotency_key: 'k'.repeat(256) }),
      'idempotency_key',
    ],
    ['an unknown field', (id: string) => ({ quote_id: id, idempotency_key: 'k1', amount: 5 }), 'amount'],
  ])('%s → 422', async (_label, body, field) => {
    const m = await newMerchant();
    const q = await quote(m, 'GHS', 'USD', 10);
    const res = await m.send(contract.convertCurrency, { body: body(q.quote_id) });
    expect(invalidFields(res)).toContain(field);
  });
});

describe('GET /conversion and /conversion/{id}', () => {
  let m: Merchant;
  const made: DataOf<typeof contract.convertCurrency>[] = [];
  beforeAll(async () => {
    m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    for (const [to, amount] of [
      ['USD', 10],
      ['EUR', 5],
      ['USD', 20],
    ] as const) {
      const res = await convert(m, (await quote(m, 'GHS', to, amount)).quote_id);
      expectStatus(res, 200, res.text);
      made.push(res.body.data);
    }
    const back = await convert(m, (await quote(m, 'USD', 'GHS', 1)).quote_id);
    expectStatus(back, 200, back.text);
    made.push(back.body.data);
  });

  it('lists newest first with the spec 2.6 pagination object', async () => {
    const res = await m.call(contract.listConversions);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.map((c) => c.conversion_id)).toEqual([...made].reverse().map((c) => c.conversion_id));
    expect(res.body.data).toEqual([...made].reverse());
    expect(res.body.pagination).toEqual({ total: 4, page: 1, size: 50, total_pages: 1, has_more: false });
  });

  it('filters by from_currency, to_currency (any case) and status', async () => {
    const usd = await m.call(contract.listConversions, { query: { to_currency: 'usd' } });
    expectStatus(usd, 200);
    expect(usd.body.data.map((c) => c.conversion_id)).toEqual([made[2]!.conversion_id, made[0]!.conversion_id]);
    expect(usd.body.pagination.total).toBe(2);

    const fromUsd = await m.ok(contract.listConversions, { query: { from_currency: 'USD' } });
    expect(fromUsd.body.data.map((c) => c.conversion_id)).toEqual([made[3]!.conversion_id]);

    const ghsToEur = await m.ok(contract.listConversions, { query: { from_currency: 'GHS', to_currency: 'EUR' } });
    expect(ghsToEur.body.data.map((c) => c.conversion_id)).toEqual([made[1]!.conversion_id]);

    const none = await m.ok(contract.listConversions, { query: { from_currency: 'NGN' } });
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination).toEqual({ total: 0, page: 1, size: 50, total_pages: 0, has_more: false });

    const completed = await m.call(contract.listConversions, { query: { status: 'COMPLETED' } });
    expectStatus(completed, 200);
    expect(completed.body.pagination.total).toBe(4);
  });

  it('pages with page and size', async () => {
    const newestFirst = [...made].reverse().map((c) => c.conversion_id);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await m.call(contract.listConversions, { query: { size: 2, page } });
      expectStatus(res, 200);
      expect(res.body.pagination).toEqual({ total: 4, page, size: 2, total_pages: 2, has_more: page < 2 });
      seen.push(...res.body.data.map((c) => c.conversion_id));
    }
    expect(seen).toEqual(newestFirst);
  });

  it("gets one by id; 404 for an unknown or another merchant's conversion", async () => {
    const res = await m.call(contract.getConversion, { params: { conversion_id: made[1]!.conversion_id } });
    expectStatus(res, 200);
    expect(res.body.data).toEqual(made[1]);

    const unknown = await m.call(contract.getConversion, { params: { conversion_id: crypto.randomUUID() } });
    expectStatus(unknown, 404);
    expectErrorShape(unknown.body, 'not_found');

    const other = await newMerchant({ name: 'Other' });
    const foreign = await other.call(contract.getConversion, { params: { conversion_id: made[1]!.conversion_id } });
    expectStatus(foreign, 404);
    expectErrorShape(foreign.body, 'not_found');
    const list = await other.ok(contract.listConversions);
    expect(list.body.data).toEqual([]);

    const malformed = await m.call(contract.getConversion, { params: { conversion_id: 'not-a-uuid' } });
    expectStatus(malformed, 422);
    expectErrorShape(malformed.body, 'validation_error');
  });

  it.each([
    'from_currency=XYZ',
    'to_currency=1',
    'status=pending',
    'page=0',
    'page=-1',
    'page=abc',
    'size=0',
    'size=101',
    'size=2.5',
    'currency_code=GHS',
  ])('invalid filter %s → 422', async (query) => {
    const res = await m.send(contract.listConversions, { query });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
  });

  it('size=100 is allowed', async () => {
    const res = await m.call(contract.listConversions, { query: { size: 100 } });
    expectStatus(res, 200);
    expect(res.body.pagination.size).toBe(100);
  });
});

describe('concurrency (real PostgreSQL)', () => {
  it('20 parallel conversions of 1.00 from 10.00 available: exactly 10 succeed, the rest 409, never a 5xx', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 10.1 }]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 10 });
    const quotes: Quote[] = [];
    for (let i = 0; i < 20; i++) quotes.push(await quote(m, 'GHS', 'USD', 1));
    expect(quotes[0]!.to_amount).toBe(0.06); // 99 × 100 / 1550 = 6.38 cents

    const results = await Promise.all(quotes.map((q, i) => convert(m, q.quote_id, `parallel-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'insufficient_funds');

    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 0 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0.6 });
    expect(await conversionCount(m)).toBe(10);
    const [used] = await sql<
      { n: number }[]
    >`select count(*)::int as n from conversion_quotes where merchant_id = ${m.id} and used_at is not null`;
    expect(used!.n).toBe(10);
    await expectReconciled(m.id);
  });

  it('one quote sent 10 times in parallel under different keys converts once; under one key it replays', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(m, 'GHS', 'KES', 10);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => convert(m, q.quote_id, `k-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'quote_used');

    const q2 = await quote(m, 'GHS', 'KES', 10);
    const same = await Promise.all(Array.from({ length: 10 }, () => convert(m, q2.quote_id, 'one-key')));
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(same.map((r) => successBody(r).data.conversion_id)).size).toBe(1);
    expect(same.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);

    expect(await conversionCount(m)).toBe(2);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 80 });
    await expectReconciled(m.id);
  });

  it('conversions in opposite directions in parallel do not deadlock and the books balance', async () => {
    const m = await merchantWith([
      { currency: 'GHS', amount: 101.01 },
      { currency: 'USD', amount: 10.1 },
    ]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 10 });
    const toUsd: Quote[] = [];
    const toGhs: Quote[] = [];
    for (let i = 0; i < 12; i++) {
      toUsd.push(await quote(m, 'GHS', 'USD', 9));
      toGhs.push(await quote(m, 'USD', 'GHS', 0.9));
    }
    const all = toUsd.flatMap((q, i) => [q, toGhs[i]!]);
    const results = await Promise.all(all.map((q) => convert(m, q.quote_id)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'insufficient_funds');

    // The balances are exactly the sum of what succeeded.
    let ghs = 10_000n;
    let usd = 1_000n;
    for (const [i, r] of results.entries()) {
      if (r.status !== 200) continue;
      const q = all[i]!;
      if (q.from_currency === 'GHS') {
        ghs -= minor(q.from_amount);
        usd += minor(q.to_amount);
      } else {
        usd -= minor(q.from_amount);
        ghs += minor(q.to_amount);
      }
    }
    expect(minor((await wallet(m, 'GHS')).available_balance)).toBe(ghs);
    expect(minor((await wallet(m, 'USD')).available_balance)).toBe(usd);
    expect(ghs >= 0n && usd >= 0n).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(11);
    await expectReconciled(m.id);
  });
});
