/**
 * Reading a mobile-money number by its network's rule: how the country writes numbers and which
 * national prefixes the network owns. The server reads with the tables of mobile-money.ts; the hosted
 * page with the rule its session carries for each network it offers (`number_rule`), so the page's
 * JavaScript holds this function and none of the tables. One function either way: one answer to
 * "is this a number of that network".
 */
export interface NumberRule {
  callingCode: string;
  nationalDigits: number;
  /** The digit(s) a national number is dialled with at home (`0`), where the country has one. */
  trunkPrefix: string | null;
  /** National-number prefixes of this network. */
  prefixes: readonly string[];
}

/** Another network of the same country: named when a number turns out to be one of its own. */
export interface Neighbour {
  label: string;
  prefixes: readonly string[];
}

export type NumberProblem =
  /** Not a phone number of the country at all (length, characters). */
  | { kind: 'invalid' }
  /** A number of another country than the market's. */
  | { kind: 'other_country' }
  /** A number of the country that belongs to another network (named when we know it). */
  | { kind: 'other_network'; belongsTo: string | null };

/** What people type between digits: spaces, dashes, brackets, dots. */
export const digitsOf = (raw: string) => raw.replace(/[\s\-().\u00a0]/g, '');

/**
 * `024 412 3456`, `+233 24 412 3456`, `00233244123456` or `233244123456` → `+233244123456`. Local
 * forms are read in the rule's country.
 */
export function readNumberByRule(
  raw: string,
  rule: NumberRule,
  neighbours: readonly Neighbour[],
): { e164: string } | { problem: NumberProblem } {
  const national = nationalNumber(raw, rule);
  if (national === 'other_country') return { problem: { kind: 'other_country' } };
  if (national === null) return { problem: { kind: 'invalid' } };
  if (!rule.prefixes.some((p) => national.startsWith(p))) {
    const owner = neighbours.find((n) => n.prefixes.some((p) => national.startsWith(p)));
    return { problem: { kind: 'other_network', belongsTo: owner?.label ?? null } };
  }
  return { e164: `+${rule.callingCode}${national}` };
}

/** The national significant number, 'other_country' for another country's +code, null when malformed. */
function nationalNumber(raw: string, rule: NumberRule): string | 'other_country' | null {
  const digits = digitsOf(raw);
  let national: string;
  if (digits.startsWith('+') || digits.startsWith('00')) {
    const international = digits.startsWith('+') ? digits.slice(1) : digits.slice(2);
    if (!international.startsWith(rule.callingCode)) return /^\d{8,15}$/.test(international) ? 'other_country' : null;
    national = international.slice(rule.callingCode.length);
  } else if (digits.startsWith(rule.callingCode) && digits.length === rule.callingCode.length + rule.nationalDigits) {
    national = digits.slice(rule.callingCode.length);
  } else if (rule.trunkPrefix && digits.startsWith(rule.trunkPrefix)) {
    // A national number never starts with the trunk prefix, so `0…` of the wrong length is no number.
    national = digits.slice(rule.trunkPrefix.length);
  } else {
    national = digits;
  }
  return new RegExp(`^\\d{${rule.nationalDigits}}$`).test(national) ? national : null;
}
