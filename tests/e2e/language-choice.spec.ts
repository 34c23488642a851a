import { LANGUAGES } from '../../lib/platform/i18n/languages';
import type { Messages } from '../../lib/platform/i18n/messages';
import { translator } from '../../lib/platform/i18n/translate';
import {
  expect,
  expectAccessible,
  merchantWithCheckout,
  openCheckout,
  payButtonName,
  snap,
  t,
  test,
  title,
  tokenOf,
} from './support';

/**
 * How a customer gets their language: the picker on every screen (remembered for that checkout only),
 * the browser's languages, the merchant's default; a payment link hands its language to the checkout.
 * And, on a wide screen, "pay on your phone instead": the QR code of this checkout's link.
 */
const words = (code: keyof typeof LANGUAGES) => translator(LANGUAGES[code].catalogue as Messages, code);
const sw = words('sw');
const ha = words('ha');

test('the picker changes the language on the spot, and this checkout remembers it (only this one)', async ({
  page,
}, testInfo) => {
  const { checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  const picker = page.getByRole('navigation', { name: t('language_label') });
  await picker.getByTestId('language-picker').click();
  await expect(picker.getByRole('link')).toHaveCount(Object.keys(LANGUAGES).length);
  await expect(picker.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page, testInfo, 'language picker open');
  await snap(page, testInfo, 'language-picker');

  await picker.getByRole('link', { name: 'Kiswahili' }).click();
  await expect(title(page, sw('choose_title'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByTestId('amount')).toBeVisible();

  // Opened again without ?locale=: still Swahili (the choice is kept for this checkout's page).
  await page.goto(`/pay/${checkout.payment_reference}`);
  await expect(title(page, sw('choose_title'))).toBeVisible();

  // Another checkout in the same browser follows the browser's language again.
  const other = await merchantWithCheckout();
  await openCheckout(page, other.checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
});

test('with no choice and a browser in none of the languages, the merchant’s default language', async ({ browser }) => {
  const { checkout } = await merchantWithCheckout({}, { branding: { default_locale: 'ha' } });
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await openCheckout(page, checkout);
    await expect(title(page, ha('choose_title'))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
  } finally {
    await context.close();
  }
  // A browser that asks for one of them wins over the merchant's default.
  const portuguese = await browser.newContext({ locale: 'pt-MZ' });
  try {
    const page = await portuguese.newPage();
    await openCheckout(page, checkout);
    await expect(title(page, words('pt')('choose_title'))).toBeVisible();
  } finally {
    await portuguese.close();
  }
});

test('a payment link’s page has the picker, and the checkout it opens speaks the same language', async ({ page }) => {
  const { merchant } = await merchantWithCheckout();
  const created = await merchant.call('POST', '/api/v1/merchants/payment-links', {
    description: 'Haircut',
    amount: 40,
    currency_code: 'GHS',
  });
  expect(created.status).toBeLessThan(300);
  await page.goto(`${new URL(created.body.data.url).pathname}?locale=ar`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: words('ar')('language_label') })).toBeVisible();
  await page.getByRole('button', { name: words('ar')('link_continue') }).click();
  await expect(title(page, words('ar')('choose_title'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('on a wide screen, the QR code of this checkout opens it on the phone, and the laptop shows the receipt', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'offered on wide screens only');
  const { checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByText(t('handoff_show')).click();
  const code = page.getByRole('img', { name: t('handoff_qr_label') });
  await expect(code).toBeVisible();
  // The code is this checkout's own link, token and language included: drawn by the same library.
  const { toString } = await import('qrcode');
  const link = `${new URL(checkout.checkout_url).origin}/pay/${checkout.payment_reference}?locale=en#token=${tokenOf(checkout)}`;
  const svg = await toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  await expect(code).toHaveAttribute('src', `data:image/svg+xml,${encodeURIComponent(svg)}`);
  await expectAccessible(page, testInfo, 'continue on your phone');
  await snap(page, testInfo, 'phone-handoff');

  // The phone opens that link and pays; the laptop follows to the receipt by itself.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const onPhone = await phone.newPage();
    await onPhone.goto(link);
    await expect(title(onPhone, t('choose_title'))).toBeVisible();
    await onPhone.getByRole('radio', { name: new RegExp(`^${t('method_mobile_money')}`) }).check();
    await onPhone.getByRole('button', { name: t('continue') }).click();
    await onPhone.getByRole('radio', { name: 'MTN MoMo' }).check();
    await onPhone.getByLabel(t('phone_label')).fill('0244124444');
    await onPhone.getByRole('button', { name: payButtonName }).click();
    await expect(title(onPhone, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  } finally {
    await phone.close();
  }
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
});
