/**
 * An amount as people type it, read the same way by a form's action and by the page that shows what
 * it is about to do (the refund's "are you sure?"), so both mean the same number. Pure: safe in the
 * browser.
 */

/** Decimal text with the separators people type: "1,250.50" (English), "1 250,50" or "1.250,50" (French). */
export function plainDecimal(text: string): string {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) return plain.replaceAll(',', '');
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(plain)) return plain.replaceAll('.', '').replace(',', '.');
  if (/^\d+,\d+$/.test(plain)) return plain.replace(',', '.');
  return plain;
}

/**
 * The amount as typed becomes the JSON number the API would receive. Text that is no decimal number
 * goes to the schema as it is, which refuses it ("must be a number").
 */
export function amountOf(text: string | undefined): number | string | undefined {
  if (text === undefined) return undefined;
  const plain = plainDecimal(text);
  // Number() reads decimal text exactly as JSON.parse reads the API's body: the same amount either way.
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** The amount typed in minor units of a currency with `digits` decimals; null when it is not one. */
export function minorOf(text: string, digits: number): bigint | null {
  const plain = plainDecimal(text);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(plain);
  if (!match || (match[2]?.length ?? 0) > digits) return null;
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(digits, '0')}`);
}
