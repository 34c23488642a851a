import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { newMerchant, expectReconciled, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { RATES, sql, scaled, minor, conversionFee, exact, ms, quote } from './helpers';

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
