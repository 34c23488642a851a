import { z } from 'zod';
import { NETWORK_PROVIDERS, type NetworkProvider } from '../platform/vocabulary';
import type { CurrencyCode } from '../platform/money/currencies';
import { countryOfInternationalNumber, marketsFor, MOBILE_MONEY_COUNTRIES, readMobileNumber } from './mobile-money';

export const networkProvider = z
  .enum(NETWORK_PROVIDERS, { error: `must be one of ${NETWORK_PROVIDERS.join(', ')}` })
  .meta({
    description:
      'The mobile-money network. Which networks pay out in which currency, and which numbers each takes, is checked against the currency (a 422 names the field and the networks that do)',
  });

/**
 * A mobile-money destination read for a currency: the networks that pay out in it and the numbers they
 * own come from lib/rails/mobile-money.ts. Local numbers (`024…`) are read in the currency's
 * country; where a currency spans several countries for the network (XOF, XAF) the number must carry
 * its `+country` code. Returns the E.164 number, or which field is wrong and why.
 */
export function readPayoutNumber(
  currency: CurrencyCode,
  network: NetworkProvider,
  raw: string,
): { e164: string } | { field: 'network_provider' | 'phone'; message: string } {
  const markets = marketsFor(currency, 'pay_out');
  if (!markets.length)
    return { field: 'network_provider', message: `mobile money does not pay out in ${currency}; use a bank account` };
  const ofNetwork = markets.filter((m) => m.network === network);
  if (!ofNetwork.length) {
    const networks = [...new Set(markets.map((m) => m.network))].join(' or ');
    return { field: 'network_provider', message: `${network} does not pay out in ${currency} (use ${networks})` };
  }
  const country = countryOfInternationalNumber(raw);
  const market = ofNetwork.length === 1 ? ofNetwork[0]! : ofNetwork.find((m) => m.country === country);
  if (!market) {
    const codes = ofNetwork.map((m) => `+${MOBILE_MONEY_COUNTRIES[m.country].callingCode}`).join(', ');
    return {
      field: 'phone',
      message: `must be in international form (${codes}): ${network} pays out in ${currency} in several countries`,
    };
  }
  const read = readMobileNumber(raw, market);
  if ('e164' in read) return read;
  const code = MOBILE_MONEY_COUNTRIES[market.country].callingCode;
  if (read.problem.kind === 'other_country')
    return { field: 'phone', message: `must be a +${code} number for ${network} in ${currency}` };
  if (read.problem.kind === 'other_network') {
    return {
      field: 'phone',
      message: `is ${read.problem.belongsTo ? `a ${read.problem.belongsTo}` : "another network's"} number, not ${market.label}`,
    };
  }
  return {
    field: 'phone',
    message: `must be a ${market.label} number in international (+${code}…) or local form (${market.example})`,
  };
}

/** Shows only the last four digits: `0123456789` → `******6789`. */
export function maskAccountNumber(value: string): string {
  return value.length <= 4 ? value : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}
