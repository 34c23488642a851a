import type { KybStatus, PaymentMethod } from '../db/schema';
import type { CurrencyCode } from '../money/currencies';

/**
 * Which payment methods the hosted page offers, as data. Edit this table to change what a currency
 * offers; the page and the public checkout interface read nothing else.
 */
export const MOBILE_MONEY_NETWORKS = {
  mtn_momo: { label: 'MTN MoMo', countryCallingCode: '233' },
  vodafone_cash: { label: 'Telecel Cash (Vodafone)', countryCallingCode: '233' },
  mpesa: { label: 'M-Pesa', countryCallingCode: '254' },
} as const;
export type MobileMoneyNetwork = keyof typeof MOBILE_MONEY_NETWORKS;

export const METHODS_BY_CURRENCY: Record<CurrencyCode, { mobile_money?: readonly MobileMoneyNetwork[]; bank_transfer: boolean }> = {
  GHS: { mobile_money: ['mtn_momo', 'vodafone_cash'], bank_transfer: true },
  KES: { mobile_money: ['mpesa'], bank_transfer: true },
  NGN: { bank_transfer: true },
  ETB: { bank_transfer: true },
  USD: { bank_transfer: true },
  EUR: { bank_transfer: true },
  GBP: { bank_transfer: true },
};

/**
 * Merchants whose KYB is not `verified` get a restricted set: mobile money only up to this amount per
 * checkout (minor units), and every bank transfer waits for an operator's approval, even when the
 * rail reports the money arrived.
 */
export const UNVERIFIED_MOBILE_MONEY_CAP: Partial<Record<CurrencyCode, bigint>> = {
  GHS: 2_000_00n,
  KES: 50_000_00n,
};

export interface OfferedMethod {
  method: PaymentMethod;
  /** Mobile money: the networks the customer picks from. */
  networks: { id: MobileMoneyNetwork; label: string; country_calling_code: string }[];
  /** Bank transfer: the operator must approve before the checkout counts as paid. */
  requires_manual_approval: boolean;
}

export function offeredMethods(args: {
  currency: CurrencyCode;
  amount: bigint;
  kybStatus: KybStatus;
  acceptedMethods: readonly string[] | null;
}): OfferedMethod[] {
  const table = METHODS_BY_CURRENCY[args.currency];
  const verified = args.kybStatus === 'verified';
  const accepts = (m: PaymentMethod) => args.acceptedMethods === null || args.acceptedMethods.includes(m);
  const offers: OfferedMethod[] = [];
  const cap = UNVERIFIED_MOBILE_MONEY_CAP[args.currency];
  const withinCap = verified || (cap !== undefined && args.amount <= cap);
  if (table.mobile_money?.length && accepts('mobile_money') && withinCap) {
    offers.push({
      method: 'mobile_money',
      networks: table.mobile_money.map((id) => ({
        id,
        label: MOBILE_MONEY_NETWORKS[id].label,
        country_calling_code: MOBILE_MONEY_NETWORKS[id].countryCallingCode,
      })),
      requires_manual_approval: false,
    });
  }
  if (table.bank_transfer && accepts('bank_transfer')) {
    offers.push({ method: 'bank_transfer', networks: [], requires_manual_approval: !verified });
  }
  return offers;
}
