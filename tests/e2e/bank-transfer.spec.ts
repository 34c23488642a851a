import {
  attemptsOf,
  eventsOf,
  expect,
  expectAccessible,
  expectCheckoutStatus,
  merchantWithCheckout,
  openCheckout,
  operator,
  t,
  test,
  screen,
  snap,
  title,
  type Checkout,
} from './support';
import type { Page } from '@playwright/test';

/**
 * Paying by bank transfer: the page shows the account, the customer says "I have sent the money",
 * and an operator approves or rejects the transfer through the operator API.
 */

async function claimTransfer(page: Page, checkout: Checkout) {
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  const details = page.locator('dl');
  await expect(details.getByText('Sandbox Bank')).toBeVisible();
  await expect(details.getByText(checkout.payment_reference)).toBeVisible();
  await expect(details.getByText(/^\d{10}$/)).toBeVisible();
  await page.getByRole('button', { name: t('bank_sent') }).click();
  await expect(title(page, t('waiting_title'))).toBeVisible();
}

test('bank transfer: claim, the operator approves, the page shows it paid', async ({ page, context }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout({ amount: 1250.5 });
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expectAccessible(page, testInfo, 'bank details');

  // Copy buttons put the exact values on the clipboard (the amount without grouping or symbol).
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: t('copy_label', { field: t('transfer_reference') }) }).click();
  await expect(page.getByTestId('live-region')).toContainText(t('copied_announce', { field: t('transfer_reference') }));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(checkout.payment_reference);
  await page.getByRole('button', { name: t('copy_label', { field: t('exact_amount') }) }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('1250.50');

  await page.getByRole('button', { name: t('bank_sent') }).click();
  await expect(title(page, t('waiting_title'))).toBeVisible();
  await expect(page.getByText(checkout.payment_reference).first()).toBeVisible();
  await expectAccessible(page, testInfo, 'waiting for the transfer');
  await snap(page, testInfo, 'bank-waiting-en');

  // The operator sees the claim in the approval queue and approves it.
  const queue = await operator.awaitingApproval();
  expect(queue.map((c: any) => c.id)).toContain(checkout.id);
  await operator.approve(checkout.id);

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('receipt')).toContainText(t('method_bank_transfer'));
  await expectAccessible(page, testInfo, 'paid by transfer');
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  expect(await eventsOf(checkout.id)).toEqual([
    'checkout.created',
    'checkout.payment_claimed',
    'checkout.approved',
    'checkout.paid',
  ]);
});

test('bank transfer: claim, the operator rejects, the page offers to try again', async ({ page }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await claimTransfer(page, checkout);
  await operator.reject(checkout.id, 'No transfer found on the statement');

  await expect(title(page, t('failed_title'))).toBeVisible({ timeout: 15_000 });
  await expect(screen(page).getByText(t('failure_rejected'))).toBeVisible();
  await expect(
    screen(page).getByText(t('failure_reason', { reason: 'No transfer found on the statement' })),
  ).toBeVisible();
  await expect(
    screen(page).getByText(t('twice_bank', { merchant: 'Kofi Foods', reference: checkout.payment_reference })),
  ).toBeVisible();
  await expectAccessible(page, testInfo, 'transfer rejected');
  await snap(page, testInfo, 'failed-rejected-en');
  await expectCheckoutStatus(merchant, checkout.id, 'failed');

  await page.getByRole('button', { name: t('try_again') }).click();
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expectCheckoutStatus(merchant, checkout.id, 'awaiting_payment_initiation');
  expect((await attemptsOf(checkout.id)).map((a) => [a.method, a.status])).toEqual([
    ['bank_transfer', 'failed'],
    ['bank_transfer', 'awaiting_transfer'],
  ]);
});

test('bank transfer as the only method goes straight to the details: who is paid, by when, the currency’s fields only', async ({
  page,
  context,
}, testInfo) => {
  const { checkout } = await merchantWithCheckout({ amount: 1250, currency_code: 'EUR' });
  await openCheckout(page, checkout);
  // No "show the details" step: the details are the first screen.
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('bank_sent') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('bank_show') })).toHaveCount(0);

  await expect(page.getByTestId('payee')).toHaveText(
    t('bank_pay_to', {
      merchant: 'Kofi Foods',
      account_name: 'Merchant Payments Collections',
      bank_name: 'Sandbox Bank',
    }),
  );
  // The link's expiry, with its time zone (the browser runs in UTC here).
  await expect(page.getByTestId('pay-by')).toContainText(/Send it by .*\d{4}, \d{1,2}:\d\d\s?[AP]M UTC/);
  const details = page.locator('dl');
  const labels = await details.locator('dt').allTextContents();
  expect(labels).toEqual([
    t('bank_name'),
    t('account_name'),
    t('iban'),
    t('exact_amount'),
    t('transfer_reference'),
    t('swift_code'),
  ]);
  await expect(details.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: t('copy_label', { field: t('iban') }) }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
  await expectAccessible(page, testInfo, 'bank details (EUR, only method)');
  await snap(page, testInfo, 'bank-details-eur-en');

  // Back from the only method's details leaves the checkout: there is no step before it.
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
});

test('bank account fields follow the currency: GBP sort code, USD routing number', async ({ page }) => {
  for (const [currency_code, expected] of [
    [
      'GBP',
      [
        t('bank_name'),
        t('account_name'),
        t('account_number'),
        t('sort_code'),
        t('exact_amount'),
        t('transfer_reference'),
      ],
    ],
    [
      'USD',
      [
        t('bank_name'),
        t('account_name'),
        t('account_number'),
        t('routing_number'),
        t('exact_amount'),
        t('transfer_reference'),
        t('swift_code'),
      ],
    ],
  ] as const) {
    const { checkout } = await merchantWithCheckout({ amount: 80, currency_code });
    await openCheckout(page, checkout);
    await expect(page.getByRole('button', { name: t('bank_sent') })).toBeVisible();
    expect(await page.locator('dl dt').allTextContents(), currency_code).toEqual(expected);
  }
});

test('no bank transfer when the link expires too soon for one to arrive, and the page says why', async ({
  page,
}, testInfo) => {
  // GHS: mobile money is left, so its form comes first, with the reason bank transfer is missing.
  const ghs = await merchantWithCheckout({ expires_in_minutes: 10 });
  await openCheckout(page, ghs.checkout);
  await expect(title(page, t('mm_title'))).toBeVisible();
  await expect(page.getByTestId('unavailable')).toHaveText(
    /^Bank transfer is not offered: this link expires on .* UTC, too soon for a transfer to arrive\.$/,
  );
  await expect(page.getByRole('radio', { name: new RegExp(`^${t('method_bank_transfer')}`) })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'mobile money only, bank transfer too late');
  await snap(page, testInfo, 'mm-form-bank-too-late-en');

  // NGN: bank transfer was the only way: nothing to pay with, why, and who to ask.
  const ngn = await merchantWithCheckout({ expires_in_minutes: 10, currency_code: 'NGN', amount: 5000 });
  await openCheckout(page, ngn.checkout);
  await expect(title(page, t('no_methods_title'))).toBeVisible();
  await expect(screen(page).getByText(/too soon for a bank transfer to arrive/)).toBeVisible();
  await expect(
    page.getByTestId('contact').getByRole('link', { name: t('help_email', { email: 'help@payments.test' }) }),
  ).toBeVisible();
  await expectAccessible(page, testInfo, 'no methods, too late');
  await snap(page, testInfo, 'no-methods-too-late-en');
});
