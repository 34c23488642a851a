import type { Page } from '@playwright/test';
import {
  chooseBankTransfer,
  expect,
  expectAccessible,
  merchantWithCheckout,
  openCheckout,
  payButtonName,
  sandboxTransfer,
  snap,
  t,
  tFr,
  test,
  title,
} from './support';

/**
 * What people see at 320–1280 px beyond the words: the merchant's logo (never a broken image),
 * readable text on the brand colour, amounts that never break inside, and Back that returns one
 * step instead of leaving the checkout.
 */

// A 4×2 PNG, red.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGM4oKAARwzIHABtGggBzICBrwAAAABJRU5ErkJggg==',
  'base64',
);

test('a logo that fails (fast or slow) is never a broken image; one that loads late moves nothing', async ({
  page,
}, testInfo) => {
  let release!: () => void;
  const slow = new Promise<void>((resolve) => (release = resolve));
  await page.route('https://logos.example.test/**', async (route) => {
    const url = route.request().url();
    if (url.includes('slow-missing')) {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return route.fulfill({ status: 404, body: 'not found' });
    }
    if (url.includes('missing')) return route.fulfill({ status: 404, body: 'not found' });
    await slow;
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });

  // Fails at once: no image at all, the name as text, no alt text anywhere.
  const broken = await merchantWithCheckout({}, { branding: { logo_url: 'https://logos.example.test/missing.png' } });
  await openCheckout(page, broken.checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.locator('header')).toHaveText('Kofi Foods');
  await expect(page.locator('img')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'logo failed');

  // Fails after a while: nothing before, nothing after.
  const slowBroken = await merchantWithCheckout(
    {},
    { branding: { logo_url: 'https://logos.example.test/slow-missing.png' } },
  );
  const failed = page.waitForEvent('requestfinished', (request) => request.url().includes('slow-missing'));
  await openCheckout(page, slowBroken.checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.locator('img')).toHaveCount(0);
  await failed;
  await expect(page.locator('img')).toHaveCount(0);
  await expect(page.locator('header')).toHaveText('Kofi Foods');

  // Loads after a while: the name does not move when it appears.
  const late = await merchantWithCheckout({}, { branding: { logo_url: 'https://logos.example.test/logo.png' } });
  await openCheckout(page, late.checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  const name = page.locator('header p');
  const before = { name: await name.boundingBox(), header: await page.locator('header').boundingBox() };
  await expect(page.locator('img')).toHaveCount(0);
  release();
  await expect(page.getByTestId('logo')).toBeVisible();
  expect(await page.getByTestId('logo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
  expect(await page.getByTestId('logo').getAttribute('alt')).toBe('');
  expect({ name: await name.boundingBox(), header: await page.locator('header').boundingBox() }).toEqual(before);
  await snap(page, testInfo, 'logo-loaded');
});

test('"Continue now" on the brand colour uses the readable text colour (default blue)', async ({ page }, testInfo) => {
  const { checkout } = await merchantWithCheckout(
    {},
    { branding: { success_redirect_url: 'https://shop.example.test/thanks' } },
  );
  // The merchant's site never answers during the test: the page stays on the paid screen.
  await page.route('https://shop.example.test/**', () => new Promise(() => {}));
  await openCheckout(page, checkout);
  await chooseBankTransfer(page);
  await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  const link = page.getByRole('link', { name: t('redirect_now') });
  await expect(link).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(link).toHaveCSS('background-color', 'rgb(11, 95, 255)');
  await expectAccessible(page, testInfo, 'paid, redirecting (default blue)');
  await page.getByRole('button', { name: t('redirect_stay') }).click();
  await expect(page.getByRole('link', { name: t('return_to', { merchant: 'Kofi Foods' }) })).toHaveCSS(
    'color',
    'rgb(255, 255, 255)',
  );
  await snap(page, testInfo, 'paid-return-link');
});

/** Every amount on screen is on one line and inside the viewport. */
async function expectAmountsOnOneLine(page: Page, where: string) {
  const amounts = await page.locator('[data-amount]').evaluateAll((elements) =>
    elements
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const box = el.getBoundingClientRect();
        return {
          text: el.textContent,
          lines: el.getClientRects().length,
          left: box.left,
          right: box.right,
          viewport: window.innerWidth,
        };
      }),
  );
  expect(amounts.length, `amounts on the ${where} screen`).toBeGreaterThan(0);
  for (const amount of amounts) {
    expect(amount.lines, `${amount.text} on the ${where} screen: lines`).toBe(1);
    expect(amount.left, `${amount.text} on the ${where} screen`).toBeGreaterThanOrEqual(0);
    expect(amount.right, `${amount.text} on the ${where} screen`).toBeLessThanOrEqual(amount.viewport);
  }
}

test('amounts never break at 320 px: large amounts in several currencies, English and French', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'a phone width');
  await page.setViewportSize({ width: 320, height: 700 });
  const cases = [
    { amount: 12_500_000, currency_code: 'NGN', locale: 'en' },
    { amount: 1_234_567.89, currency_code: 'GHS', locale: 'fr' },
    { amount: 999_999_999_999.99, currency_code: 'USD', locale: 'en' },
    { amount: 999_999_999_999, currency_code: 'XOF', locale: 'fr' },
    { amount: 987_654_321.5, currency_code: 'KES', locale: 'en' },
  ] as const;
  for (const { amount, currency_code, locale } of cases) {
    const label = `${currency_code} ${locale}`;
    const { checkout } = await merchantWithCheckout({ amount, currency_code });
    await openCheckout(page, checkout, `?locale=${locale}`);
    const m = locale === 'fr' ? tFr : t;
    await expect(title(page, m('choose_title')).or(title(page, m('bank_title')))).toBeVisible();
    // The choice of method can be drawn before the session (and with it the summary's amount) arrives.
    await expect(page.getByTestId('amount')).toBeVisible();
    await expectAmountsOnOneLine(page, `${label} first`);
    if (await page.getByRole('radio', { name: new RegExp(`^${m('method_mobile_money')}`) }).count()) {
      await page.getByRole('radio', { name: new RegExp(`^${m('method_mobile_money')}`) }).check();
      await page.getByRole('button', { name: m('continue') }).click();
      await expect(title(page, m('mm_title'))).toBeVisible();
      await expectAmountsOnOneLine(page, `${label} mobile money form`);
      await snap(page, testInfo, `amounts-${currency_code}-${locale}-form`);
      await page
        .getByRole('link', { name: m('pay_another_way') })
        .or(page.getByRole('button', { name: m('pay_another_way') }))
        .click();
      await page.getByRole('radio', { name: new RegExp(`^${m('method_bank_transfer')}`) }).check();
      await page.getByRole('button', { name: m('continue') }).click();
    }
    await expect(page.getByRole('button', { name: m('bank_sent') })).toBeVisible();
    await expectAmountsOnOneLine(page, `${label} bank details`);
    await snap(page, testInfo, `amounts-${currency_code}-${locale}-bank`);
    await sandboxTransfer(checkout.payment_reference, { scenario: 'over' });
    await expect(title(page, m('paid_title'))).toBeVisible({ timeout: 15_000 });
    await expectAmountsOnOneLine(page, `${label} receipt`);
    await snap(page, testInfo, `amounts-${currency_code}-${locale}-paid`);
  }
});

test('Back returns one step, a reload stays on the step, and the token never comes back', async ({
  page,
}, testInfo) => {
  const { checkout } = await merchantWithCheckout();
  await page.goto('about:blank');
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  const bare = `${new URL(checkout.checkout_url).origin}/pay/${checkout.payment_reference}`;

  // Bank details, then Back: the choice again (the server still has the transfer open).
  await chooseBankTransfer(page);
  await page.goBack();
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(title(page, t('choose_title'))).toBeFocused();
  expect(page.url()).toBe(bare);

  // The mobile-money form, a network chosen; a reload lands on the same form and network.
  await page.getByRole('radio', { name: new RegExp(`^${t('method_mobile_money')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('mm_title'))).toBeVisible();
  await page.getByRole('radio', { name: 'Telecel Cash' }).check();
  await page.reload();
  await expect(title(page, t('mm_title'))).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Telecel Cash' })).toBeChecked();
  expect(page.url()).toBe(bare);

  // Back from the form: the choice; Forward: the form again.
  await page.goBack();
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.goForward();
  await expect(title(page, t('mm_title'))).toBeVisible();
  await page.getByLabel(t('phone_label')).fill('020 124 4444');
  await page.getByRole('button', { name: payButtonName }).click();
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, testInfo, 'paid after Back and reload');

  // Paid: no earlier step can show anything else, so Back leaves the checkout.
  await page.goBack();
  await expect.poll(() => page.url(), { timeout: 10_000 }).toBe('about:blank');
  await page.goForward();
  await expect(title(page, t('paid_title'))).toBeVisible();
  expect(page.url()).toBe(bare);
  expect(await page.evaluate(() => JSON.stringify(window.history.state))).not.toContain('token');
});
