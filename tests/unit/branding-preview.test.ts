import { describe, expect, it } from 'vitest';
import { checkoutSessionSchema } from '../../lib/collections/hosted-page/contract';
import { PREVIEW_SCREENS, previewCurrency, previewSession } from '../../lib/collections/hosted-page/preview';
import {
  PREVIEW_MESSAGE,
  applyBrandingDraft,
  draftLogo,
  readBrandingDraft,
} from '../../lib/collections/hosted-page/preview-draft';
import { presentBranding } from '../../lib/merchants/branding/branding';
import { CURRENCY_CODES } from '../../lib/platform/money/currencies';
import { KYB_STATUSES } from '../../lib/platform/vocabulary';

/**
 * The branding preview's sample payment is a session the page could really receive (the contract's
 * own schema), for every currency, KYB status and screen; the draft a frame accepts is only ever the
 * dashboard's message, cut to size, and it shows on the sample as saving would.
 */
const brand = presentBranding({ id: '00000000-0000-4000-8000-0000000000aa', name: 'Ama Stores' }, undefined);

describe('the sample session', () => {
  it('matches the hosted page contract for every currency, KYB status and screen', () => {
    for (const kyb of KYB_STATUSES)
      for (const currency of CURRENCY_CODES)
        for (const screen of PREVIEW_SCREENS)
          for (const locale of ['en', 'fr'] as const) {
            const session = previewSession({ brand, kyb, currency, locale, screen });
            expect(() => checkoutSessionSchema.parse(session), `${kyb} ${currency} ${screen}`).not.toThrow();
            expect(session.sandbox).toBe(false);
          }
  });

  it("shows only currencies the merchant's KYB allows, else the first one allowed", () => {
    expect(previewCurrency('verified', 'EUR')).toBe('EUR');
    expect(previewCurrency('unverified', 'EUR')).not.toBe('EUR');
    expect(previewCurrency('verified', ['GHS'])).toBe(previewCurrency('verified', undefined));
  });
});

describe('the draft a preview frame accepts', () => {
  it('refuses anything but the dashboard message', () => {
    for (const data of [null, 'x', 42, { type: 'other', draft: {} }, { type: PREVIEW_MESSAGE }])
      expect(readBrandingDraft(data)).toBeNull();
  });

  it('keeps known methods and strings only, cut to their stored length', () => {
    const draft = readBrandingDraft({
      type: PREVIEW_MESSAGE,
      draft: { display_name: 'x'.repeat(500), primary_color: 7, accepted_methods: ['cash', 'bank_transfer'] },
    });
    expect(draft).toMatchObject({
      display_name: 'x'.repeat(80),
      primary_color: '',
      accepted_methods: ['bank_transfer'],
    });
  });

  it('shows as saving would: defaults for what is empty or invalid, the text colour computed', () => {
    const sample = previewSession({ brand, kyb: 'verified', currency: 'GHS', locale: 'en', screen: 'choose' });
    const shown = applyBrandingDraft(
      sample,
      {
        display_name: ' ',
        logo_url: 'http://ama.example/logo.png',
        uploaded_logo_url: '',
        primary_color: '#fde047',
        accepted_methods: ['mobile_money'],
        support_email: 'help@ama.example',
        support_phone: '',
      },
      'Ama Stores',
    );
    expect(shown.merchant).toEqual({
      display_name: 'Ama Stores',
      logo_url: null,
      primary_color: '#FDE047',
      text_color: '#111111',
      support_email: 'help@ama.example',
      support_phone: null,
    });
    expect(shown.methods.map((m) => m.method)).toEqual(['mobile_money']);
  });

  it('an uploaded logo wins over the web address; only an address this service serves counts', () => {
    const served = `http://127.0.0.1:3000/brand/${'a'.repeat(8)}-aaaa-aaaa-aaaa-${'a'.repeat(12)}/${'0'.repeat(64)}.png`;
    const web = 'https://ama.example/logo.png';
    expect(draftLogo({ logo_url: web, uploaded_logo_url: served })).toBe(served);
    expect(draftLogo({ logo_url: web, uploaded_logo_url: '' })).toBe(web);
    expect(draftLogo({ logo_url: web, uploaded_logo_url: 'https://evil.example/x.svg' })).toBe(web);
    expect(draftLogo({ logo_url: '', uploaded_logo_url: `${served}.svg` })).toBeNull();
  });
});
