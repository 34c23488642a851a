import {
  eventsOf,
  sql,
  expect,
  expectAccessible,
  expectCheckoutStatus,
  liveMerchant,
  openCheckout,
  t,
  test,
  snap,
  title,
} from './support';
import { expectPaidDelivered, subscribeLive } from './live-webhook';

/**
 * A live checkout paid by bank transfer, end to end in the browser: the page shows the account
 * Paystack opened for this payment (its contract server, tests/e2e/provider-control.ts), no sandbox
 * banner and no simulate button; the customer's bank pays it; Paystack's signed webhook reaches the
 * service, which asks Paystack before recording the money; the page shows it paid.
 */
const control = () => process.env.E2E_PROVIDERS_URL!;

async function chargeOf(accountNumber: string) {
  const charges = (await (await fetch(`${control()}/charges`)).json()) as {
    reference: string;
    amount: string;
    account_number: string;
    bank_name: string;
  }[];
  return charges.find((c) => c.account_number === accountNumber);
}

test('live: the account Paystack opened, paid by the bank, confirmed, the page shows it paid', async ({
  page,
}, testInfo) => {
  const merchant = await liveMerchant();
  const webhook = await subscribeLive(merchant);
  const checkout = await merchant.createCheckout({ amount: 25_000, currency_code: 'NGN' });
  await openCheckout(page, checkout);

  // Bank transfer is the only method routed for NGN in live mode: its details come first.
  await expect(title(page, t('bank_title'))).toBeVisible();
  await expect(page.getByText(t('sandbox_banner'))).toHaveCount(0);
  const details = page.locator('dl');
  const accountNumber = (await details
    .getByText(/^\d{10}$/)
    .first()
    .textContent())!.trim();
  const charge = await chargeOf(accountNumber);
  expect(charge, `no Paystack charge with account ${accountNumber}`).toBeDefined();
  expect(charge!.amount).toBe('2500000');
  await expect(details.getByText(charge!.bank_name)).toBeVisible();
  await expectAccessible(page, testInfo, 'live bank details (NGN, Paystack)');
  await snap(page, testInfo, 'live-bank-details-ngn-en');

  await page.getByRole('button', { name: t('bank_sent') }).click();
  await expect(title(page, t('waiting_title'))).toBeVisible();

  const paid = (await (
    await fetch(`${control()}/pay`, { method: 'POST', body: JSON.stringify({ reference: charge!.reference }) })
  ).json()) as { outcome: string; delivered: number | null };
  expect(paid).toEqual({ outcome: 'paid', delivered: 200 });

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, testInfo, 'live paid by transfer');
  await snap(page, testInfo, 'live-bank-paid-en');
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.payment_claimed', 'checkout.paid']);
  await expectPaidDelivered(merchant, webhook, checkout.id);
});

test('live: an account that lapsed (Paystack closes them after 30 minutes) is replaced on request', async ({
  page,
}, testInfo) => {
  const merchant = await liveMerchant();
  const checkout = await merchant.createCheckout({ amount: 25_000, currency_code: 'NGN', expires_in_minutes: 120 });
  await openCheckout(page, checkout);
  await expect(title(page, t('bank_title'))).toBeVisible();
  const firstNumber = (await page
    .locator('dl')
    .getByText(/^\d{10}$/)
    .first()
    .textContent())!.trim();
  // The account's deadline, not the link's, is the one shown.
  await expect(page.getByTestId('pay-by')).toContainText(t('bank_account_by', { time: '' }).split(':')[0]!);

  await sql()`update payment_attempts set respond_by = now() - interval '1 second'
               where checkout_id = ${checkout.id} and status = 'awaiting_transfer'`;
  await page.reload();
  await expect(page.getByTestId('account-lapsed')).toBeVisible();
  await expect(page.getByText(firstNumber)).toHaveCount(0);
  await expectAccessible(page, testInfo, 'live bank details lapsed');
  await snap(page, testInfo, 'live-bank-lapsed-en');

  await page.getByRole('button', { name: t('bank_new_account') }).click();
  const details = page.locator('dl');
  await expect(details.getByText(/^\d{10}$/).first()).toBeVisible();
  const secondNumber = (await details
    .getByText(/^\d{10}$/)
    .first()
    .textContent())!.trim();
  expect(secondNumber).not.toBe(firstNumber);
  expect(await chargeOf(secondNumber)).toBeDefined();
  await snap(page, testInfo, 'live-bank-renewed-en');
});
