import { describe, expect, it } from 'vitest';
import { isExactNumber, MAX_JSON_DEPTH, scanJson } from '../../lib/platform/http/json-scan';
import { isStorableText } from '../../lib/platform/http/storable-text';
import { requestFingerprint, stableStringify } from '../../lib/access/idempotency';
import { freeFormProblem } from '../../lib/platform/http/free-form';

describe('isExactNumber', () => {
  it.each([
    '0',
    '-0',
    '1',
    '1.50',
    '1.000',
    '12.5',
    '1e2',
    '1E+2',
    '0.1',
    '0.30000000000000004',
    '5e-324',
    '1.7976931348623157e308',
    '-12.34',
    '0.000000000000000000001',
    '9007199254740993e-16',
  ])('%s is exact', (literal) => expect(isExactNumber(literal)).toBe(true));

  it.each([
    '1.00000000000000000001',
    '9007199254740993',
    '12345678901234567890',
    '1e400',
    '-1e400',
    '1e-400',
    '0.1000000000000000055511151231257827',
  ])('%s is not', (literal) => expect(isExactNumber(literal)).toBe(false));

  it('accepts every shortest form, and judges long integers as exact BigInt arithmetic does', () => {
    for (let i = 0; i < 2000; i++) {
      const value = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 40 - 20);
      expect(isExactNumber(String(value))).toBe(true);
      const digits =
        String(1 + Math.floor(Math.random() * 9)) +
        Array.from({ length: 15 + (i % 10) }, () => Math.floor(Math.random() * 10)).join('');
      const exact = BigInt(Number(digits).toLocaleString('en-US', { useGrouping: false })) === BigInt(digits);
      expect(isExactNumber(digits), digits).toBe(exact);
    }
  });
});

describe('scanJson', () => {
  it('finds nothing in ordinary bodies', () => {
    expect(scanJson('{"a":[1,2.5,{"b":"c\\n\\"d"}],"e":null,"f":true}')).toEqual({ tooDeep: null, findings: [] });
  });

  it('stops at the first container deeper than the limit, naming its path', () => {
    const text = `{"x":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`;
    expect(scanJson(text).tooDeep).toBe(`x${'.0'.repeat(MAX_JSON_DEPTH - 1)}`);
    expect(scanJson(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`).tooDeep).toBeNull();
  });

  it('names keys, values and list items by their path', () => {
    const text = JSON.stringify({ meta: { 'k\u0000': 'v', ok: 'a\ud800', list: [1, '\udc00'] }, n: 1 }).replace(
      '"n":1',
      '"n":1.00000000000000000001',
    );
    expect(scanJson(text).findings.map((f) => f.field)).toEqual(['meta', 'meta.ok', 'meta.list.1', 'n']);
  });

  it('refuses keys named __proto__, wherever they are', () => {
    expect(scanJson('{"a":{"__proto__":1}}').findings).toEqual([
      { field: 'a.__proto__', message: 'keys named __proto__ are not allowed' },
    ]);
  });

  it('reports at most 20 findings', () => {
    expect(scanJson(JSON.stringify(Array(100).fill('\u0000'))).findings).toHaveLength(20);
  });

  it('is linear: a 1 MB body scans in milliseconds', () => {
    const body = JSON.stringify({
      items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, price: i + 0.5 })),
    });
    const started = performance.now();
    expect(scanJson(body).findings).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('isStorableText', () => {
  it.each([
    ['plain', true],
    ['emoji 😀', true],
    ['\ud83d\ude00', true],
    ['a\u0000b', false],
    ['\ud800', false],
    ['x\udfff', false],
    ['\udc00\ud800', false],
  ])('%j → %s', (text, storable) => expect(isStorableText(text)).toBe(storable));
});

describe('the idempotency fingerprint', () => {
  it('is the same canonical JSON as before, key order ignored', () => {
    expect(stableStringify({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    expect(requestFingerprint('POST', '/p', { a: 1, b: 2 })).toBe(requestFingerprint('POST', '/p', { b: 2, a: 1 }));
  });

  it('does not recurse: 100,000 levels are no stack overflow', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    expect(() => requestFingerprint('POST', '/p', deep)).not.toThrow();
  });
});

describe('free-form limits', () => {
  it('walks without recursion and counts keys at every level', () => {
    let deep: object = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(freeFormProblem(deep)).toMatch(/levels deep/);
    expect(freeFormProblem({ a: Array(100).fill(1) })).toMatch(/at most 100 keys/);
    expect(freeFormProblem({ a: Array(99).fill(1) })).toBeNull();
  });
});
