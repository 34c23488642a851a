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

  // The operator sees the claim in the approval queue and approves it.
  const queue = await operator.awaitingApproval();
  expect(queue.map((c: any) => c.id)).toContain(checkout.id);
  await operator.approve(checkout.id);

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('receipt')).toContainText(t('method_bank_transfer'));
  await expectAccessible(page, testInfo, 'paid by transfer');
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.payment_claimed', 'checkout.approved', 'checkout.paid']);
});

test('bank transfer: claim, the operator rejects, the page offers to try again', async ({ page }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await claimTransfer(page, checkout);
  await operator.reject(checkout.id, 'No transfer found on the statement');

  await expect(title(page, t('failed_title'))).toBeVisible({ timeout: 15_000 });
  await expect(screen(page).getByText(t('failure_rejected'))).toBeVisible();
  await expect(screen(page).getByText(t('failure_reason', { reason: 'No transfer found on the statement' }))).toBeVisible();
  await expect(screen(page).getByText(t('twice_bank', { merchant: 'Kofi Foods', reference: checkout.payment_reference }))).toBeVisible();
  await expectAccessible(page, testInfo, 'transfer rejected');
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
