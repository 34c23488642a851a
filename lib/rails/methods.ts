import type { KybStatus, PaymentMethod } from '../platform/vocabulary';
import type { CurrencyCode } from '../platform/money/currencies';
import { marketsFor, MOBILE_MONEY_COUNTRIES, numberRuleOf, type MobileMoneyCountry } from './mobile-money';
import type { NetworkProvider } from '../platform/vocabulary';

/**
 * Which payment methods the hosted page offers, as data. Mobile money is offered where the currency
 * has markets that collect (lib/rails/mobile-money.ts); bank transfer where this table says.
 * The page and the public checkout interface read nothing else.
 */
export const BANK_TRANSFER_CURRENCIES: readonly CurrencyCode[] = [
  'GHS',
  'KES',
  'NGN',
  'ETB',
  'XOF',
  'XAF',
  'UGX',
  'USD',
  'EUR',
  'GBP',
];

/**
 * Merchants whose KYB is not `verified` get a restricted set: mobile money only up to this amount per
 * checkout (minor units), and every bank transfer waits for an operator's approval, even when the
 * rail reports the money arrived.
 */
export const UNVERIFIED_MOBILE_MONEY_CAP: Partial<Record<CurrencyCode, bigint>> = {
  GHS: 2_000_00n,
  KES: 50_000_00n,
  XOF: 200_000n,
  XAF: 200_000n,
  // About the same as the others (~USD 200-400) at the default rate.
  UGX: 1_000_000n,
};

/** A network in a country, as the page offers it. */
export interface OfferedNetwork {
  id: NetworkProvider;
  country: MobileMoneyCountry;
  label: string;
  country_calling_code: string;
  /** A number of this network as people write it. */
  example: string;
  /** Approving by hand from the network's menu when no prompt arrives; null when there is no such menu. */
  manual_approval: { dial: string; menu: string[] | null } | null;
  /** How its numbers are read (lib/rails/mobile-number.ts): the page checks a number before sending it. */
  number_rule: { national_digits: number; trunk_prefix: string | null; prefixes: string[] };
}

export interface OfferedMethod {
  method: PaymentMethod;
  /** Mobile money: the networks the customer picks from. */
  networks: OfferedNetwork[];
  /** Bank transfer: the operator must approve before the checkout counts as paid. */
  requires_manual_approval: boolean;
}

export function offeredNetworks(currency: CurrencyCode): OfferedNetwork[] {
  return marketsFor(currency, 'collect').map((m) => {
    const rule = numberRuleOf(m);
    return {
      id: m.network,
      country: m.country,
      label: m.label,
      country_calling_code: MOBILE_MONEY_COUNTRIES[m.country].callingCode,
      example: m.example,
      manual_approval: m.approval && { dial: m.approval.dial, menu: m.approval.menu && [...m.approval.menu] },
      number_rule: {
        national_digits: rule.nationalDigits,
        trunk_prefix: rule.trunkPrefix,
        prefixes: [...rule.prefixes],
      },
    };
  });
}

export function offeredMethods(args: {
  currency: CurrencyCode;
  amount: bigint;
  kybStatus: KybStatus;
  acceptedMethods: readonly string[] | null;
}): OfferedMethod[] {
  const verified = args.kybStatus === 'verified';
  const accepts = (m: PaymentMethod) => args.acceptedMethods === null || args.acceptedMethods.includes(m);
  const offers: OfferedMethod[] = [];
  const cap = UNVERIFIED_MOBILE_MONEY_CAP[args.currency];
  const withinCap = verified || (cap !== undefined && args.amount <= cap);
  const networks = offeredNetworks(args.currency);
  if (networks.length && accepts('mobile_money') && withinCap) {
    offers.push({ method: 'mobile_money', networks, requires_manual_approval: false });
  }
  if (BANK_TRANSFER_CURRENCIES.includes(args.currency) && accepts('bank_transfer')) {
    offers.push({ method: 'bank_transfer', networks: [], requires_manual_approval: !verified });
  }
  return offers;
}
