import { beforeAll, describe, expect, it } from 'vitest';
import { GET as serveLogo } from '../../../app/brand/[merchantId]/[file]/route';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { MAX_LOGO_BYTES } from '../../../lib/merchants/branding/logo-rules';
import { testSql } from '../../support/database';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { memberOf, type Member } from '../../support/members';
import { databaseState } from '../../support/security-cases';
import { checkoutWithPage } from '../checkout-payments/helpers';
import { GIF, HTML, JPEG_START, logoForm, pngOf, SVG, WEBP_START } from '../../support/logo-files';

/**
 * A logo uploaded in Settings → Branding: PNG, JPEG or WebP by its first bytes, at most 512 KB, served
 * from an address holding its hash with the checked type; it wins over the web address, in the API
 * and on the hosted page; removing it brings the web address back.
 */
const sql = testSql();

let merchant: Merchant;
let owner: Member;
beforeAll(async () => {
  merchant = await newMerchant({ name: 'Logo Shop' });
  owner = await memberOf(merchant.id, 'owner');
});

const upload = (who: Member, bytes: Buffer) =>
  runDashboardAction('uploadLogo', who.headers(), { mode: 'test', ...logoForm(bytes) });
const logoUrlOf = async (m: Merchant) => (await m.ok(contract.getBranding, {})).body.data.logo_url;
const fetchLogo = (url: string) => {
  const [merchantId, file] = new URL(url).pathname.split('/').slice(2) as [string, string];
  return serveLogo(new Request(url), { params: Promise.resolve({ merchantId, file }) });
};

describe('logo upload', () => {
  it.each([
    ['PNG', pngOf(3, 2, [200, 30, 30]), 'image/png', 'png'],
    ['JPEG', Buffer.concat([JPEG_START, Buffer.alloc(64, 7)]), 'image/jpeg', 'jpg'],
    ['WebP', WEBP_START, 'image/webp', 'webp'],
  ])('accepts a %s and serves it with its type', async (_kind, bytes, type, ext) => {
    const outcome = await upload(owner, bytes);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const url = await logoUrlOf(merchant);
    expect(url).toMatch(new RegExp(`/brand/${merchant.id}/[0-9a-f]{64}\\.${ext}$`));
    expect(outcome.ok && outcome.data).toMatchObject({ logo_url: url });
    const res = await fetchLogo(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it.each([
    ['an SVG', SVG, 'not_an_image'],
    ['an HTML file (whatever its name)', HTML, 'not_an_image'],
    ['a GIF', GIF, 'not_an_image'],
    ['an empty file', Buffer.alloc(0), 'empty'],
    ['a PNG over 512 KB', Buffer.concat([pngOf(1, 1, [0, 0, 0]), Buffer.alloc(MAX_LOGO_BYTES)]), 'too_large'],
  ])('refuses %s and stores nothing', async (_kind, bytes, reason) => {
    const before = await databaseState();
    const outcome = await upload(owner, bytes);
    expect(outcome).toMatchObject({
      ok: false,
      code: 'validation_error',
      fields: [{ field: 'logo_file', message: reason }],
    });
    expect(await databaseState()).toEqual(before);
  });

  it('a file of exactly 512 KB is accepted', async () => {
    const png = pngOf(1, 1, [1, 2, 3]);
    expect(await upload(owner, Buffer.concat([png, Buffer.alloc(MAX_LOGO_BYTES - png.length)]))).toMatchObject({
      ok: true,
    });
  });

  it("changes the address when the logo changes; the old address is gone; another merchant's upload is its own", async () => {
    await upload(owner, pngOf(4, 4, [10, 20, 30]));
    const first = (await logoUrlOf(merchant))!;
    await upload(owner, pngOf(4, 4, [30, 20, 10]));
    const second = (await logoUrlOf(merchant))!;
    expect(second).not.toBe(first);
    expect((await fetchLogo(first)).status).toBe(404);
    expect((await fetchLogo(second)).status).toBe(200);

    const other = await newMerchant({ name: 'Other Shop' });
    const otherOwner = await memberOf(other.id, 'owner');
    expect(await upload(otherOwner, pngOf(2, 2, [9, 9, 9]))).toMatchObject({ ok: true });
    expect(await logoUrlOf(merchant)).toBe(second);
    const otherUrl = (await logoUrlOf(other))!;
    expect(otherUrl).toContain(`/brand/${other.id}/`);
    // The other merchant's hash under this merchant's id names nothing.
    expect((await fetchLogo(otherUrl.replace(other.id, merchant.id))).status).toBe(404);
    const rows = await sql`select merchant_id from branding_logos where merchant_id in (${merchant.id}, ${other.id})`;
    expect(rows).toHaveLength(2);
  });

  it('a viewer cannot upload or remove', async () => {
    const viewer = await memberOf(merchant.id, 'viewer');
    const before = await databaseState();
    expect(await upload(viewer, pngOf(1, 1, [5, 5, 5]))).toMatchObject({ ok: false, code: 'insufficient_permissions' });
    expect(await runDashboardAction('removeLogo', viewer.headers(), { mode: 'test' })).toMatchObject({ ok: false });
    expect(await databaseState()).toEqual(before);
  });

  it('wins over the web address on the hosted page; removing brings the web address back', async () => {
    const { merchant: shop, page } = await checkoutWithPage();
    const shopOwner = await memberOf(shop.id, 'owner');
    await shop.ok(contract.updateBranding, { body: { logo_url: 'https://cdn.shop.example/logo.png' } });
    await upload(shopOwner, pngOf(2, 2, [0, 128, 0]));
    const served = (await logoUrlOf(shop))!;
    expect(served).toContain(`/brand/${shop.id}/`);
    expect((await page.ok(contract.getCheckoutSession)).body.data.merchant.logo_url).toBe(served);

    const removed = await runDashboardAction('removeLogo', shopOwner.headers(), { mode: 'test' });
    expect(removed).toMatchObject({ ok: true, data: { logo_url: 'https://cdn.shop.example/logo.png' } });
    expect((await page.ok(contract.getCheckoutSession)).body.data.merchant.logo_url).toBe(
      'https://cdn.shop.example/logo.png',
    );
    expect((await fetchLogo(served)).status).toBe(404);
    expect(await sql`select 1 from branding_logos where merchant_id = ${shop.id}`).toHaveLength(0);
    // Nothing left to remove: refused, not an error page.
    expect(await runDashboardAction('removeLogo', shopOwner.headers(), { mode: 'test' })).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    const audit =
      await sql`select details from audit_log where merchant_id = ${shop.id} and action = 'branding.update'`;
    expect(audit.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ logo: null }),
        expect.objectContaining({ logo: expect.objectContaining({ content_type: 'image/png' }) }),
      ]),
    );
  });
});
