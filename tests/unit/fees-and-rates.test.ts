import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../lib/platform/config';
import { feeFor } from '../../lib/books/fees';
import {
  DEFAULT_FEE_SCHEDULE,
  FEE_OPERATIONS,
  feeScheduleSetting,
  type FeeRule,
} from '../../lib/platform/settings/fee-schedule';
import { convert } from '../../lib/books/conversion/rates';
import { DEFAULT_CONVERSION_RATES, conversionRatesSetting } from '../../lib/platform/settings/conversion-rates';
import { divideToText, parseDecimal } from '../../lib/platform/money/decimal';
import { CURRENCY_CODES, CURRENCY_EXPONENT, type CurrencyCode } from '../../lib/platform/money/currencies';

const rule = (r: Partial<FeeRule> & Pick<FeeRule, 'operation' | 'currency'>): FeeRule => ({
  percent_bps: 0,
  fixed_minor: 0,
  ...r,
});

/** Half up, computed differently from the code: quotient and remainder. */
function halfUp(amount: bigint, bps: bigint): bigint {
  const product = amount * bps;
  const q = product / 10_000n;
  return (product % 10_000n) * 2n >= 10_000n ? q + 1n : q;
}

describe('feeFor', () => {
  const pct = (bps: number) => [rule({ operation: 'deposit.mobile_money', currency: '*', percent_bps: bps })];

  it.each([
    [150, 100n, 2n], // 1.5 → 2
    [150, 99n, 1n], // 1.485 → 1
    [150, 33n, 0n], // 0.495 → 0
    [150, 34n, 1n], // 0.51 → 1
    [100, 50n, 1n], // 0.5 → 1 (half up)
    [100, 49n, 0n], // 0.49 → 0
    [100, 10_101n, 101n], // 101.01 → 101
    [100, 12_50n, 13n], // 12.5 → 13
    [1, 5_000n, 1n], // 0.5 → 1
    [1, 4_999n, 0n],
    [10_000, 777n, 777n], // 100 %
    [0, 1_000_000n, 0n],
  ])('%i bps of %s minor units → %s (half up)', (bps, amount, fee) => {
    expect(feeFor(pct(bps), 'deposit.mobile_money', 'GHS', amount)).toBe(fee);
  });

  it('matches an independent half-up computation and never exceeds the amount (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 99_999_999_999_999n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bps) => {
          const fee = feeFor(pct(bps), 'deposit.mobile_money', 'USD', amount);
          expect(fee).toBe(halfUp(amount, BigInt(bps)));
          expect(fee >= 0n && fee <= amount).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('adds the fixed part to the percentage', () => {
    const schedule = [rule({ operation: 'payout.mobile_money', currency: '*', percent_bps: 50, fixed_minor: 100 })];
    expect(feeFor(schedule, 'payout.mobile_money', 'KES', 1_000n)).toBe(105n); // 5 + 100
    expect(feeFor(schedule, 'payout.mobile_money', 'KES', 1_100n)).toBe(106n); // 5.5 → 6, + 100
  });

  it('applies the floor and the ceiling', () => {
    const schedule = [
      rule({ operation: 'conversion', currency: '*', percent_bps: 100, min_minor: 50, max_minor: 500 }),
    ];
    expect(feeFor(schedule, 'conversion', 'USD', 100n)).toBe(50n); // 1 → floor 50
    expect(feeFor(schedule, 'conversion', 'USD', 5_000n)).toBe(50n); // exactly the floor
    expect(feeFor(schedule, 'conversion', 'USD', 20_000n)).toBe(200n); // between
    expect(feeFor(schedule, 'conversion', 'USD', 50_000n)).toBe(500n); // exactly the ceiling
    expect(feeFor(schedule, 'conversion', 'USD', 1_000_000n)).toBe(500n); // 10000 → ceiling 500
  });

  it('never takes more than the amount, even with a fixed part or a floor', () => {
    const fixed = [rule({ operation: 'payout.bank_transfer', currency: '*', fixed_minor: 100 })];
    expect(feeFor(fixed, 'payout.bank_transfer', 'GHS', 30n)).toBe(30n);
    expect(feeFor(fixed, 'payout.bank_transfer', 'GHS', 100n)).toBe(100n);
    expect(feeFor(fixed, 'payout.bank_transfer', 'GHS', 101n)).toBe(100n);
    const floor = [rule({ operation: 'conversion', currency: '*', percent_bps: 100, min_minor: 500 })];
    expect(feeFor(floor, 'conversion', 'GHS', 200n)).toBe(200n);
    expect(feeFor(floor, 'conversion', 'GHS', 1n)).toBe(1n);
  });

  it('a rule for the exact currency beats the "*" rule, wherever it sits in the list', () => {
    const star = rule({ operation: 'deposit.mobile_money', currency: '*', percent_bps: 150 });
    const kes = rule({ operation: 'deposit.mobile_money', currency: 'KES', percent_bps: 100, max_minor: 5_000 });
    for (const schedule of [
      [star, kes],
      [kes, star],
    ]) {
      expect(feeFor(schedule, 'deposit.mobile_money', 'KES', 10_000n)).toBe(100n);
      expect(feeFor(schedule, 'deposit.mobile_money', 'KES', 10_000_000n)).toBe(5_000n);
      expect(feeFor(schedule, 'deposit.mobile_money', 'GHS', 10_000n)).toBe(150n);
      expect(feeFor(schedule, 'deposit.mobile_money', 'GHS', 10_000_000n)).toBe(150_000n);
    }
  });

  it('a rule applies only to its own operation; no rule means no fee', () => {
    const schedule = [rule({ operation: 'deposit.bank_transfer', currency: 'GHS', percent_bps: 100 })];
    expect(feeFor(schedule, 'deposit.mobile_money', 'GHS', 10_000n)).toBe(0n);
    expect(feeFor(schedule, 'deposit.bank_transfer', 'KES', 10_000n)).toBe(0n);
    expect(feeFor(schedule, 'deposit.bank_transfer', 'GHS', 10_000n)).toBe(100n);
  });

  it('the default schedule: as docs/configuration.md tables it', () => {
    const d = DEFAULT_FEE_SCHEDULE;
    expect(feeFor(d, 'deposit.mobile_money', 'GHS', 10_000n)).toBe(150n);
    expect(feeFor(d, 'deposit.bank_transfer', 'GHS', 10_101n)).toBe(101n);
    expect(feeFor(d, 'conversion', 'USD', 50n)).toBe(1n);
    expect(feeFor(d, 'withdrawal.bank_transfer', 'GHS', 10_000n)).toBe(0n);
    expect(feeFor(d, 'withdrawal.mobile_money', 'GHS', 10_000n)).toBe(0n);
    expect(feeFor(d, 'payout.bank_transfer', 'GHS', 10_000n)).toBe(100n);
    expect(feeFor(d, 'payout.mobile_money', 'GHS', 10_000n)).toBe(50n);
    for (const op of FEE_OPERATIONS)
      expect(
        d.some((r) => r.operation === op && r.currency === '*'),
        op,
      ).toBe(true);
  });
});

describe('feeScheduleSetting (FEE_SCHEDULE)', () => {
  const stars = FEE_OPERATIONS.map((operation) => ({ operation, currency: '*' }));

  it('accepts the defaults written as JSON', () => {
    expect(feeScheduleSetting.parse(JSON.stringify(DEFAULT_FEE_SCHEDULE))).toEqual(DEFAULT_FEE_SCHEDULE);
  });

  it('accepts exact-currency rules beside the "*" ones and fills in percent_bps and fixed_minor', () => {
    const parsed = feeScheduleSetting.parse(
      JSON.stringify([
        ...stars,
        { operation: 'deposit.mobile_money', currency: 'KES', percent_bps: 100, max_minor: 5000 },
      ]),
    );
    expect(parsed).toHaveLength(FEE_OPERATIONS.length + 1);
    expect(parsed[0]).toEqual({ operation: FEE_OPERATIONS[0], currency: '*', percent_bps: 0, fixed_minor: 0 });
    expect(parsed.at(-1)).toEqual({
      operation: 'deposit.mobile_money',
      currency: 'KES',
      percent_bps: 100,
      fixed_minor: 0,
      max_minor: 5000,
    });
    expect(feeFor(parsed, 'deposit.mobile_money', 'KES', 10_000_000n)).toBe(5_000n);
  });

  it.each([
    ['not JSON', '[{"operation":'],
    ['empty text', ''],
    ['a JSON object', '{"operation":"conversion","currency":"*"}'],
    ['an empty array', '[]'],
    ['a missing operation', JSON.stringify(stars.filter((s) => s.operation !== 'conversion'))],
    [
      'an operation with only an exact-currency rule',
      JSON.stringify([
        ...stars.filter((s) => s.operation !== 'conversion'),
        { operation: 'conversion', currency: 'USD' },
      ]),
    ],
    ['an unknown operation', JSON.stringify([...stars, { operation: 'refund', currency: '*' }])],
    ['an unknown currency', JSON.stringify([...stars, { operation: 'conversion', currency: 'XYZ' }])],
    [
      'negative basis points',
      JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', percent_bps: -1 }]),
    ],
    ['more than 100 %', JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', percent_bps: 10_001 }])],
    [
      'fractional basis points',
      JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', percent_bps: 1.5 }]),
    ],
    [
      'a fractional fixed part',
      JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', fixed_minor: 0.5 }]),
    ],
    ['a negative floor', JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', min_minor: -1 }])],
    [
      'an amount as a string',
      JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', fixed_minor: '100' }]),
    ],
    ['an unknown field', JSON.stringify([...stars, { operation: 'conversion', currency: 'USD', percent: 1 }])],
  ])('refuses %s', (_label, text) => {
    expect(feeScheduleSetting.safeParse(text).success).toBe(false);
  });

  it('a bad FEE_SCHEDULE stops the configuration with a message naming it', () => {
    const base = {
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      CHECKOUT_TOKEN_SECRET: 'c'.repeat(32),
      ADMIN_API_TOKEN: 'a'.repeat(32),
      AUTH_SECRET: 's'.repeat(32),
    };
    expect(parseConfig(base).FEE_SCHEDULE).toEqual(DEFAULT_FEE_SCHEDULE);
    for (const bad of ['nope', '[]', JSON.stringify(stars.slice(1))]) {
      try {
        parseConfig({ ...base, FEE_SCHEDULE: bad });
        throw new Error(`accepted ${bad}`);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const problems = (error as ConfigError).problems;
        expect(problems.length).toBeGreaterThan(0);
        for (const p of problems) expect(p.startsWith('FEE_SCHEDULE: '), p).toBe(true);
      }
    }
    const custom = parseConfig({ ...base, FEE_SCHEDULE: JSON.stringify(stars) }).FEE_SCHEDULE;
    expect(feeFor(custom, 'deposit.bank_transfer', 'GHS', 10_000n)).toBe(0n);
  });
});

describe('conversionRatesSetting (CONVERSION_RATES)', () => {
  const good = { ...DEFAULT_CONVERSION_RATES };

  it('accepts the defaults written as JSON, and other positive decimal strings', () => {
    expect(conversionRatesSetting.parse(JSON.stringify(good))).toEqual(DEFAULT_CONVERSION_RATES);
    const custom = conversionRatesSetting.parse(
      JSON.stringify({ ...good, GHS: '16', EUR: '0.905', NGN: '1600.123456789012' }),
    );
    expect(custom).toMatchObject({ GHS: '16', EUR: '0.905', NGN: '1600.123456789012' });
  });

  const without = (code: CurrencyCode) => Object.fromEntries(Object.entries(good).filter(([c]) => c !== code));
  it.each([
    ['not JSON', '{"USD":'],
    ['empty text', ''],
    ['an array', JSON.stringify(Object.values(good))],
    ['a missing currency', JSON.stringify(without('ETB'))],
    ['an unknown currency', JSON.stringify({ ...good, XYZ: '2' })],
    ['a zero rate', JSON.stringify({ ...good, GHS: '0' })],
    ['a zero rate with decimals', JSON.stringify({ ...good, GHS: '0.00' })],
    ['a negative rate', JSON.stringify({ ...good, GHS: '-15.50' })],
    ['a rate as a number', JSON.stringify({ ...good, GHS: 15.5 })],
    ['a rate in exponent notation', JSON.stringify({ ...good, NGN: '1.55e3' })],
    ['a rate that is not a number', JSON.stringify({ ...good, NGN: 'lots' })],
    ['a rate with a comma', JSON.stringify({ ...good, NGN: '1,550' })],
  ])('refuses %s', (_label, text) => {
    expect(conversionRatesSetting.safeParse(text).success).toBe(false);
  });

  it('a bad CONVERSION_RATES stops the configuration with a message naming it', () => {
    const base = {
      DATABASE_URL: 'postgres://u:p@db:5432/x',
      CHECKOUT_TOKEN_SECRET: 'c'.repeat(32),
      ADMIN_API_TOKEN: 'a'.repeat(32),
      AUTH_SECRET: 's'.repeat(32),
    };
    expect(parseConfig(base).CONVERSION_RATES).toEqual(DEFAULT_CONVERSION_RATES);
    try {
      parseConfig({ ...base, CONVERSION_RATES: JSON.stringify({ ...good, GHS: '0' }) });
      throw new Error('accepted a zero rate');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      for (const p of (error as ConfigError).problems) expect(p.startsWith('CONVERSION_RATES: '), p).toBe(true);
    }
  });
});

describe('convert', () => {
  const rates = DEFAULT_CONVERSION_RATES;

  it('is exact where the rate is: 100.00 USD → 155000.00 NGN at 1550', () => {
    expect(convert(rates, 'USD', 'NGN', 10_000n)).toEqual({ rate: '1550.0000000000', toAmount: 15_500_000n });
    expect(convert(rates, 'USD', 'GHS', 10_000n)).toEqual({ rate: '15.5000000000', toAmount: 155_000n });
    expect(convert(rates, 'NGN', 'USD', 15_500_000n).toAmount).toBe(10_000n);
    expect(convert(rates, 'GHS', 'NGN', 100n)).toEqual({ rate: '100.0000000000', toAmount: 10_000n });
  });

  it('rounds down: GHS → USD', () => {
    expect(convert(rates, 'GHS', 'USD', 100n)).toEqual({ rate: '0.0645161290', toAmount: 6n }); // 6.45 cents
    expect(convert(rates, 'GHS', 'USD', 1_549n).toAmount).toBe(99n); // 99.93 cents
    expect(convert(rates, 'GHS', 'USD', 1_550n).toAmount).toBe(100n);
    expect(convert(rates, 'GHS', 'USD', 15n).toAmount).toBe(0n); // 0.97 cent
    expect(convert(rates, 'NGN', 'USD', 1_549n).toAmount).toBe(0n);
    expect(convert(rates, 'NGN', 'USD', 1_550n).toAmount).toBe(1n);
  });

  it('cross rates are ratios of the table: EUR → GBP', () => {
    // 0.79 / 0.92 = 0.858695652173…
    const price = convert(rates, 'EUR', 'GBP', 10_000n);
    expect(price.rate).toBe('0.8586956521');
    expect(price.toAmount).toBe(8_586n);
  });

  it('never gives more than the exact value and is short by less than one minor unit (property)', () => {
    const rate = fc
      .tuple(fc.bigInt({ min: 1n, max: 999_999_999n }), fc.integer({ min: 0, max: 6 }))
      .map(([digits, scale]) => {
        const text = digits.toString().padStart(scale + 1, '0');
        return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      });
    const code = fc.constantFrom(...CURRENCY_CODES);
    fc.assert(
      fc.property(
        code,
        code,
        rate,
        rate,
        fc.bigInt({ min: 1n, max: 99_999_999_999_999n }),
        (from, to, fromRate, toRate, amount) => {
          const table = { ...rates, [from]: fromRate, [to]: toRate } as Record<CurrencyCode, string>;
          const { toAmount, rate: shown } = convert(table, from, to, amount);
          const f = parseDecimal(table[from])!;
          const t = parseDecimal(table[to])!;
          // value = amount × (t / 10^t.scale) / (f / 10^f.scale) × 10^(exponent of to − exponent of from), as num / den.
          const shift = CURRENCY_EXPONENT[to] - CURRENCY_EXPONENT[from];
          const num = amount * t.digits * 10n ** BigInt(f.scale) * 10n ** BigInt(Math.max(0, shift));
          const den = f.digits * 10n ** BigInt(t.scale) * 10n ** BigInt(Math.max(0, -shift));
          expect(toAmount * den <= num).toBe(true);
          expect((toAmount + 1n) * den > num).toBe(true);
          expect(shown).toMatch(/^\d+\.\d{10}$/);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a round trip never comes back with more than it started with', () => {
    for (const from of CURRENCY_CODES) {
      for (const to of CURRENCY_CODES) {
        if (from === to) continue;
        for (const amount of [1n, 99n, 12_345n, 10_000_000n, 99_999_999_999_999n]) {
          const there = convert(rates, from, to, amount).toAmount;
          const back = convert(rates, to, from, there).toAmount;
          expect(back <= amount, `${amount} ${from} → ${there} ${to} → ${back} ${from}`).toBe(true);
        }
      }
    }
  });
});

describe('parseDecimal', () => {
  it.each([
    ['15.50', 1550n, 2],
    ['15.5', 155n, 1],
    ['1', 1n, 0],
    ['0.92', 92n, 2],
    ['1550.00', 155000n, 2],
    ['0', 0n, 0],
    ['007.10', 710n, 2],
    ['999999999999.999999999999', 999999999999999999999999n, 12],
  ])('%s → %s × 10^-%i', (text, digits, scale) => {
    expect(parseDecimal(text)).toEqual({ digits, scale });
  });

  it.each([
    '',
    '.5',
    '1.',
    '-1',
    '+1',
    '1e3',
    ' 1',
    '1 ',
    '1,5',
    '1.2.3',
    'abc',
    '1234567890123',
    '1.1234567890123',
    'Infinity',
  ])('%j is not a decimal', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });
});

describe('divideToText', () => {
  it.each([
    [1n, 3n, 4, '0.3333'],
    [2n, 3n, 4, '0.6666'], // rounded down, not to nearest
    [10n, 4n, 2, '2.50'],
    [1550n, 1n, 10, '1550.0000000000'],
    [100n, 1550n, 10, '0.0645161290'],
    [1n, 1550n, 10, '0.0006451612'],
    [0n, 7n, 3, '0.000'],
    [123456789n, 1000n, 3, '123456.789'],
  ])('%s / %s to %i places → %s', (numerator, denominator, places, text) => {
    expect(divideToText(numerator, denominator, places)).toBe(text);
  });

  it('with no places, a whole number without a dangling point', () => {
    expect(divideToText(7n, 2n, 0)).toBe('3');
    expect(divideToText(10n, 1n, 0)).toBe('10');
  });
});
