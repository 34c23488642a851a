import type { Page, TestInfo } from '@playwright/test';
import { PAYMENT_LINKS_COPY } from '../../lib/surfaces/dashboard/copy/payment-links';
import { signedInMember } from './dashboard-people';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, t, tFr, test, title } from './support';

/**
 * A payment link edited in the dashboard, and what its customers then see: the new description and
 * the email question on `/l/<slug>`; the amount and currency shown, never editable. An unknown link's
 * 404 in the customer's language (`?locale=fr` or Accept-Language).
 */
const words = PAYMENT_LINKS_COPY.en;
const shot = (page: Page, testInfo: TestInfo, name: string) => snap(page, testInfo, `payment-link-${name}`);

test("an owner edits a link's description, email question and limit; the customer's page shows the change", async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Salon Efua' });
  const made = await merchant.call('POST', '/api/v1/merchants/payment-links', {
    amount: 40,
    currency_code: 'GHS',
    description: 'Haircut',
  });
  const link = (made.body as { data: { id: string; url: string } }).data;
  const path = new URL(link.url).pathname;
  await signedInMember(page.context(), merchant.id, 'owner');

  await page.goto(`${baseUrl()}/dashboard/test/payment-links/${link.id}`);
  const form = page.getByTestId('edit-link-form');
  await expect(page.getByRole('heading', { name: words.edit })).toBeVisible();
  await expect(page.getByTestId('edit-link-fixed')).toContainText(words.edit_fixed);
  await expect(page.getByTestId('edit-link-fixed')).toContainText('GHS');
  // Nothing in the form edits the amount or the currency.
  await expect(form.locator('[name="amount"], [name="currency_code"]')).toHaveCount(0);
  await expect(form.getByLabel(words.description)).toHaveValue('Haircut');
  await expectAccessible(page, testInfo, 'payment link edit form');
  await shot(page, testInfo, 'edit-form');

  await form.getByLabel(words.description).fill('Haircut and wash');
  await form.getByLabel(words.collect_email).check();
  await form.getByLabel(words.max_payments).fill('12');
  await form.getByRole('button', { name: words.edit_submit }).click();
  await expect(page.getByText(words.edited)).toBeVisible();
  await expect(title(page, 'Haircut and wash')).toBeVisible();
  await expect(page.getByText(words.limit).locator('xpath=following-sibling::dd[1]')).toHaveText('12');
  await expectAccessible(page, testInfo, 'payment link edited');
  await shot(page, testInfo, 'edit-saved');
  const [row] = await sql()`select description, amount::text, currency_code, collect_customer_email, max_payments
    from payment_links where id = ${link.id}`;
  expect(row).toEqual({
    description: 'Haircut and wash',
    amount: '4000',
    currency_code: 'GHS',
    collect_customer_email: true,
    max_payments: 12,
  });

  await page.goto(`${baseUrl()}/dashboard/test/payment-links/${link.id}?locale=fr`);
  await expect(page.getByRole('heading', { name: PAYMENT_LINKS_COPY.fr.edit })).toBeVisible();
  await expect(page.getByTestId('edit-link-fixed')).toContainText(PAYMENT_LINKS_COPY.fr.edit_fixed);
  await expectAccessible(page, testInfo, 'payment link edit form (French)');
  await shot(page, testInfo, 'edit-form-fr');

  await page.goto(path);
  await expect(page.getByText('Haircut and wash')).toBeVisible();
  await expect(page.getByLabel(t('link_email_label'))).toBeVisible();
  await expectAccessible(page, testInfo, 'edited link, customer page');
});

test('an unknown link is a 404 in the language of ?locale=fr, and of Accept-Language: fr', async ({
  page,
  browser,
}, testInfo) => {
  const asked = await page.goto('/l/zzzzzzzzzz?locale=fr');
  expect(asked?.status()).toBe(404);
  await expect(title(page, tFr('link_not_found'))).toBeVisible();
  await expect(page.getByText(tFr('link_not_found_body'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectAccessible(page, testInfo, 'unknown link (French)');
  await shot(page, testInfo, 'not-found-fr');

  // A browser set to French (its Accept-Language), asking nothing in the address.
  const french = await browser.newContext({ locale: 'fr-SN' });
  const frenchPage = await french.newPage();
  const browsed = await frenchPage.goto(`${baseUrl()}/l/yyyyyyyyyy`);
  expect(browsed?.status()).toBe(404);
  await expect(title(frenchPage, tFr('link_not_found'))).toBeVisible();
  await expect(frenchPage.locator('html')).toHaveAttribute('lang', 'fr');

  // Asked in English in the address, English wins over the browser's French.
  await frenchPage.goto(`${baseUrl()}/l/yyyyyyyyyy?locale=en`);
  await expect(title(frenchPage, t('link_not_found'))).toBeVisible();
  await expect(frenchPage.locator('html')).toHaveAttribute('lang', 'en');
  await french.close();
});
