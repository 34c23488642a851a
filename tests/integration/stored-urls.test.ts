import { beforeAll, describe, expect, it } from 'vitest';
import { invalidFields, minimalCheckout, newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';

/**
 * URLs a merchant stores (lib/platform/http/stored-url.ts): only the usual form is accepted, and the stored
 * value is the parser's normalised href, so what the merchant wrote, what is stored and where a
 * browser or the webhook sender goes are the same place.
 */
type Merchant = Awaited<ReturnType<typeof newMerchant>>;
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
    expect(invalidFields(await m.api.put('/api/v1/merchants/branding', { success_redirect_url: url }))).toEqual([
      'success_redirect_url',
    ]);
    expect(invalidFields(await m.api.put('/api/v1/merchants/branding', { logo_url: url }))).toEqual(['logo_url']);
    expect(await stored()).toEqual(before);
  });

  it('stores the normalised form, and checkouts carry it', async () => {
    const res = await m.api.put('/api/v1/merchants/branding', {
      success_redirect_url: 'HTTPS://Shop.Example:443/a/../thanks?order=%7e1',
      logo_url: 'https://CDN.shop.example/logo.png',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.success_redirect_url).toBe('https://shop.example/thanks?order=%7e1');
    expect(res.body.data.logo_url).toBe('https://cdn.shop.example/logo.png');
    expect(await stored()).toEqual({
      success_redirect_url: 'https://shop.example/thanks?order=%7e1',
      logo_url: 'https://cdn.shop.example/logo.png',
    });
    const checkout = await m.api.post('/api/v1/merchants/checkouts', minimalCheckout);
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
      expect(invalidFields(await m.api.post('/api/v1/merchants/webhooks', { url, events: ['*'] }))).toEqual(['url']);
      expect(await count()).toBe(before);
    },
  );

  it('stores the normalised form (and keeps its own rules: a public https address)', async () => {
    const res = await m.api.post('/api/v1/merchants/webhooks', {
      url: 'HTTPS://93.184.215.14:443/hooks/../payments',
      events: ['*'],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.url).toBe('https://93.184.215.14/payments');
    expect(
      invalidFields(await m.api.post('/api/v1/merchants/webhooks', { url: 'https://127.0.0.1/x', events: ['*'] })),
    ).toEqual(['url']);
  });
});
