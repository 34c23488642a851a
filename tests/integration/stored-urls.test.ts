import { beforeAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectStatus, invalidFields } from '../support/caller';
import { contract } from '../support/contract';

/**
 * URLs a merchant stores (lib/platform/http/stored-url.ts): only the usual form is accepted, and the stored
 * value is the parser's normalised href, so what the merchant wrote, what is stored and where a
 * browser or the webhook sender goes are the same place.
 */
const sql = testSql();
let m: Merchant;
beforeAll(async () => {
  m = await newMerchant();
});

const HOSTILE = [
  'https:evil.example/thanks',
  'https:/example.com/thanks',
  'https://evil.example\\@good.example/thanks',
  'https://evil.example\\good.example',
  'https://@good.example/',
  'https://good.example /thanks',
  'https://good.example/\tthanks',
  'https://good.example/\u0085',
  ' https://good.example/',
  '//good.example/thanks',
  'https://user@good.example/',
];

describe('branding URLs', () => {
  const stored = async () =>
    (await sql`select logo_url, success_redirect_url from branding where merchant_id = ${m.id}`)[0];

  it.each(HOSTILE)('refuses success_redirect_url and logo_url %j, storing nothing', async (url) => {
    const before = await stored();
    expect(invalidFields(await m.call(contract.updateBranding, { body: { success_redirect_url: url } }))).toEqual([
      'success_redirect_url',
    ]);
    expect(invalidFields(await m.call(contract.updateBranding, { body: { logo_url: url } }))).toEqual(['logo_url']);
    expect(await stored()).toEqual(before);
  });

  it('stores the normalised form, and checkouts carry it', async () => {
    const res = await m.call(contract.updateBranding, {
      body: {
        success_redirect_url: 'HTTPS://Shop.Example:443/a/../thanks?order=%7e1',
        logo_url: 'https://CDN.shop.example/logo.png',
      },
    });
    expectStatus(res, 200);
    expect(res.body.data.success_redirect_url).toBe('https://shop.example/thanks?order=%7e1');
    expect(res.body.data.logo_url).toBe('https://cdn.shop.example/logo.png');
    expect(await stored()).toEqual({
      success_redirect_url: 'https://shop.example/thanks?order=%7e1',
      logo_url: 'https://cdn.shop.example/logo.png',
    });
    const checkout = await m.ok(contract.createCheckout, { body: minimalCheckout });
    const [row] = await sql`select redirect_url from checkouts where id = ${checkout.body.data.id}`;
    expect(row!.redirect_url).toBe('https://shop.example/thanks?order=%7e1');
  });
});

describe('webhook URLs', () => {
  const count = async () =>
    (await sql`select count(*)::int as n from webhook_endpoints where merchant_id = ${m.id}`)[0]!.n;

  it.each(HOSTILE.map((url) => url.replace(/good\.example/g, '93.184.215.14')))(
    'refuses %j, creating nothing',
    async (url) => {
      const before = await count();
      expect(invalidFields(await m.call(contract.createWebhook, { body: { url, events: ['*'] } }))).toEqual(['url']);
      expect(await count()).toBe(before);
    },
  );

  it('stores the normalised form (and keeps its own rules: a public https address)', async () => {
    const res = await m.call(contract.createWebhook, {
      body: {
        url: 'HTTPS://93.184.215.14:443/hooks/../payments',
        events: ['*'],
      },
    });
    expectStatus(res, 200);
    expect(res.body.data.url).toBe('https://93.184.215.14/payments');
    expect(
      invalidFields(await m.call(contract.createWebhook, { body: { url: 'https://127.0.0.1/x', events: ['*'] } })),
    ).toEqual(['url']);
  });
});
