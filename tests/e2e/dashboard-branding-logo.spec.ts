import { BRANDING_COPY } from '../../lib/surfaces/dashboard/copy/branding';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { pngOf, SVG } from '../support/logo-files';
import { baseUrl, expect, expectAccessible, newMerchant, openCheckout, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Settings → Branding, the logo: an owner uploads a PNG (an SVG named .png is refused in words), sees
 * it in both preview frames and on a real hosted page, removes it, and a web address that does not
 * load is flagged beside the field.
 */
const words = BRANDING_COPY.en;
const shell = SHELL_COPY.en;
const SERVED = /\/brand\/[0-9a-f-]{36}\/[0-9a-f]{64}\.png$/;

test('an owner uploads a logo, sees it in the preview and on the page, removes it; a broken address is flagged', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Esi Crafts', kyb_status: 'verified' });
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test/settings/branding`);
  await expect(title(page, SETTINGS_COPY.en.title)).toBeVisible();
  const file = page.getByLabel(words.logo_file);

  // Named .png, typed image/png by the browser: its bytes say SVG, so it is refused.
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: SVG });
  await page.getByRole('button', { name: words.logo_upload }).click();
  await expect(page.getByRole('alert').filter({ hasText: words.logo_refused_not_an_image })).toBeVisible();
  expect(await sql()`select 1 from branding_logos where merchant_id = ${merchant.id}`).toHaveLength(0);

  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngOf(160, 48, [26, 127, 55]) });
  await page.getByRole('button', { name: words.logo_upload }).click();
  await expect(page.getByRole('status').filter({ hasText: words.logo_uploaded })).toBeVisible();
  await expect(page.getByRole('img', { name: words.logo_current })).toHaveAttribute('src', SERVED);
  for (const device of ['phone', 'desktop']) {
    const logo = page.frameLocator(`[data-device="${device}"] iframe`).getByTestId('logo');
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', SERVED);
  }
  await expectAccessible(page, testInfo, 'branding, logo uploaded');
  await page.screenshot({ path: `/work/shots/logo/${testInfo.project.name}-branding-uploaded.png`, fullPage: true });

  // The real page, from the saved branding.
  const checkout = await merchant.createCheckout();
  const hosted = await page.context().newPage();
  await openCheckout(hosted, checkout);
  const logo = hosted.getByTestId('logo');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', SERVED);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await expectAccessible(hosted, testInfo, 'hosted page with uploaded logo');
  await hosted.screenshot({ path: `/work/shots/logo/${testInfo.project.name}-hosted-page.png`, fullPage: true });
  await hosted.close();

  // Removing asks first: "keep it" leaves the logo where it is.
  await page.getByRole('button', { name: words.logo_remove }).click();
  await page.getByRole('button', { name: shell.confirm_keep }).click();
  await expect(page.getByText(shell.confirm_question)).toHaveCount(0);
  expect(await sql()`select 1 from branding_logos where merchant_id = ${merchant.id}`).toHaveLength(1);
  await page.getByRole('button', { name: words.logo_remove }).click();
  await expect(page.getByText(shell.confirm_question)).toBeVisible();
  await page.getByRole('button', { name: words.logo_remove }).click();
  await expect(page.getByRole('status').filter({ hasText: words.logo_removed })).toBeVisible();
  await expect(page.getByText(words.logo_uploaded)).toHaveCount(0);
  expect(await sql()`select 1 from branding_logos where merchant_id = ${merchant.id}`).toHaveLength(0);

  // An address that cannot load: the editor says so (the page would show the name alone).
  await page.getByLabel(words.logo_url).fill('https://logo.invalid/missing.png');
  await expect(page.getByTestId('logo-broken')).toHaveText(words.logo_broken);
  await expectAccessible(page, testInfo, 'branding, broken logo address');
  await page.screenshot({ path: `/work/shots/logo/${testInfo.project.name}-branding-broken.png`, fullPage: true });
});
