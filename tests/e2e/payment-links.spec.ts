import type { Page, TestInfo } from '@playwright/test';
import { CHECKOUTS_COPY } from '../../lib/surfaces/dashboard/copy/checkouts';
import { PAYMENT_LINKS_COPY } from '../../lib/surfaces/dashboard/copy/payment-links';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  expireNow,
  newMerchant,
  snap,
  sql,
  startMobileMoney,
  t,
  tFr,
  test,
  title,
} from './support';

/**
 * Reusable payment links in Chromium: the owner makes an open-amount link in the dashboard and sees
 * its QR code; a customer opens /l/<slug> (which starts nothing), chooses an amount, pays by mobile
 * money in the sandbox, and a second customer pays too; the link's page then lists two payments and
 * their total. Switched off, the link's page says so (in French too) and offers nothing to press.
 */
const words = PAYMENT_LINKS_COPY.en;
/** An amount as the pages write it (with the non-breaking space Intl puts after the code). */
const ghs = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'GHS', currencyDisplay: 'code' }).format(amount);

const shot = (page: Page, testInfo: TestInfo, name: string) => snap(page, testInfo, `payment-link-${name}`);

const checkoutsOfLink = async (linkId: string) =>
  sql()`select amount::text, status, customer_email from checkouts where payment_link_id = ${linkId} order by created_at`;

/** The customer's side: open the link, choose the amount, continue, pay by MTN MoMo (the sandbox approves). */
async function customerPays(page: Page, path: string, amount: string) {
  await page.goto(path);
  await page.getByLabel(t('link_amount_label', { currency: 'GHS' })).fill(amount);
  await page.getByRole('button', { name: t('link_continue') }).click();
  await startMobileMoney(page, '024 412 5556');
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 20_000 });
}

test('an owner makes an open-amount link; two customers pay it; its page shows both and the total', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const merchant = await newMerchant({ name: 'Salon Adjoa' });
  await signedInMember(page.context(), merchant.id, 'owner');

  await page.goto(`${baseUrl()}/dashboard/test/payment-links`);
  await expect(title(page, words.title)).toBeVisible();
  await expect(page.getByText(words.none)).toBeVisible();
  await expectAccessible(page, testInfo, 'payment links (empty)');
  await shot(page, testInfo, 'dashboard-empty');

  await page.getByLabel(words.description).fill('Braids, any style');
  await page.getByText(words.amount_open).click();
  await page.getByLabel(words.min_amount).fill('5');
  await page.getByLabel(words.max_amount).fill('500');
  await page.getByRole('button', { name: words.create_submit }).click();
  await expect(page.getByText(words.created)).toBeVisible();
  await expectAccessible(page, testInfo, 'payment link made');
  await page.getByTestId('open-link').click();

  await expect(title(page, 'Braids, any style')).toBeVisible();
  await expect(page.getByTestId('payment-link-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('payment-link-status')).toHaveText(words.active);
  const url = await page.getByTestId('payment-link-url').inputValue();
  expect(url).toMatch(/\/l\/[a-z2-9]{10}$/);
  const path = new URL(url).pathname;
  const linkId = page.url().split('/').pop()!;
  await expectAccessible(page, testInfo, 'payment link page');
  await shot(page, testInfo, 'dashboard-link');

  // The customer opens the link: the page only reads.
  await page.goto(path);
  await expect(title(page, t('pay_to', { merchant: '\u2068Salon Adjoa\u2069' }))).toBeVisible();
  await expect(page.getByText(t('link_amount_between', { min: ghs(5), max: ghs(500) }))).toBeVisible();
  expect(await checkoutsOfLink(linkId)).toEqual([]);
  await expectAccessible(page, testInfo, 'link page');
  await shot(page, testInfo, 'customer-link');

  // Below the bounds: refused on the page, nothing made.
  await page.getByLabel(t('link_amount_label', { currency: 'GHS' })).fill('2');
  await page.getByRole('button', { name: t('link_continue') }).click();
  await expect(page.getByText(t('link_error_amount_min', { min: ghs(5) }))).toBeVisible();
  expect(await checkoutsOfLink(linkId)).toEqual([]);
  await expectAccessible(page, testInfo, 'link page refused');
  await shot(page, testInfo, 'customer-link-refused');

  await customerPays(page, path, '12.50');
  await expectAccessible(page, testInfo, 'paid from a link');
  await customerPays(page, path, '30');
  expect(await checkoutsOfLink(linkId)).toEqual([
    { amount: '1250', status: 'paid', customer_email: '' },
    { amount: '3000', status: 'paid', customer_email: '' },
  ]);

  await page.goto(`${baseUrl()}/dashboard/test/payment-links/${linkId}`);
  await expect(page.getByTestId('payment-link-payment')).toHaveCount(2);
  await expect(page.getByTestId('payment-link-total')).toHaveText(
    words.total_other.replace('{total}', ghs(42.5)).replace('{count}', '2'),
  );
  await expectAccessible(page, testInfo, 'payment link page with payments');
  await shot(page, testInfo, 'dashboard-link-paid');

  // Switched off: the customer's page says so, in English and French, and offers no button.
  await page.getByRole('button', { name: words.deactivate }).click();
  await expect(page.getByTestId('payment-link-status')).toHaveText(words.inactive);
  await expect(page.getByRole('button', { name: words.reactivate })).toBeVisible();
  await page.goto(path);
  await expect(page.getByTestId('link-closed')).toHaveText(t('link_closed_inactive'));
  await expect(page.getByRole('button')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'link switched off');
  await shot(page, testInfo, 'customer-link-off');
  await page.goto(`${path}?locale=fr`);
  await expect(page.getByTestId('link-closed')).toHaveText(tFr('link_closed_inactive'));
  await expectAccessible(page, testInfo, 'link switched off (French)');
});

test('an unknown link is a 404 that says so', async ({ page }, testInfo) => {
  const answer = await page.goto('/l/zzzzzzzzzz');
  expect(answer?.status()).toBe(404);
  await expect(title(page, t('link_not_found'))).toBeVisible();
  await expectAccessible(page, testInfo, 'unknown link');
});

test('a one-off link made in the dashboard shows when it expires (7 days by default), and once expired offers nothing to send', async ({
  page,
}, testInfo) => {
  const checkoutWords = CHECKOUTS_COPY.en;
  const merchant = await newMerchant({ name: 'Adwoa Textiles' });
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test/checkouts`);
  await page.getByText(checkoutWords.create, { exact: true }).click();
  await expect(page.getByLabel(checkoutWords.expires_in_minutes)).toHaveValue('10080');
  const inAWeek = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(Date.now() + 7 * 86_400_000);
  await expect(page.getByTestId('expiry-preview')).toContainText(inAWeek);
  await expectAccessible(page, testInfo, 'one-off link form with its expiry');
  await shot(page, testInfo, 'one-off-form');

  await page.getByLabel(checkoutWords.customer_email).fill('ama@example.com');
  await page.getByLabel(checkoutWords.amount, { exact: true }).fill('125.50');
  await page.getByRole('button', { name: checkoutWords.create_submit }).click();
  await expect(page.getByText(checkoutWords.created_link)).toContainText(inAWeek);
  const [row] = await sql()`select id, (expires_at - created_at) = interval '7 days' as week from checkouts
    where merchant_id = ${merchant.id}`;
  expect(row!.week).toBe(true);

  await expireNow(row!.id as string);
  await page.goto(`${baseUrl()}/dashboard/test/checkouts/${row!.id}`);
  await expect(page.getByTestId('checkout-link-done')).toHaveText(checkoutWords.link_expired);
  await expect(page.getByTestId('checkout-link')).toHaveCount(0);
  await expectAccessible(page, testInfo, 'expired one-off link');
  await shot(page, testInfo, 'one-off-expired');
});
