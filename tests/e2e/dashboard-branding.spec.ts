import { BRANDING_COPY } from '../../lib/surfaces/dashboard/copy/branding';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { en } from '../../lib/platform/i18n/catalogues/en';
import { fr } from '../../lib/platform/i18n/catalogues/fr';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Settings → Branding in Chromium: the hosted page itself, framed at phone and computer widths,
 * follows what the owner types (name, colour, methods, language) before anything is saved; Save
 * stores it for the real page. The preview opens only for signed-in members, and only this path
 * may be framed, by this origin. A viewer sees the preview and a form they cannot use.
 */
const words = BRANDING_COPY.en;

const brandingOf = async (merchantId: string) =>
  (
    await sql()`select display_name, primary_color, accepted_methods from branding where merchant_id = ${merchantId}`
  )[0];

test('an owner sees the page change as they type, in both languages and sizes, then saves', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Kwame Shoes Ltd' });
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test/settings/branding`);
  await expect(title(page, SETTINGS_COPY.en.title)).toBeVisible();
  const phone = page.frameLocator('[data-device="phone"] iframe');
  const desktop = page.frameLocator('[data-device="desktop"] iframe');
  await expect(phone.getByRole('heading', { name: en.choose_title })).toBeVisible();
  await expect(desktop.getByRole('banner').getByText('Kwame Shoes Ltd', { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, 'branding');

  await page.getByLabel(words.display_name).fill('Kwame Shoes');
  await page.getByLabel(words.primary_color, { exact: true }).fill('#1A7F37');
  await page.getByRole('checkbox', { name: words.method_bank_transfer }).uncheck();
  for (const frame of [phone, desktop]) {
    await expect(frame.getByRole('banner').getByText('Kwame Shoes', { exact: true })).toBeVisible();
    await expect(frame.getByRole('button', { name: en.continue })).toHaveCSS('background-color', 'rgb(26, 127, 55)');
    await expect(frame.getByRole('radio')).toHaveCount(1);
    await expect(frame.getByText(en.method_bank_transfer)).toHaveCount(0);
  }
  expect(await brandingOf(merchant.id)).toBeUndefined();

  // Another language reloads the frames: the draft is sent again to the new page.
  await page.locator('#preview-language').selectOption('fr');
  await expect(phone.getByRole('heading', { name: fr.choose_title })).toBeVisible();
  await expect(phone.getByRole('banner').getByText('Kwame Shoes', { exact: true })).toBeVisible();
  await expect(phone.getByRole('button', { name: fr.continue })).toHaveCSS('background-color', 'rgb(26, 127, 55)');
  await page.getByLabel(words.preview_screen).selectOption('paid');
  await expect(desktop.getByRole('heading', { name: fr.paid_title })).toBeVisible();
  await snap(page, testInfo, 'dashboard-branding');

  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
  expect(await brandingOf(merchant.id)).toEqual({
    display_name: 'Kwame Shoes',
    primary_color: '#1A7F37',
    accepted_methods: ['mobile_money'],
  });
  await page.reload();
  await expect(page.getByLabel(words.display_name)).toHaveValue('Kwame Shoes');
  await expect(page.getByRole('checkbox', { name: words.method_bank_transfer })).not.toBeChecked();
});

test('a new success URL asks for the step-up code in the form itself, in both languages, then saves', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Abena Bakes' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  const successUrlOf = async () =>
    (await sql()`select success_redirect_url from branding where merchant_id = ${merchant.id}`)[0]
      ?.success_redirect_url ?? null;

  for (const locale of ['fr', 'en'] as const) {
    const [w, shell] = [BRANDING_COPY[locale], SHELL_COPY[locale]];
    await page.goto(`${baseUrl()}/dashboard/test/settings/branding?locale=${locale}`);
    await expect(title(page, SETTINGS_COPY[locale].title)).toBeVisible();
    await page.getByLabel(w.success_url, { exact: true }).fill('https://abena.example/thanks');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    const form = page.locator('form:has(#success_redirect_url)');
    await expect(form.getByRole('alert')).toHaveText(shell.refused_step_up_required);
    await expect(form.getByLabel(shell.step_up_label)).toBeVisible();
    await expect(form.getByRole('button', { name: shell.confirm, exact: true })).toBeVisible();
    await expectAccessible(page, testInfo, `branding step-up (${locale})`);
    await snap(page, testInfo, `dashboard-branding-step-up-${locale}`);
    expect(await successUrlOf()).toBeNull();
  }

  const form = page.locator('form:has(#success_redirect_url)');
  await form.getByLabel(SHELL_COPY.en.step_up_label).fill(await owner.code());
  await form.getByRole('button', { name: SHELL_COPY.en.confirm, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: words.saved })).toBeVisible();
  await expect(form.getByLabel(SHELL_COPY.en.step_up_label)).toHaveCount(0);
  expect(await successUrlOf()).toBe('https://abena.example/thanks');
});

test('a viewer sees the preview but cannot change anything', async ({ page }, testInfo) => {
  const merchant = await newMerchant({ name: 'Adjoa Books' });
  await signedInMember(page.context(), merchant.id, 'viewer');
  await page.goto(`${baseUrl()}/dashboard/test/settings/branding`);
  await expect(page.getByText(words.read_only)).toBeVisible();
  await expect(page.getByLabel(words.display_name)).toBeDisabled();
  await expect(page.getByRole('button', { name: words.save })).toHaveCount(0);
  await expect(
    page.frameLocator('[data-device="phone"] iframe').getByRole('banner').getByText('Adjoa Books', { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, testInfo, 'branding, viewer');
});

test('the preview is for signed-in members, and is the only page this origin may frame', async ({ request }) => {
  const signedOut = await request.get(`${baseUrl()}/pay/preview`);
  expect(signedOut.status()).toBe(404);
  expect(signedOut.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(signedOut.headers()['x-frame-options']).toBe('SAMEORIGIN');
  const page = await request.get(`${baseUrl()}/pay/PAY-7K3M9Q2XW4T8B6ZD`);
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers()['x-frame-options']).toBe('DENY');
});
