import {
  expect,
  expectAccessible,
  expectCheckoutStatus,
  expireNow,
  like,
  merchantWithCheckout,
  openCheckout,
  t,
  tFr,
  test,
  screen,
  snap,
  sql,
  title,
  tokenOf,
} from './support';
import { signCheckoutToken } from '../../lib/checkout/token';

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
  // Never a dead end: the service's contact, as the merchant set none.
  await expect(page.getByTestId('contact').getByRole('link', { name: t('help_web') })).toHaveAttribute(
    'href',
    'https://payments.test/help',
  );
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
  await expect(page.getByTestId('contact')).toContainText('help@payments.test');
  await expectAccessible(page, testInfo, 'cancelled');
  await snap(page, testInfo, 'cancelled-en');
  await expectCheckoutStatus(merchant, checkout.id, 'cancelled');
});

test('a tampered or foreign token shows the "not valid" screen, a missing one says what to do, and no payment data', async ({
  page,
  browser,
}, testInfo) => {
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
    // And no token at all (an app cut the link at its #): what happened and what to do, not "not valid".
    await second.goto(`/pay/${checkout.payment_reference}`);
    await expect(title(second, t('no_token_title'))).toBeVisible();
    await expect(screen(second).getByText(t('no_token_open'))).toBeVisible();
    await expect(screen(second).getByText(like('no_token_ask'))).toBeVisible();
    await expect(second.getByTestId('amount')).toHaveCount(0);
    await expectAccessible(second, testInfo, 'link without its token');
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
  await expect(title(other, t('no_token_title'))).toBeVisible();
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
  await snap(page, testInfo, 'choose-fr');

  await page.getByRole('radio', { name: new RegExp(`^${tFr('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: tFr('continue') }).click();
  await expect(title(page, tFr('bank_title'))).toBeVisible();
  await expect(page.getByRole('button', { name: tFr('bank_sent') })).toBeVisible();
  await expect(page.locator('dl')).toContainText(/1\s234,50\s(GHS|GH₵)/);
  await expectAccessible(page, testInfo, 'bank details (French)');
  await snap(page, testInfo, 'bank-details-fr');

  // The language picker keeps the payment open and shows it in English.
  await page.getByTestId('language-picker').click();
  await page.getByRole('link', { name: 'English' }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('amount')).toHaveText(/^(GH₵|GHS)\s?1,234\.50$/);
});

test('a link expired weeks ago still says "expired" with who to contact, never "not valid"', async ({
  page,
}, testInfo) => {
  const { checkout } = await merchantWithCheckout();
  const createdAt = new Date(Date.now() - 20 * 86_400_000);
  const expiresAt = new Date(Date.now() - 19 * 86_400_000);
  await sql()`update checkouts set created_at = ${createdAt}, expires_at = ${expiresAt} where id = ${checkout.id}`;
  // The link as it was sent then: its token reads for 30 days after expiry.
  const token = signCheckoutToken({
    id: checkout.id,
    paymentReference: checkout.payment_reference,
    createdAt,
    expiresAt,
  });
  await page.goto(`/pay/${checkout.payment_reference}#token=${token}`);
  await expect(title(page, t('expired_title'))).toBeVisible();
  await expect(title(page, t('invalid_title'))).toHaveCount(0);
  const contact = page.getByTestId('contact');
  await expect(contact).toContainText(
    t('contact_service', {
      service: 'Merchant Payments',
      merchant: 'Kofi Foods',
      reference: checkout.payment_reference,
    }),
  );
  await expect(contact.getByRole('link', { name: t('help_email', { email: 'help@payments.test' }) })).toBeVisible();
  await expectAccessible(page, testInfo, 'expired weeks ago');
  await snap(page, testInfo, 'expired-en');
});

test('paying on a link that closed while the page was open shows "expired", not an error', async ({
  page,
}, testInfo) => {
  const { checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout, '?locale=fr');
  await expect(title(page, tFr('choose_title'))).toBeVisible();
  // An hour past expiry the service refuses writes (410 checkout_link_expired); the page has not polled yet.
  await sql()`update checkouts set expires_at = now() - interval '2 hours' where id = ${checkout.id}`;
  await page.getByRole('radio', { name: new RegExp(`^${tFr('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: tFr('continue') }).click();
  await expect(title(page, tFr('expired_title'))).toBeVisible();
  await expect(screen(page).getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('contact')).toBeVisible();
  await expectAccessible(page, testInfo, 'expired (French)');
  await snap(page, testInfo, 'expired-fr');
});
