import type { NetworkProvider } from '../platform/vocabulary';
import type { CurrencyCode } from '../platform/money/currencies';
import { digitsOf, readNumberByRule, type NumberProblem, type NumberRule } from './mobile-number';

/**
 * Where mobile money works, as data: countries (how their numbers are written) and markets (a network
 * in a country: the number prefixes it owns, and how a customer approves a payment by hand when no
 * prompt arrives). Collections on the hosted page and mobile-money payouts both read this table, and
 * the page checks numbers with the same function (mobile-number.ts, with the rules its session
 * carries), so there is one rule for "is this a number of that network".
 *
 * Prefixes are the first digits of the national number (after the trunk `0` where a country has one),
 * from each regulator's numbering plan as collected by Google's libphonenumber carrier data (2026).
 * A number moved to another network by number portability keeps its old prefix and is refused for
 * its new network: the price of catching the common mistake (a Telecel number under MTN MoMo) before
 * a prompt goes out. Edit the table when a plan changes.
 */
export const MOBILE_MONEY_COUNTRIES = {
  GH: { callingCode: '233', currency: 'GHS', nationalDigits: 9, trunkPrefix: '0' },
  KE: { callingCode: '254', currency: 'KES', nationalDigits: 9, trunkPrefix: '0' },
  NG: { callingCode: '234', currency: 'NGN', nationalDigits: 10, trunkPrefix: '0' },
  ET: { callingCode: '251', currency: 'ETB', nationalDigits: 9, trunkPrefix: '0' },
  SN: { callingCode: '221', currency: 'XOF', nationalDigits: 9, trunkPrefix: null },
  // Since 2021 Ivorian numbers have 10 digits and the leading 0 is part of the number, not a trunk prefix.
  CI: { callingCode: '225', currency: 'XOF', nationalDigits: 10, trunkPrefix: null },
  ML: { callingCode: '223', currency: 'XOF', nationalDigits: 8, trunkPrefix: null },
  BF: { callingCode: '226', currency: 'XOF', nationalDigits: 8, trunkPrefix: null },
  CM: { callingCode: '237', currency: 'XAF', nationalDigits: 9, trunkPrefix: null },
  UG: { callingCode: '256', currency: 'UGX', nationalDigits: 9, trunkPrefix: '0' },
} as const satisfies Record<
  string,
  { callingCode: string; currency: CurrencyCode; nationalDigits: number; trunkPrefix: string | null }
>;
export type MobileMoneyCountry = keyof typeof MOBILE_MONEY_COUNTRIES;

/** How a customer approves a pending payment from the network's own menu (USSD), when no prompt shows. */
export interface ManualApproval {
  /** The code to dial. */
  dial: string;
  /** The menu entries to open, in the network's own wording; null when we only know the code. */
  menu: readonly string[] | null;
}

export interface MobileMoneyMarket {
  network: NetworkProvider;
  country: MobileMoneyCountry;
  /** The brand customers know. */
  label: string;
  /** National-number prefixes of this network. */
  prefixes: readonly string[];
  /** A number of this network as people write it, for hints. */
  example: string;
  /** The hosted page offers it (false: payouts only). */
  collects: boolean;
  /** Null where the network has no approval menu (M-Pesa's STK prompt is the only way). */
  approval: ManualApproval | null;
}

const range = (from: number, to: number, prefix = '') =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

export const MOBILE_MONEY_MARKETS: readonly MobileMoneyMarket[] = [
  {
    network: 'mtn_momo',
    country: 'GH',
    label: 'MTN MoMo',
    prefixes: ['24', '25', '53', '54', '55', '59'],
    example: '024 412 3456',
    collects: true,
    approval: { dial: '*170#', menu: ['My Wallet', 'My Approvals'] },
  },
  {
    network: 'vodafone_cash',
    country: 'GH',
    label: 'Telecel Cash',
    prefixes: ['20', '50'],
    example: '020 123 4567',
    collects: true,
    approval: { dial: '*110#', menu: null },
  },
  {
    network: 'mpesa',
    country: 'KE',
    label: 'M-Pesa',
    prefixes: [
      '11',
      '14',
      '18',
      '70',
      '71',
      '72',
      '740',
      '741',
      '742',
      '743',
      '745',
      '746',
      '748',
      '749',
      '757',
      '758',
      '759',
      '768',
      '769',
      '79',
    ],
    example: '0712 345 678',
    collects: true,
    approval: null,
  },
  {
    // libphonenumber's carrier data (resources/carrier/en/254.txt): Airtel 73, 78[0-2], 78[5-9]; 75[0-6]
    // were Essar's yu, whose subscribers Airtel took over in 2014 (inferred still Airtel's). Airtel's
    // newer blocks (010x, 076x) are not in that file: left out until confirmed.
    network: 'airtel_money',
    country: 'KE',
    label: 'Airtel Money',
    prefixes: ['73', ...range(750, 756), '780', '781', '782', ...range(785, 789)],
    example: '0733 123 456',
    collects: true,
    // Airtel Money Kenya's menu (airtel.co.ke).
    approval: { dial: '*334#', menu: null },
  },
  {
    // libphonenumber's carrier data (resources/carrier/en/256.txt): Airtel 70, 74, 75; MTN 76, 77, 78.
    network: 'airtel_money',
    country: 'UG',
    label: 'Airtel Money',
    prefixes: ['70', '74', '75'],
    example: '0700 123 123',
    collects: true,
    // Airtel Money Uganda's menu (airtel.co.ug).
    approval: { dial: '*185#', menu: null },
  },
  {
    network: 'mtn_momo',
    country: 'UG',
    label: 'MTN MoMo',
    prefixes: ['76', '77', '78'],
    example: '0772 123 456',
    collects: true,
    // MTN Mobile Money Uganda's menu (mtn.co.ug).
    approval: { dial: '*165#', menu: null },
  },
  {
    network: 'mtn_momo',
    country: 'NG',
    label: 'MoMo PSB (MTN)',
    prefixes: [
      '7025',
      '7026',
      '703',
      '704',
      '706',
      '707',
      '803',
      '806',
      '810',
      '813',
      '814',
      '816',
      '903',
      '906',
      '913',
      '916',
    ],
    example: '0803 123 4567',
    collects: false,
    approval: null,
  },
  {
    network: 'mpesa',
    country: 'ET',
    label: 'M-Pesa',
    prefixes: ['7'],
    example: '0712 345 678',
    collects: false,
    approval: null,
  },
  {
    network: 'orange_money',
    country: 'SN',
    label: 'Orange Money',
    prefixes: ['71', '77', '78'],
    example: '77 123 45 67',
    collects: true,
    approval: { dial: '#144#', menu: null },
  },
  {
    network: 'orange_money',
    country: 'CI',
    label: 'Orange Money',
    prefixes: ['07'],
    example: '07 12 34 56 78',
    collects: true,
    approval: { dial: '#144#', menu: null },
  },
  {
    network: 'mtn_momo',
    country: 'CI',
    label: 'MTN MoMo',
    prefixes: ['05'],
    example: '05 12 34 56 78',
    collects: true,
    approval: { dial: '*133#', menu: null },
  },
  {
    network: 'orange_money',
    country: 'ML',
    label: 'Orange Money',
    prefixes: ['7', '82', '83', '84', '85', '90', '91', '92', '93', '94'],
    example: '70 12 34 56',
    collects: true,
    approval: { dial: '#144#', menu: null },
  },
  {
    network: 'orange_money',
    country: 'BF',
    label: 'Orange Money',
    prefixes: ['04', '05', '06', '07', '4', ...range(54, 57), ...range(64, 67), ...range(74, 77)],
    example: '74 12 34 56',
    collects: true,
    approval: { dial: '*144#', menu: null },
  },
  {
    network: 'orange_money',
    country: 'CM',
    label: 'Orange Money',
    prefixes: ['64', ...range(655, 659), ...range(686, 689), '69'],
    example: '6 90 12 34 56',
    collects: true,
    approval: { dial: '#150#', menu: null },
  },
  {
    network: 'mtn_momo',
    country: 'CM',
    label: 'MTN MoMo',
    prefixes: [...range(650, 654), '67', ...range(680, 683)],
    example: '6 71 23 45 67',
    collects: true,
    approval: { dial: '*126#', menu: null },
  },
];

/** The markets of a currency (its countries' networks), collections or payouts. */
export function marketsFor(currency: string, use: 'collect' | 'pay_out'): MobileMoneyMarket[] {
  return MOBILE_MONEY_MARKETS.filter(
    (m) => MOBILE_MONEY_COUNTRIES[m.country].currency === currency && (use === 'pay_out' || m.collects),
  );
}

export function findMarket(network: string, country: string): MobileMoneyMarket | undefined {
  return MOBILE_MONEY_MARKETS.find((m) => m.network === network && m.country === country);
}

/** The market a stored E.164 number and network belong to (for labels on attempts and receipts). */
export function marketOfNumber(network: string, e164: string): MobileMoneyMarket | undefined {
  return MOBILE_MONEY_MARKETS.find(
    (m) => m.network === network && e164.startsWith(`+${MOBILE_MONEY_COUNTRIES[m.country].callingCode}`),
  );
}

/** The rule a market's numbers are read by (mobile-number.ts), as the hosted page gets it too. */
export function numberRuleOf(market: MobileMoneyMarket): NumberRule {
  const country = MOBILE_MONEY_COUNTRIES[market.country];
  return {
    callingCode: country.callingCode,
    nationalDigits: country.nationalDigits,
    trunkPrefix: country.trunkPrefix,
    prefixes: market.prefixes,
  };
}

/**
 * A mobile-money number read for a market: `024 412 3456`, `+233 24 412 3456`, `00233244123456` or
 * `233244123456` → `+233244123456`. Local forms are read in the market's country; a number of another
 * network there is named by its network.
 */
export function readMobileNumber(
  raw: string,
  market: MobileMoneyMarket,
): { e164: string } | { problem: NumberProblem } {
  const neighbours = MOBILE_MONEY_MARKETS.filter((m) => m.country === market.country);
  return readNumberByRule(raw, numberRuleOf(market), neighbours);
}

/** The country whose calling code an international number (`+221…`, `00221…`) starts with, if we know it. */
export function countryOfInternationalNumber(raw: string): MobileMoneyCountry | undefined {
  const digits = digitsOf(raw);
  const international = digits.startsWith('+') ? digits.slice(1) : digits.startsWith('00') ? digits.slice(2) : null;
  if (international === null) return undefined;
  return (Object.keys(MOBILE_MONEY_COUNTRIES) as MobileMoneyCountry[]).find((c) =>
    international.startsWith(MOBILE_MONEY_COUNTRIES[c].callingCode),
  );
}

/** `+233244123456` → `+233 ••• ••• 456` for screens and logs. */
export function maskPhone(phone: string): string {
  return phone.length <= 7 ? '•••' : `${phone.slice(0, 4)} ••• ••• ${phone.slice(-3)}`;
}
