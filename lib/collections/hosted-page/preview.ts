import { CHECKOUT_CURRENCIES_BY_KYB } from '../../merchants/kyb';
import { isCurrencyCode, CURRENCY_CODES, type CurrencyCode } from '../../platform/money/currencies';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { Locale } from '../../platform/i18n/locale';
import type { KybStatus } from '../../platform/vocabulary';
import type { Branding } from '../../merchants/branding/contract';
import { offeredMethods } from '../../rails/methods';
import type { CheckoutSession } from './contract';

/** The screens the branding preview can show: where a customer starts, and the receipt. */
export const PREVIEW_SCREENS = ['choose', 'paid'] as const;
export type PreviewScreen = (typeof PREVIEW_SCREENS)[number];

const SAMPLE_MINOR_UNITS = 12_550n;
const SAMPLE_REFERENCE = 'PAY-PREVIEW0000000';

/** The currencies this merchant's checkouts may be in (any, for a look, when KYB allows none). */
export function previewCurrencies(kyb: KybStatus): readonly CurrencyCode[] {
  const allowed = CHECKOUT_CURRENCIES_BY_KYB[kyb];
  return allowed.length > 0 ? allowed : CURRENCY_CODES;
}

export function previewCurrency(kyb: KybStatus, asked: unknown): CurrencyCode {
  const allowed = previewCurrencies(kyb);
  return typeof asked === 'string' && isCurrencyCode(asked) && allowed.includes(asked) ? asked : allowed[0]!;
}

/**
 * A made-up checkout, shaped exactly as the hosted page receives one, to show a merchant's branding
 * on the real page components: every method the currency offers this merchant (the page narrows it to
 * the branding's methods), a sample customer, and for the receipt a mobile-money payment just made.
 * Nothing in it exists: the preview page has no token and its buttons do nothing.
 */
export function previewSession(input: {
  brand: Branding;
  kyb: KybStatus;
  currency: CurrencyCode;
  locale: Locale;
  screen: PreviewScreen;
  now?: Date;
}): CheckoutSession {
  const { brand, currency, screen } = input;
  const now = input.now ?? new Date();
  const at = (minutes: number) => formatTimestamp(new Date(now.getTime() + minutes * 60_000))!;
  const amount = toMajorUnits(SAMPLE_MINOR_UNITS, currency);
  const methods = offeredMethods({ currency, amount: SAMPLE_MINOR_UNITS, kybStatus: input.kyb, acceptedMethods: null });
  const paid = screen === 'paid';
  const mobile = methods.find((m) => m.method === 'mobile_money');
  const network = mobile?.networks[0] ?? null;
  const paidWith = mobile ? 'mobile_money' : 'bank_transfer';
  return {
    checkout: {
      id: '00000000-0000-4000-8000-000000000000',
      payment_reference: SAMPLE_REFERENCE,
      amount,
      currency_code: currency,
      status: paid ? 'paid' : 'pending',
      approval_status: paid ? 'approved' : 'pending_approval',
      payment_method: paid ? paidWith : null,
      customer_email: 'customer@example.com',
      customer_name: 'Kofi Mensah',
      customer_phone: null,
      customer_phone_editable: true,
      description: input.locale === 'fr' ? 'Commande 1042' : 'Order 1042',
      expires_at: at(60),
      paid_at: paid ? at(0) : null,
      created_at: at(-5),
    },
    merchant: {
      display_name: brand.display_name,
      logo_url: brand.logo_url,
      primary_color: brand.primary_color,
      text_color: brand.text_color,
      support_email: brand.support_email,
      support_phone: brand.support_phone,
    },
    methods,
    methods_unavailable: [],
    latest_attempt: paid
      ? {
          id: '00000000-0000-4000-8000-000000000001',
          method: paidWith,
          status: 'succeeded',
          network: paidWith === 'mobile_money' ? (network?.id ?? null) : null,
          phone: paidWith === 'mobile_money' && network ? `+${network.country_calling_code} ••• ••• 456` : null,
          amount,
          currency_code: currency,
          bank_account: null,
          failure_code: null,
          failure_message: null,
          respond_by: null,
          claimed_at: null,
          completed_at: at(0),
          created_at: at(-1),
        }
      : null,
    received: {
      amount: paid ? amount : 0,
      outstanding: paid ? 0 : amount,
      overpaid: 0,
      duplicate: 0,
      refunded: 0,
      last_received_at: paid ? at(0) : null,
      provider_reference: paid ? 'PREVIEW-0001' : null,
      provider: null,
    },
    service_support: null,
    success_redirect_url: null,
    sandbox: false,
    server_time: at(0),
  };
}
