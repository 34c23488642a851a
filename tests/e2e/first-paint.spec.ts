import type { Page, Route } from '@playwright/test';
import {
  attemptsOf,
  baseUrl,
  expect,
  expectAccessible,
  expireNow,
  ltr,
  merchantWithCheckout,
  snap,
  t,
  test,
  title,
  tokenOf,
  type Checkout,
} from './support';

/**
 * The choice of method is in the server's HTML (lib/collections/hosted-page/first-screen.ts): a
 * customer can choose, and press Continue, while the page's JavaScript is still on its way. What the
 * server may say without the token stays that little.
 */

const methodRadio = (page: Page, name: string) => page.getByRole('radio', { name: new RegExp(`^${name}`) });

/** Holds back the page's scripts (or its session read) until `release()`. */
function holdBack(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  void page.route(pattern, (route: Route) => {
    const passed = gate.then(() => route.continue());
    held.push(passed);
    return passed;
  });
  return { release, heldCount: () => held.length };
}

async function openWithoutWaiting(page: Page, checkout: Checkout) {
  const url = new URL(checkout.checkout_url);
  await page.goto(`${url.pathname}${url.hash}`, { waitUntil: 'commit' });
}

test('before the JavaScript has arrived, a method can be chosen and Continue pressed; the app then goes on with it', async ({
  page,
}, testInfo) => {
  const hydrationErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|#418|#423|#425/i.test(m.text())) hydrationErrors.push(m.text());
  });
  const { checkout } = await merchantWithCheckout({ description: 'Two jollof plates' });
  const scripts = holdBack(page, /\/_next\/static\/chunks\/.*\.js$/);
  await openWithoutWaiting(page, checkout);

  // The server's screen: the choice, the merchant, the reference; then, painted by the inline script
  // as soon as the early read answers, the amount and the description: before any of the app's code.
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.getByText(t('pay_to', { merchant: 'Kofi Foods' }))).toBeVisible();
  await expect(page.getByText(t('reference_line', { reference: ltr(checkout.payment_reference) }))).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(/^(GHS|GH₵)\s?25\.50$/);
  await expect(page.getByText('Two jollof plates')).toBeVisible();
  await expect(page.getByText(t('sandbox_banner'))).toBeVisible();
  expect(scripts.heldCount(), 'the scripts are still held back').toBeGreaterThan(0);
  await expectAccessible(page, testInfo, 'choice before the JavaScript');
  await snap(page, testInfo, 'first-paint-choice');

  await methodRadio(page, t('method_bank_transfer')).check();
  await page.getByRole('button', { name: t('continue') }).click();
  // Held back, not sent: the page did not reload (which would lose the token's fragment); the button
  // says at once that it is on its way.
  await expect(methodRadio(page, t('method_bank_transfer'))).toBeChecked();
  await expect(page.getByRole('button', { name: t('continue') })).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('status').filter({ hasText: t('continue_busy') })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  expect(await attemptsOf(checkout.id)).toEqual([]);

  scripts.release();
  await expect(title(page, t('bank_title'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('amount')).toBeVisible();
  await expect(page.getByText('Two jollof plates')).toBeVisible();
  expect((await attemptsOf(checkout.id)).map((a) => a.method)).toEqual(['bank_transfer']);
  expect(hydrationErrors).toEqual([]);
});

test('a choice made before the JavaScript stays chosen, and in place, when the app takes over', async ({ page }) => {
  const { checkout } = await merchantWithCheckout({ description: 'Two jollof plates' });
  const scripts = holdBack(page, /\/_next\/static\/chunks\/.*\.js$/);
  await openWithoutWaiting(page, checkout);
  await methodRadio(page, t('method_bank_transfer')).check();
  const before = await methodRadio(page, t('method_bank_transfer')).boundingBox();
  scripts.release();
  await expect(page.getByTestId('amount')).toBeVisible({ timeout: 15_000 });
  // The amount and the description took the places kept for them: nothing moved under the finger.
  expect((await methodRadio(page, t('method_bank_transfer')).boundingBox())?.y).toBeCloseTo(before!.y, 0);
  await expect(methodRadio(page, t('method_bank_transfer'))).toBeChecked();
  await expect(methodRadio(page, t('method_mobile_money'))).not.toBeChecked();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
});

test('Continue pressed while the session is on its way waits for it, then goes on', async ({ page }) => {
  const { checkout } = await merchantWithCheckout();
  const read = holdBack(page, /\/api\/checkout\/v1\/sessions\/[^/]+$/);
  await openWithoutWaiting(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  // The app is there (it marks the page as taken over), the session is not.
  await page.waitForFunction(() => (window as { __checkoutReady?: boolean }).__checkoutReady === true);
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(page.getByRole('button', { name: t('continue') })).toHaveAttribute('aria-busy', 'true');
  read.release();
  await expect(title(page, t('mm_title'))).toBeVisible();
});

test('the server shows the choice only while the checkout waits for it, and never the payment itself', async ({
  request,
}) => {
  const open = await merchantWithCheckout({ description: 'Two jollof plates', customer_name: 'Ada Mensah' });
  const html = async (checkout: Checkout) =>
    (await request.get(`${baseUrl()}/pay/${checkout.payment_reference}`)).text();
  const openHtml = await html(open.checkout);
  expect(openHtml).toContain('value="mobile_money"');
  expect(openHtml).toContain('value="bank_transfer"');
  for (const secret of ['ada@example.com', 'Ada Mensah', 'Two jollof plates', 'E2E-1', tokenOf(open.checkout)])
    expect(openHtml).not.toContain(secret);
  expect(openHtml).not.toMatch(/25[.,]50/);

  // Expired: no choice from the server (the app says what happened once it has the session).
  const expired = await merchantWithCheckout();
  await expireNow(expired.checkout.id);
  expect(await html(expired.checkout)).not.toContain('type="radio"');

  // A transfer under way: no choice either.
  const started = await merchantWithCheckout();
  const answer = await request.post(
    `${baseUrl()}/api/checkout/v1/sessions/${started.checkout.payment_reference}/bank-transfer`,
    { headers: { 'x-checkout-token': tokenOf(started.checkout) } },
  );
  expect(answer.ok()).toBe(true);
  expect(await html(started.checkout)).not.toContain('type="radio"');

  // One way to pay (bank transfer only): the page goes straight to it, so no choice.
  const one = await merchantWithCheckout({ currency_code: 'USD' });
  expect(await html(one.checkout)).not.toContain('type="radio"');
});
