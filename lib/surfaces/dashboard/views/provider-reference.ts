/**
 * The provider's own reference for a payment or a payout, as the dashboard shows it: the id a merchant
 * quotes to the provider and finds on its statement (M-Pesa's receipt, Paystack's transfer code, MTN's
 * financial transaction id). Both parts come from outside (a provider's answer, a rail's name), so
 * the pages isolate them (`<bdi>`).
 */
export interface ShownReference {
  provider: string;
  reference: string;
}

/** Rails by their instance name (`mtn_momo:CI` is MTN MoMo in Côte d'Ivoire). */
const PROVIDER_NAMES: Record<string, string> = {
  mpesa: 'M-Pesa',
  mtn_momo: 'MTN MoMo',
  airtel: 'Airtel Money',
  airtel_money: 'Airtel Money',
  paystack: 'Paystack',
  sandbox_mobile_money: 'Sandbox',
  sandbox_bank: 'Sandbox',
  sandbox_payouts: 'Sandbox',
};

export function providerName(rail: string): string {
  return PROVIDER_NAMES[rail.split(':')[0]!] ?? rail;
}

/** Null until the provider has given one (a payout still on its way, a payment not yet received). */
export function shownReference(provider: string | null, reference: string | null): ShownReference | null {
  if (!reference) return null;
  return { provider: provider ? providerName(provider) : '', reference };
}
