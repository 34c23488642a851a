import type { Page } from '@playwright/test';
import { MONEY_OUT_COPY } from '../../lib/surfaces/dashboard/copy/money-out';
import { signedInMember } from './dashboard-people';
import {
  attemptRowsOf,
  baseUrl,
  expect,
  expectAccessible,
  liveMerchant,
  openCheckout,
  payButtonName,
  t,
  test,
  title,
} from './support';

/**
 * M-Pesa's receipts where people look, against Daraja's contract server (tests/e2e/provider-control.ts):
 * a KES checkout paid by STK Push shows "M-Pesa receipt" with the code of the customer's SMS on its paid
 * screen, and a B2C payout's receipt is its provider reference in the dashboard's Money out.
 */
const control = () => process.env.E2E_PROVIDERS_URL!;
const words = MONEY_OUT_COPY.en;

async function controlPost(path: string, reference: string): Promise<string> {
  const res = await fetch(`${control()}${path}`, { method: 'POST', body: JSON.stringify({ reference }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { receipt: string }).receipt;
}

/** The screen at this width, for looking at (test-results/screens/). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${page.viewportSize()!.width}-${name}.png`, fullPage: true });

test('live M-Pesa: the paid screen shows the M-Pesa receipt; the payout’s receipt shows in Money out', async ({
  page,
}, testInfo) => {
  test.slow();
  const merchant = await liveMerchant('Wanjiru Live Crafts');
  const checkout = await merchant.createCheckout({ amount: 5_000, currency_code: 'KES' });
  await openCheckout(page, checkout);
  await expect(title(page, t('mm_title'))).toBeVisible();
  await page.getByLabel(t('phone_label')).fill('0712 345 678');
  await page.getByRole('button', { name: payButtonName }).click();
  await expect(title(page, t('approve_title'))).toBeVisible();
  // The push for this checkout's attempt: its callback address names the attempt.
  const [attempt] = await attemptRowsOf(checkout.id);
  let push: { reference: string } | undefined;
  await expect
    .poll(async () => {
      const pushes = (await (await fetch(`${control()}/stk-pushes`)).json()) as {
        reference: string;
        callback_url: string;
      }[];
      push = pushes.find((p) => p.callback_url.includes(`/${attempt!.id}.`));
      return Boolean(push);
    })
    .toBe(true);
  const receipt = await controlPost('/stk-complete', push!.reference);

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  const row = page.getByTestId('receipt');
  await expect(row).toContainText(`${t('receipt_mpesa_receipt')}`);
  await expect(row).toContainText(receipt);
  await expect(row).not.toContainText(push!.reference);
  await expectAccessible(page, testInfo, 'live paid by M-Pesa, its receipt');
  await shot(page, 'live-mpesa-paid-receipt');

  // Funds available (settled), then a payout by B2C, paid by M-Pesa.
  const settled = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    body: JSON.stringify({ as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(), merchant_id: merchant.id }),
  });
  expect(settled.status).toBe(200);
  const created = await merchant.call('POST', '/api/v1/merchants/payouts', {
    amount: 1_000,
    currency_code: 'KES',
    payout_type: 'mobile_money',
    recipient_details: { recipient_name: 'Achieng Otieno', mobile_number: '0712 345 679', network_provider: 'mpesa' },
    payout_reason: 'Beads, invoice 12',
  });
  expect([200, 201]).toContain(created.status);
  const payoutId = (created.body as { data: { transaction_id: string } }).data.transaction_id;
  const payoutOf = async () =>
    (
      (await merchant.call('GET', `/api/v1/merchants/payouts/${payoutId}`)).body as {
        data: { status: string; provider_reference: string | null };
      }
    ).data;
  // Sent to Daraja (PROCESSING) and its answer kept, then M-Pesa pays it and posts the B2C result.
  await expect.poll(async () => (await payoutOf()).status, { timeout: 20_000 }).toBe('processing');
  await page.waitForTimeout(1_000);
  await controlPost('/b2c-complete', payoutId);
  await expect.poll(async () => (await payoutOf()).status, { timeout: 20_000 }).toBe('completed');
  const payout = await payoutOf();
  expect(payout.provider_reference).toMatch(/^[A-Z0-9]{10}$/);

  await signedInMember(page.context(), merchant.id, 'viewer');
  await page.goto(`${baseUrl()}/dashboard/live/money-out#payouts`);
  await expect(title(page, words.title)).toBeVisible();
  const payouts = page.getByRole('region', { name: words.payouts });
  await expect(payouts.getByRole('columnheader', { name: words.provider_reference })).toBeAttached();
  await expect(payouts.getByTestId('provider-reference')).toContainText('M-Pesa');
  await expect(payouts.getByTestId('provider-reference')).toContainText(payout.provider_reference!);
  await expectAccessible(page, testInfo, 'dashboard money out, a live M-Pesa payout');
  await shot(page, 'live-mpesa-dashboard-payout');

  await page.goto(`${baseUrl()}/dashboard/live/checkouts/${checkout.id}`);
  await expect(page.getByTestId('provider-reference')).toContainText(`M-Pesa ${receipt}`);
  await expectAccessible(page, testInfo, 'dashboard checkout paid by M-Pesa');
  await shot(page, 'live-mpesa-dashboard-checkout');
});
