import { describe, expect, it } from 'vitest';
import { MAX_MINOR_UNITS, amountProblemMessage, toMajorUnits, toMinorUnits } from '../../lib/platform/money/amount';
import { CURRENCY_CODES, CURRENCY_EXPONENT } from '../../lib/platform/money/currencies';

describe('toMinorUnits', () => {
  it.each([
    [12.5, 1250n],
    [0.1, 10n],
    [0.01, 1n],
    [0.2, 20n],
    [12.34, 1234n],
    [1, 100n],
    [25.5, 2550n],
    [1.1, 110n],
    [19.99, 1999n],
    [1234567.89, 123456789n],
  ])('%s → %s minor units exactly', (amount, minor) => {
    expect(toMinorUnits(amount, 'GHS')).toBe(minor);
  });

  it('does not use float arithmetic (0.1 + 0.2 is refused, not rounded)', () => {
    // 0.1 + 0.2 === 0.30000000000000004: more decimals than the currency allows.
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe('too_many_decimals');
    expect(toMinorUnits(0.3, 'USD')).toBe(30n);
  });

  it.each([1.005, 0.001, 12.345, 0.125, 99.999])('%s has too many decimals', (amount) => {
    expect(toMinorUnits(amount, 'GHS')).toBe('too_many_decimals');
  });

  it('refuses tiny amounts written in exponent notation as too many decimals', () => {
    expect(toMinorUnits(1e-7, 'GHS')).toBe('too_many_decimals');
    expect(toMinorUnits(Number.MIN_VALUE, 'GHS')).toBe('too_many_decimals');
  });

  it.each([0, -0, -1, -0.01, -12.5, -1e21])('%s is not positive', (amount) => {
    expect(toMinorUnits(amount, 'GHS')).toBe('not_positive');
  });

  it.each([NaN, Infinity, -Infinity])('%s is not a number', (amount) => {
    expect(toMinorUnits(amount, 'GHS')).toBe('not_a_number');
  });

  it('refuses values that are not numbers at runtime', () => {
    expect(toMinorUnits('12.5' as unknown as number, 'GHS')).toBe('not_a_number');
    expect(toMinorUnits(null as unknown as number, 'GHS')).toBe('not_a_number');
  });

  it.each([1e21, 1e300, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER, 1e15, 1000000000000])(
    '%s is too large',
    (amount) => {
      expect(toMinorUnits(amount, 'GHS')).toBe('too_large');
    },
  );

  it('accepts exactly MAX_MINOR_UNITS and refuses one minor unit more', () => {
    expect(MAX_MINOR_UNITS).toBe(99_999_999_999_999n);
    expect(toMinorUnits(999999999999.99, 'GHS')).toBe(MAX_MINOR_UNITS);
    expect(toMinorUnits(1000000000000, 'GHS')).toBe('too_large');
    expect(toMinorUnits(999999999999.99 + 0.01, 'GHS')).toBe('too_large');
    expect(Number(MAX_MINOR_UNITS)).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('reads every two-decimal currency the same way', () => {
    for (const currency of CURRENCY_CODES.filter((c) => CURRENCY_EXPONENT[c] === 2)) {
      expect(toMinorUnits(12.5, currency)).toBe(1250n);
      expect(toMinorUnits(1.005, currency)).toBe('too_many_decimals');
    }
  });

  it('reads the CFA francs (no minor unit) as whole francs, exactly', () => {
    for (const currency of ['XOF', 'XAF'] as const) {
      expect(CURRENCY_EXPONENT[currency]).toBe(0);
      expect(toMinorUnits(1500, currency)).toBe(1500n);
      expect(toMinorUnits(1, currency)).toBe(1n);
      expect(toMinorUnits(1500.5, currency)).toBe('too_many_decimals');
      expect(toMinorUnits(0.5, currency)).toBe('too_many_decimals');
      expect(toMajorUnits(1500n, currency)).toBe(1500);
      expect(toMajorUnits(0n, currency)).toBe(0);
      expect(toMajorUnits(-25n, currency)).toBe(-25);
      expect(toMajorUnits(MAX_MINOR_UNITS, currency)).toBe(99_999_999_999_999);
    }
  });
});

describe('toMajorUnits', () => {
  it.each([
    [1250n, 12.5],
    [10n, 0.1],
    [1n, 0.01],
    [0n, 0],
    [100n, 1],
    [1234n, 12.34],
    [99n, 0.99],
    [MAX_MINOR_UNITS, 999999999999.99],
    [-1250n, -12.5],
    [-1n, -0.01],
  ])('%s → %s', (minor, major) => {
    expect(toMajorUnits(minor, 'GHS')).toBe(major);
  });

  it.each([0.01, 0.1, 0.99, 1, 12.5, 12.34, 19.99, 25.5, 100.01, 123456.78, 999999999999.99])(
    'round trips %s exactly',
    (amount) => {
      const minor = toMinorUnits(amount, 'USD');
      expect(typeof minor).toBe('bigint');
      expect(toMajorUnits(minor as bigint, 'USD')).toBe(amount);
    },
  );

  it('round trips every minor amount from 1 to 10000', () => {
    const wrong: bigint[] = [];
    for (let n = 1n; n <= 10000n; n++) if (toMinorUnits(toMajorUnits(n, 'GHS'), 'GHS') !== n) wrong.push(n);
    expect(wrong).toEqual([]);
  });

  it('round trips minor amounts near the maximum', () => {
    const wrong: bigint[] = [];
    for (let n = MAX_MINOR_UNITS - 1000n; n <= MAX_MINOR_UNITS; n++) {
      if (toMinorUnits(toMajorUnits(n, 'GHS'), 'GHS') !== n) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });
});

describe('amountProblemMessage', () => {
  it('names the currency and the limit', () => {
    expect(amountProblemMessage('too_many_decimals', 'GHS')).toContain('GHS');
    expect(amountProblemMessage('too_large', 'GHS')).toContain('999999999999.99');
    expect(amountProblemMessage('not_positive', 'GHS')).toMatch(/greater than zero/);
    expect(amountProblemMessage('not_a_number', 'GHS')).toMatch(/number/);
  });
});
