import { expect, merchantWithCheckout, sql, t, test, title, type Checkout } from './support';

/**
 * Every `checkout_url` a merchant receives opens the hosted page: the one create returns, and the ones
 * in the listing, in a get and in every checkout webhook's data (a merchant who emails the link from
 * `checkout.created` must not send a dead link).
 */
async function expectOpens(page: import('@playwright/test').Page, url: string, checkout: Checkout) {
  expect(url, 'a link with its credential').toContain('#token=');
  await page.goto(url);
  await expect(page.getByText(checkout.payment_reference).first()).toBeVisible();
  await expect(title(page, t('invalid_title'))).toHaveCount(0);
}

test('the links in the listing, a get and the checkout.created webhook all open the page', async ({ page }) => {
  const { merchant, checkout } = await merchantWithCheckout();
  const listed = await fetch(
    `${process.env.E2E_BASE_URL}/api/v1/merchants/checkouts?payment_reference=${checkout.payment_reference}`,
    {
      headers: { 'x-api-key': merchant.apiKey },
    },
  ).then((r) => r.json());
  expect(listed.data).toHaveLength(1);
  const got = await merchant.getCheckout(checkout.id);
  const [event] = await sql()<{ data: { checkout_url: string } }[]>`
    select data from events where resource_id = ${checkout.id} and event_type = 'checkout.created'`;

  for (const url of [listed.data[0].checkout_url, got.checkout_url, event!.data.checkout_url]) {
    await expectOpens(page, url as string, checkout);
  }
});

test('the link in a later webhook (checkout.cancelled) opens the page on its final screen', async ({ page }) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await merchant.cancelCheckout(checkout.id);
  const [event] = await sql()<{ data: { checkout_url: string } }[]>`
    select data from events where resource_id = ${checkout.id} and event_type = 'checkout.cancelled'`;
  await expectOpens(page, event!.data.checkout_url, checkout);
  await expect(title(page, t('cancelled_title'))).toBeVisible();
});
