import { z } from 'zod';
import { NETWORK_PROVIDERS, type NetworkProvider } from '../db/schema';
import type { CurrencyCode } from '../money/currencies';

/**
 * Where money can go out by mobile money: the networks that pay out in each currency, and the country
 * calling code used to read local numbers (`024…` in GHS → `+23324…`).
 */
export const PAYOUT_NETWORKS: Partial<Record<CurrencyCode, { callingCode: string; networks: readonly NetworkProvider[] }>> = {
  GHS: { callingCode: '233', networks: ['mtn_momo', 'vodafone_cash'] },
  KES: { callingCode: '254', networks: ['mpesa'] },
  NGN: { callingCode: '234', networks: ['mtn_momo'] },
  ETB: { callingCode: '251', networks: ['mpesa'] },
};

export const networkProvider = z.enum(NETWORK_PROVIDERS, { error: `must be one of ${NETWORK_PROVIDERS.join(', ')}` });

/**
 * A phone number in E.164: `+` then 8–15 digits. Local numbers (leading 0) are read in the currency's
 * country; `00` is the international prefix. Spaces, dashes, dots and parentheses are ignored.
 */
export function toE164(raw: string, currency: CurrencyCode): string | null {
  const digits = raw.replace(/[\s\-().]/g, '');
  let e164: string;
  if (digits.startsWith('+')) e164 = digits;
  else if (digits.startsWith('00')) e164 = `+${digits.slice(2)}`;
  else if (digits.startsWith('0') && PAYOUT_NETWORKS[currency]) e164 = `+${PAYOUT_NETWORKS[currency]!.callingCode}${digits.slice(1)}`;
  else return null;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/** Why a mobile-money destination cannot be used in this currency, or null when it can. */
export function mobileMoneyProblem(
  currency: CurrencyCode,
  network: NetworkProvider,
  phone: string,
): { field: 'network_provider' | 'phone'; message: string } | null {
  const table = PAYOUT_NETWORKS[currency];
  if (!table) return { field: 'network_provider', message: `mobile money does not pay out in ${currency}; use a bank account` };
  if (!table.networks.includes(network)) {
    return { field: 'network_provider', message: `${network} does not pay out in ${currency} (use ${table.networks.join(' or ')})` };
  }
  if (!phone.startsWith(`+${table.callingCode}`)) {
    return { field: 'phone', message: `must be a +${table.callingCode} number for ${network} in ${currency}` };
  }
  return null;
}

/** Shows only the last four digits: `0123456789` → `******6789`. */
export function maskAccountNumber(value: string): string {
  return value.length <= 4 ? value : `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}
