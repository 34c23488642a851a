import type { FieldError } from './errors';
import { isStorableText, UNSTORABLE_MESSAGE } from './storable-text';

/**
 * One linear pass over a request body's JSON text, before JSON.parse sees it. It finds what
 * JSON.parse would let through silently or fail on badly:
 *
 * - nesting deeper than MAX_JSON_DEPTH (JSON.parse, and anything recursive after it, would use
 *   stack in proportion; 3,000 levels overflowed it);
 * - number literals a float cannot carry (`1.00000000000000000001` would be read as 1);
 * - strings and keys PostgreSQL cannot store (storable-text.ts);
 * - keys named `__proto__`, which vanish when validation copies an object.
 *
 * It tracks the key path as it goes, so each finding names its field (`meta_data.order_id`). Strings
 * are skipped with indexOf and only decoded when they hold a `\u` escape (the only way NUL or a lone
 * surrogate can arrive in text decoded from UTF-8) or are keys. Malformed text is not judged here:
 * the scan stops, and JSON.parse reports it.
 */
export const MAX_JSON_DEPTH = 32;
/** At most this many findings are reported (a body full of them needs no thousand-line answer). */
const MAX_FINDINGS = 20;
/** A field path is cut to this many characters in an answer. */
const MAX_PATH_LENGTH = 200;

export interface JsonScan {
  /** The path of the container that went deeper than MAX_JSON_DEPTH, or null. */
  tooDeep: string | null;
  findings: FieldError[];
}

interface Frame {
  array: boolean;
  /** The current key (objects) or index (arrays). */
  key: string;
  index: number;
  expectKey: boolean;
}

const segmentOf = (frame: Frame) => (frame.array ? String(frame.index) : frame.key);

/** The path of the value at the top of `stack` (`depth` frames of it), as zod names fields. */
function pathOf(stack: Frame[], depth = stack.length): string {
  const path = stack.slice(0, depth).map(segmentOf).join('.') || 'body';
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

export function scanJson(text: string): JsonScan {
  const stack: Frame[] = [];
  const findings: FieldError[] = [];
  const report = (field: string, message: string) => {
    if (findings.length < MAX_FINDINGS) findings.push({ field, message });
  };
  const length = text.length;
  // The next `\u` in the text, found once and moved forward only (so the pass stays linear).
  let nextEscape = text.indexOf('\\u');
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    const top = stack[stack.length - 1];
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_JSON_DEPTH) return { tooDeep: pathOf(stack), findings };
      stack.push({ array: c === 0x5b, key: '', index: 0, expectKey: c === 0x7b });
      i++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
      i++;
    } else if (c === 0x2c /* , */) {
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
      i++;
    } else if (c === 0x22 /* " */) {
      const end = stringEnd(text, i);
      if (end < 0) break;
      const isKey = top !== undefined && !top.array && top.expectKey;
      if (nextEscape !== -1 && nextEscape < i) nextEscape = text.indexOf('\\u', i);
      if (isKey || (nextEscape !== -1 && nextEscape < end)) {
        const value = decodeString(text, i, end);
        if (value === undefined) break;
        if (isKey) {
          top.key = value;
          top.expectKey = false;
          if (value === '__proto__') report(pathOf(stack), 'keys named __proto__ are not allowed');
          // A key names no field of its own: the object holding it is the field.
          if (!isStorableText(value)) report(pathOf(stack, stack.length - 1), `has a key that ${UNSTORABLE_MESSAGE}`);
        } else if (!isStorableText(value)) {
          report(pathOf(stack), UNSTORABLE_MESSAGE);
        }
      }
      i = end + 1;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const end = numberEnd(text, i);
      if (!isExactNumber(text.slice(i, end))) {
        report(pathOf(stack), 'has more digits than a number can carry exactly (at most 15 significant digits)');
      }
      i = end;
    } else {
      // Whitespace, ':', true, false, null, or something JSON.parse will refuse.
      i++;
    }
  }
  return { tooDeep: null, findings };
}

/** Index of the quote that closes the string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  while (end > 0) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

function decodeString(text: string, start: number, end: number): string | undefined {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return undefined;
  }
}

function numberEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const c = text.charCodeAt(i);
    // digits, '.', 'e', 'E', '+', '-'
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d) i++;
    else return i;
  }
}

/**
 * Whether the literal's exact decimal value is the value JSON.parse makes of it: its digits (without
 * leading zeros and fraction's trailing zeros) and decimal point equal those of the parsed number's
 * shortest form. `1.50`, `1e2`, `0.1` are exact; `1.00000000000000000001`, `12345678901234567890`,
 * `1e400` and `1e-400` are not.
 */
export function isExactNumber(literal: string): boolean {
  // Up to 15 characters without an exponent means at most 15 significant digits in the normal range:
  // such a decimal always comes back from a double unchanged.
  if (literal.length <= 15 && !/[eE]/.test(literal)) return true;
  const value = Number(literal);
  if (!Number.isFinite(value)) return false;
  const written = decimalOf(literal);
  const parsed = decimalOf(String(value));
  return (
    written !== null &&
    parsed !== null &&
    written.negative === parsed.negative &&
    written.digits === parsed.digits &&
    written.point === parsed.point
  );
}

/** A decimal as significant digits and where the point goes (`12.5` → 125, 2); zero as no digits. */
function decimalOf(text: string): { negative: boolean; digits: string; point: number } | null {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  const all = whole + fraction;
  const leading = all.length - all.replace(/^0+/, '').length;
  const digits = all.slice(leading).replace(/0+$/, '');
  if (digits === '') return { negative: false, digits: '', point: 0 };
  return { negative: sign === '-', digits, point: whole.length + Number(exponent) - leading };
}
