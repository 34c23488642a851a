import {
  expect,
  expectAccessible,
  expectCheckoutStatus,
  expireNow,
  merchantWithCheckout,
  openCheckout,
  t,
  tFr,
  test,
  screen,
  title,
  tokenOf,
} from './support';

/**
 * The link itself: its token (fragment, legacy query, tampered, kept across reloads but out of the
 * address bar), checkouts that can no longer be paid, and the French page.
 */

test('an expired link shows the expired screen and offers nothing to pay', async ({ page }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await expireNow(checkout.id);
  await openCheckout(page, checkout);
  await expect(title(page, t('expired_title'))).toBeVisible();
  await expect(screen(page).getByText(t('expired_body', { merchant: 'Kofi Foods' }))).toBeVisible();
  await expect(page.getByRole('button', { name: t('continue') })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'expired');
  expect((await merchant.getCheckout(checkout.id)).status).toBe('expired');
});

test('a checkout the merchant cancels shows the cancelled screen on the next load', async ({ page }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();

  await merchant.cancelCheckout(checkout.id);
  await page.reload();
  await expect(title(page, t('cancelled_title'))).toBeVisible();
  await expect(screen(page).getByText(t('cancelled_body', { merchant: 'Kofi Foods' }))).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'cancelled');
  await expectCheckoutStatus(merchant, checkout.id, 'cancelled');
});

test('a tampered, foreign or missing token shows the "not valid" screen and no payment data', async ({ page, browser }, testInfo) => {
  const { checkout } = await merchantWithCheckout({ amount: 77.25 });
  const token = tokenOf(checkout);
  const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  await page.goto(`/pay/${checkout.payment_reference}#token=${tampered}`);
  await expect(title(page, t('invalid_title'))).toBeVisible();
  await expect(screen(page).getByText(t('invalid_body'))).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveCount(0);
  await expect(page.getByText(/77\.25/)).toHaveCount(0);
  await expectAccessible(page, testInfo, 'invalid link');

  // Another checkout's (valid) token does not open this one either.
  const other = await merchantWithCheckout();
  const fresh = await browser.newContext();
  try {
    const second = await fresh.newPage();
    await second.goto(`/pay/${checkout.payment_reference}#token=${tokenOf(other.checkout)}`);
    await expect(title(second, t('invalid_title'))).toBeVisible();
    // And no token at all.
    await second.goto(`/pay/${checkout.payment_reference}`);
    await expect(title(second, t('invalid_title'))).toBeVisible();
  } finally {
    await fresh.close();
  }
});

test('the legacy ?token= link works, and the token leaves the address bar', async ({ page }, testInfo) => {
  const { checkout } = await merchantWithCheckout();
  await page.goto(`/pay/${checkout.payment_reference}?token=${encodeURIComponent(tokenOf(checkout))}`);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(/25\.50/);
  expect(page.url()).not.toContain('token');
  expect(new URL(page.url()).pathname).toBe(`/pay/${checkout.payment_reference}`);
  await expectAccessible(page, testInfo, 'method choice (legacy link)');
});

test('the token is removed from the address bar, and a reload still works', async ({ page }) => {
  const { checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  expect(page.url()).toBe(`${new URL(checkout.checkout_url).origin}/pay/${checkout.payment_reference}`);
  // Nor is it kept in the history entry.
  expect(await page.evaluate(() => window.location.hash)).toBe('');

  await page.reload();
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(/25\.50/);

  // The token lives in this tab only: another tab opening the bare URL is refused.
  const other = await page.context().newPage();
  await other.goto(`/pay/${checkout.payment_reference}`);
  await expect(title(other, t('invalid_title'))).toBeVisible();
});

test('?locale=fr shows the page in French with French number formatting', async ({ page }, testInfo) => {
  const { checkout } = await merchantWithCheckout({ amount: 1234.5 });
  await openCheckout(page, checkout, '?locale=fr');
  await expect(title(page, tFr('choose_title'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // 1 234,50 with a (narrow) no-break space for grouping and a comma for decimals.
  await expect(page.getByTestId('amount')).toHaveText(/^1\s234,50\s(GHS|GH₵)$/);
  await expect(page.getByText(tFr('pay_to', { merchant: 'Kofi Foods' }))).toBeVisible();
  await expectAccessible(page, testInfo, 'method choice (French)');

  await page.getByRole('radio', { name: new RegExp(`^${tFr('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: tFr('continue') }).click();
  await expect(title(page, tFr('bank_title'))).toBeVisible();
  await expect(page.getByRole('button', { name: tFr('bank_sent') })).toBeVisible();
  await expect(page.locator('dl')).toContainText(/1\s234,50\s(GHS|GH₵)/);
  await expectAccessible(page, testInfo, 'bank details (French)');

  // The language switch keeps the payment open and shows it in English.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('amount')).toHaveText(/^(GH₵|GHS)\s?1,234\.50$/);
});
