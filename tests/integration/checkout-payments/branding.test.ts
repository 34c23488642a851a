import { describe, expect, it } from 'vitest';
import { hostedPage, newMerchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { checkoutWithPage } from './helpers';

describe('branding', () => {
  it('reads defaults, updates, validates and is applied to the session', async () => {
    const { merchant, page } = await checkoutWithPage();
    const initial = await merchant.ok(contract.getBranding);
    expect(initial.body.data).toMatchObject({
      display_name: 'Test Shop',
      logo_url: null,
      accepted_methods: null,
      success_redirect_url: null,
    });

    const updated = await merchant.call(contract.updateBranding, {
      body: {
        display_name: 'Kofi Foods',
        primary_color: '#ffd400',
        logo_url: 'https://cdn.kofi.test/logo.png',
        success_redirect_url: 'https://kofi.test/thanks?x=1',
        support_email: 'help@kofi.test',
      },
    });
    expectStatus(updated, 200);
    expect(updated.body.data).toMatchObject({
      display_name: 'Kofi Foods',
      primary_color: '#FFD400',
      text_color: '#111111',
    });
    const dark = await merchant.ok(contract.updateBranding, { body: { primary_color: '#102030' } });
    expect(dark.body.data).toMatchObject({ text_color: '#FFFFFF', display_name: 'Kofi Foods' });
    expect((await page.ok(contract.getCheckoutSession)).body.data.merchant).toMatchObject({
      display_name: 'Kofi Foods',
      primary_color: '#102030',
    });

    for (const bad of [
      { success_redirect_url: 'javascript:alert(1)' },
      { success_redirect_url: 'http://kofi.test/thanks' },
      { success_redirect_url: 'https://user:pw@kofi.test/' },
      { logo_url: 'http://cdn.kofi.test/logo.png' },
      { primary_color: 'red' },
      { accepted_methods: [] },
      { accepted_methods: ['cash'] },
      { default_locale: 'de' },
      { default_locale: 'SW ' },
      { unknown: true },
    ]) {
      const res = await merchant.send(contract.updateBranding, { body: bad });

      expectStatus(res, 422, JSON.stringify(bad));
      expectErrorShape(res.body, 'validation_error');
    }
  });

  it('keeps a default language for the page, one of the catalogue’s, and clears it with null', async () => {
    const { merchant } = await checkoutWithPage();
    expect((await merchant.ok(contract.getBranding)).body.data.default_locale).toBeNull();
    const set = await merchant.ok(contract.updateBranding, { body: { default_locale: 'am' } });
    expect(set.body.data.default_locale).toBe('am');
    // Other fields left out keep it; null clears it.
    expect((await merchant.ok(contract.updateBranding, { body: { display_name: 'Abebe' } })).body.data).toMatchObject({
      default_locale: 'am',
    });
    const refused = await merchant.send(contract.updateBranding, { body: { default_locale: 'xx' } });
    expectStatus(refused, 422);
    expect(JSON.stringify(refused.body)).toContain('default_locale');
    expect((await merchant.ok(contract.getBranding)).body.data.default_locale).toBe('am');
    const cleared = await merchant.ok(contract.updateBranding, { body: { default_locale: null } });
    expect(cleared.body.data.default_locale).toBeNull();
  });

  it('sends a paid customer to the success URL with checkout_id, reference and status', async () => {
    const merchant = await newMerchant();
    await merchant.call(contract.updateBranding, {
      body: { success_redirect_url: 'https://shop.test/thanks?order=7' },
    });
    const created = (
      await merchant.ok(contract.createCheckout, {
        body: {
          customer_email: 'a@b.co',
          amount: 5,
          currency_code: 'GHS',
        },
      })
    ).body.data;
    const { page } = hostedPage(created);
    expect((await page.ok(contract.getCheckoutSession)).body.data.success_redirect_url).toBeNull();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244124444' },
    });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    const url = new URL((await page.ok(contract.getCheckoutSessionStatus)).body.data.success_redirect_url!);
    expect(url.origin + url.pathname).toBe('https://shop.test/thanks');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      order: '7',
      checkout_id: created.id,
      reference: created.payment_reference,
      status: 'paid',
    });
    const full = await merchant.ok(contract.listCheckouts);
    expect(full.body.data[0]!.redirect_url).toBe('https://shop.test/thanks?order=7');
  });
});
