import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { CHECKOUTS_COPY } from '../../lib/surfaces/dashboard/copy/checkouts';
import { MONEY_OUT_COPY } from '../../lib/surfaces/dashboard/copy/money-out';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { WALLETS_COPY } from '../../lib/surfaces/dashboard/copy/wallets';
import {
  baseUrl,
  expect,
  expectAccessible,
  newMerchant,
  sandboxTransfer,
  sidewaysAt,
  test,
  title,
  type Merchant,
} from './support';
import { signedInMember } from './dashboard-people';

/**
 * Money screens on a phone: every list page of the dashboard fits 360 px (nothing scrolls sideways,
 * no table wider than its place), the header takes at most a sixth of a 360×640 screen, a partial
 * refund is asked first and then shows as "Partially refunded" in the list and on the checkout, and
 * money still settling says when it becomes available, also when a withdrawal is refused for it.
 * Screenshots of each screen at 360 and 1280 px go to the folder SCREENS_SHOTS names, when it is set.
 */
const shell = SHELL_COPY.en;
const checkoutWords = CHECKOUTS_COPY.en;
const moneyOut = MONEY_OUT_COPY.en;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SCREENS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${dir}/${width}-${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function ok(merchant: Merchant, method: string, path: string, body?: unknown) {
  const answer = await merchant.call(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}

/** A merchant with something in every list: paid, refunded and pending checkouts, settled money, a withdrawal, a key, an endpoint. */
async function busyMerchant() {
  const merchant = await newMerchant({ name: 'Abena Provisions and Household Goods' });
  const paid = await merchant.createCheckout({
    amount: 101.01,
    currency_code: 'GHS',
    customer_email: 'kwame.mensah.long@example.com',
  });
  await sandboxTransfer(paid.payment_reference, { scenario: 'exact' });
  await merchant.createCheckout({ amount: 12.5, currency_code: 'GHS' });
  const settled = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    body: JSON.stringify({ as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(), merchant_id: merchant.id }),
  });
  expect(settled.status).toBe(200);
  await ok(merchant, 'POST', '/api/v1/merchants/wallet/refunds', {
    checkout_id: paid.id,
    amount: 5,
    reason: 'One item returned',
  });
  await ok(merchant, 'POST', '/api/v1/merchants/payment-accounts', {
    account_type: 'bank_account',
    currency_code: 'GHS',
    account_number: '0123456789',
    bank_name: 'GCB Bank',
    account_holder_name: 'Abena Provisions Ltd',
  });
  await ok(merchant, 'POST', '/api/v1/merchants/withdrawals', {
    amount: 10,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: {
      recipient_name: 'Abena Provisions Ltd',
      bank_account_number: '0123456789',
      bank_name: 'GCB Bank',
      account_holder_name: 'Abena Provisions Ltd',
    },
  });
  await ok(merchant, 'POST', '/api/v1/merchants/api-keys', { name: 'Point of sale terminal in the shop' });
  await ok(merchant, 'POST', '/api/v1/merchants/webhooks', {
    url: 'https://93.184.215.14/hooks/a-rather-long-path/for-the-shop',
    events: ['checkout.paid'],
  });
  return merchant;
}

const LIST_PAGES = [
  '',
  'checkouts',
  'transactions',
  'wallets',
  'money-out',
  'money-out/accounts',
  'conversion',
  'developers',
  'settings',
  'settings/security',
  'settings/audit',
];

test('at 360 px no dashboard list page scrolls sideways, and the header takes at most a sixth of 640 px', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'measured at 360 px');
  test.setTimeout(300_000);
  const merchant = await busyMerchant();
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.setViewportSize({ width: 360, height: 640 });
  for (const path of LIST_PAGES) {
    await page.goto(`${baseUrl()}/dashboard/test${path ? `/${path}` : ''}`);
    await expect(page.getByRole('main')).toBeVisible();
    const wide = await page.evaluate(() => {
      const found: string[] = [];
      if (document.documentElement.scrollWidth > window.innerWidth) {
        found.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
      }
      // A table's region that scrolls on its own also hides columns: none may.
      for (const region of document.querySelectorAll<HTMLElement>('main [role=region]')) {
        if (region.scrollWidth > region.clientWidth + 1) {
          found.push(`${region.getAttribute('aria-label')}: ${region.scrollWidth} > ${region.clientWidth}`);
        }
      }
      // What is only for screen readers (clipped to nothing, like a table's header row on a phone) is not seen.
      const clipped = (el: Element | null): boolean =>
        !!el && el.tagName !== 'MAIN' && (getComputedStyle(el).clipPath !== 'none' || clipped(el.parentElement));
      for (const el of document.querySelectorAll<HTMLElement>('main *')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > window.innerWidth + 1 && !el.closest('nav') && !clipped(el)) {
          found.push(`${el.tagName.toLowerCase()}.${el.className} right ${Math.round(box.right)}`);
        }
      }
      return found.slice(0, 5);
    });
    expect(wide, `/dashboard/test/${path}`).toEqual([]);
    await shot(page, testInfo, `list-${path.replaceAll('/', '-') || 'home'}`);
  }

  // The same pages on a desktop, for the eye (the 1280-px screenshots).
  if (process.env.SCREENS_SHOTS) {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of LIST_PAGES) {
      await page.goto(`${baseUrl()}/dashboard/test${path ? `/${path}` : ''}`);
      await expect(page.getByRole('main')).toBeVisible();
      await shot(page, testInfo, `list-${path.replaceAll('/', '-') || 'home'}`);
    }
    await page.setViewportSize({ width: 360, height: 640 });
  }

  // The header: business, mode and sign-out on one row, the test band and the sections under it.
  await page.goto(`${baseUrl()}/dashboard/test/transactions`);
  const header = await page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Dashboard"]')!.getBoundingClientRect();
    return { top: document.querySelector('header')!.getBoundingClientRect().height, all: nav.bottom };
  });
  expect(header.top, 'the header row').toBeLessThanOrEqual(48);
  expect(header.all, 'header, test band and sections').toBeLessThanOrEqual(106);
  // A row of Transactions shows its amount and status without scrolling: every cell is in sight.
  const firstRow = page.getByRole('region').first().locator('tbody tr').first();
  for (const cell of await firstRow.locator('td, th').all()) await expect(cell).toBeInViewport();
  // Every cell of a withdrawal (and its Cancel while it can be cancelled) in sight.
  await page.goto(`${baseUrl()}/dashboard/test/money-out`);
  // And at 320 px, the narrowest phone, Money out does not scroll sideways either.
  expect(await sidewaysAt(page, 320), 'money out at 320 px').toEqual([]);
  const withdrawal = page.getByRole('region', { name: moneyOut.withdrawals }).locator('tbody tr').first();
  await withdrawal.scrollIntoViewIfNeeded();
  for (const cell of await withdrawal.locator('td, th').all()) await expect(cell).toBeInViewport();
  await expectAccessible(page, testInfo, 'money out at 360 px');
  // French words are longer (the header's "Se déconnecter"): at 320 px the page still fits.
  await page.goto(`${baseUrl()}/dashboard/test/money-out?locale=fr`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect(await sidewaysAt(page, 320), 'money out in French at 320 px').toEqual([]);
  await page.goto(`${baseUrl()}/dashboard/test/money-out?locale=en`);
});

test('a partial refund is asked first, then shows as Partially refunded in the list and on the checkout', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Adjoa Fabrics' });
  await sandboxTransfer((await merchant.createCheckout({ amount: 5 })).payment_reference, { scenario: 'exact' });
  const checkout = await merchant.createCheckout({ amount: 80 });
  await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test/checkouts/${checkout.id}`);
  await expect(title(page, new RegExp(checkout.payment_reference))).toBeVisible();
  await expect(page.getByTestId('checkout-refund-state')).toHaveCount(0);

  // An empty amount is not "everything": the form will not go without one unless the whole is chosen.
  await page.getByLabel(checkoutWords.refund_reason).fill('Wrong colour');
  await page.getByRole('button', { name: checkoutWords.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toHaveCount(0);
  expect(
    await page.getByLabel(checkoutWords.refund_amount).evaluate((i: HTMLInputElement) => i.validity.valueMissing),
  ).toBe(true);

  await page.getByLabel(checkoutWords.refund_amount).fill('30');
  await page.getByRole('button', { name: checkoutWords.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toHaveText(
    /^Refund GHS\s30\.00 to the customer\? GHS\s50\.00 will stay refundable\.$/,
  );
  await expectAccessible(page, testInfo, 'refund asked');
  await shot(page, testInfo, 'refund-asked');
  await page.getByRole('button', { name: /^Refund GHS\s30\.00$/ }).click();
  await page.getByLabel(shell.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: shell.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: checkoutWords.refunded_done })).toBeVisible();
  await expect(page.getByTestId('checkout-refund-state')).toHaveText(checkoutWords.refund_state_partially_refunded);
  await expect(page.getByTestId('checkout-status')).toHaveText(/Paid/);
  await expectAccessible(page, testInfo, 'partially refunded');
  await shot(page, testInfo, 'checkout-partially-refunded');

  await page.goto(`${baseUrl()}/dashboard/test/checkouts`);
  const row = page.getByRole('row', { name: new RegExp(checkout.payment_reference) });
  await expect(row.getByText(checkoutWords.refund_state_partially_refunded)).toBeVisible();
  await expectAccessible(page, testInfo, 'checkouts with a refund');
  await shot(page, testInfo, 'checkouts-refunded');
  // The API's status is untouched by the display.
  expect((await merchant.getCheckout(checkout.id)).status).toBe('paid');
});

test('money still settling says when it becomes available, and a withdrawal refused for it says so', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Kwesi Electricals' });
  const checkout = await merchant.createCheckout({ amount: 101.01, currency_code: 'GHS' });
  await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
  await ok(merchant, 'POST', '/api/v1/merchants/payment-accounts', {
    account_type: 'bank_account',
    currency_code: 'GHS',
    account_number: '0123456789',
    bank_name: 'GCB Bank',
    account_holder_name: 'Kwesi Electricals Ltd',
  });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  const tomorrow = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.now() + 86_400_000),
  );

  await page.goto(`${baseUrl()}/dashboard/test/wallets?currency_code=GHS`);
  await expect(title(page, WALLETS_COPY.en.title)).toBeVisible();
  await expect(page.getByTestId('settling-on')).toHaveText(new RegExp(`GHS\\s100\\.00 available on ${tomorrow}`));
  await expectAccessible(page, testInfo, 'wallet settling');
  await shot(page, testInfo, 'wallet-settling');

  await page.goto(`${baseUrl()}/dashboard/test/money-out`);
  await page.getByLabel(`${moneyOut.amount} (GHS)`).fill('40');
  await page.getByRole('button', { name: moneyOut.review_withdrawal, exact: true }).click();
  await expect(page.getByTestId('withdraw-review')).toContainText('Kwesi Electricals Ltd');
  await shot(page, testInfo, 'withdrawal-review');
  await page.getByRole('button', { name: moneyOut.send_withdrawal, exact: true }).click();
  // The step-up code is asked as before, then the refusal in plain words, with the day.
  await page.getByLabel(shell.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: shell.confirm }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    new RegExp(
      `GHS\\s0\\.00 can be sent now\\. GHS\\s100\\.00 is still settling and becomes available on ${tomorrow}\\.`,
    ),
  );
  await expectAccessible(page, testInfo, 'withdrawal refused while settling');
  await shot(page, testInfo, 'withdrawal-refused-settling');
});
