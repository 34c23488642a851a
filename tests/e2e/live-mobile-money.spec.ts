import type { Page } from '@playwright/test';
import {
  attemptRowsOf,
  attemptsOf,
  expect,
  expectAccessible,
  expectCheckoutStatus,
  liveMerchant,
  openCheckout,
  payButtonName,
  t,
  test,
  screen,
  snap,
  title,
} from './support';
import { expectPaidDelivered, subscribeLive } from './live-webhook';

/**
 * Live mobile money in the browser, against MTN MoMo's contract server (tests/e2e/provider-control.ts):
 * the worker sends the prompt, the "phone" (the control server) approves or declines, MTN calls back
 * to the attempt's own address, the service asks MTN's status before recording anything, and the
 * page follows. No sandbox banner, no simulate buttons, and MTN MoMo is the only network offered.
 */
const control = () => process.env.E2E_PROVIDERS_URL!;

async function promptFor(attemptId: string) {
  await expect
    .poll(async () => {
      const prompts = (await (await fetch(`${control()}/prompts`)).json()) as { reference: string }[];
      return prompts.some((p) => p.reference === attemptId);
    })
    .toBe(true);
}

async function phone(action: 'approve' | 'decline', reference: string) {
  const res = await fetch(`${control()}/${action}`, { method: 'POST', body: JSON.stringify({ reference }) });
  expect(res.status).toBe(200);
}

async function sendPrompt(page: Page, number: string) {
  await expect(title(page, t('mm_title'))).toBeVisible();
  await expect(page.getByText(t('sandbox_banner'))).toHaveCount(0);
  // MTN MoMo is the only network the live route serves: no other network to pick.
  await expect(page.getByRole('radio', { name: 'Vodafone Cash' })).toHaveCount(0);
  await page.getByLabel(t('phone_label')).fill(number);
  await page.getByRole('button', { name: payButtonName }).click();
  await expect(title(page, t('approve_title'))).toBeVisible();
  await expect(page.getByRole('button', { name: /simulate/i })).toHaveCount(0);
}

test('live: MTN MoMo prompt, declined, then approved; the page follows what MTN says; the live webhook gets it', async ({
  page,
}, testInfo) => {
  const merchant = await liveMerchant('Ama Live Foods');
  const webhook = await subscribeLive(merchant);
  const checkout = await merchant.createCheckout({ amount: 40, currency_code: 'GHS' });
  await openCheckout(page, checkout);

  // Mobile money is the only live method in GHS here: its form comes first, MTN MoMo its only network.
  await sendPrompt(page, '024 412 5556');
  await expectAccessible(page, testInfo, 'live prompt sent (MTN MoMo)');
  await snap(page, testInfo, 'live-mm-approve-en');
  const [first] = await attemptRowsOf(checkout.id);
  await promptFor(first!.id);

  await phone('decline', first!.id);
  await expect(title(page, t('failed_title'))).toBeVisible({ timeout: 15_000 });
  await expect(screen(page).getByText(t('failure_declined'))).toBeVisible();
  await expectAccessible(page, testInfo, 'live declined');
  await snap(page, testInfo, 'live-mm-declined-en');

  await page.getByRole('button', { name: t('try_again') }).click();
  await sendPrompt(page, '024 412 5556');
  const attempts = await attemptRowsOf(checkout.id);
  const second = attempts[attempts.length - 1]!;
  await promptFor(second.id);
  await phone('approve', second.id);

  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page, testInfo, 'live paid by MTN MoMo');
  await snap(page, testInfo, 'live-mm-paid-en');
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  expect((await attemptsOf(checkout.id)).map((a) => [a.status, a.failure_code])).toEqual([
    ['failed', 'declined'],
    ['succeeded', null],
  ]);
  await expectPaidDelivered(merchant, webhook, checkout.id);
});

test('live: an unanswered prompt times out on the page; trying again, approved, pays', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the worker time-out runs once, in the phone project');
  test.slow();
  const merchant = await liveMerchant('Kojo Live Shop');
  const checkout = await merchant.createCheckout({ amount: 12, currency_code: 'GHS' });
  await openCheckout(page, checkout);
  await sendPrompt(page, '0244123333');
  await expect(title(page, t('timeout_title'))).toBeVisible({ timeout: 25_000 });
  await expectAccessible(page, testInfo, 'live timed out');

  await page.getByRole('button', { name: t('try_again') }).click();
  await sendPrompt(page, '0244123334');
  const attempts = await attemptRowsOf(checkout.id);
  const retry = attempts[attempts.length - 1]!;
  await promptFor(retry.id);
  await phone('approve', retry.id);
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
});
