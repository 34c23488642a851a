import type { Page, TestInfo } from '@playwright/test';
import { LANGUAGES } from '../../lib/platform/i18n/languages';
import type { Locale } from '../../lib/platform/i18n/locale';
import type { Messages } from '../../lib/platform/i18n/messages';
import { translator, type Translate } from '../../lib/platform/i18n/translate';
import {
  expect,
  expectAccessible,
  expectCheckoutStatus,
  merchantWithCheckout,
  openCheckout,
  sandboxTransfer,
  screen,
  sidewaysAt,
  snap,
  test,
  title,
} from './support';

/**
 * The main flows in every language of the catalogue, at 320 px (the phone project) and 1280 px:
 * mobile money declined, timed out, then paid, to the receipt; a bank transfer to its receipt. Each
 * screen is scanned by axe and checked for text that leaves its box or a page that scrolls sideways;
 * Arabic is laid out right to left with phone numbers and amounts kept left to right. Screenshots in
 * test-results/screens/ (`lang-<code>-…`). The tests read the words from the catalogue, so they need
 * no fonts: a glyph the machine cannot draw is still laid out in its box.
 */
const CODES = Object.keys(LANGUAGES) as Locale[];

function wordsOf(code: Locale): { t: Translate; m: Messages } {
  const m = LANGUAGES[code].catalogue as Messages;
  return { t: translator(m, code), m };
}

/** A message with its placeholders as wildcards. */
const pattern = (text: string) =>
  new RegExp(
    text
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );

/** Elements whose text is wider than their box, or outside the window: [] when none. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own || el.closest('[aria-hidden=true],details:not([open]) > :not(summary)')) continue;
      const box = el.getBoundingClientRect();
      // Visually hidden text (the live region) is 1 px on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      const block = style.display !== 'inline';
      if ((block && el.scrollWidth > el.clientWidth + 1) || box.left < -0.5 || box.right > width + 0.5)
        out.push(
          `${el.tagName.toLowerCase()} "${el.textContent!.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`,
        );
    }
    return out.slice(0, 10);
  });
}

async function check(page: Page, testInfo: TestInfo, code: Locale, name: string) {
  await expectAccessible(page, testInfo, `${name} (${code})`);
  expect(await overflowing(page), `text out of its box on ${name} (${code})`).toEqual([]);
  if (testInfo.project.name === 'phone') expect(await sidewaysAt(page, 320), `${name} (${code}) at 320 px`).toEqual([]);
  await snap(page, testInfo, `lang-${code}-${name}`);
}

/** Whether an element's text is drawn left to right: its first character left of its last. */
const drawnLeftToRight = (element: Element) => {
  const text = element.firstChild!;
  const range = document.createRange();
  const x = (at: number) => {
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    return range.getBoundingClientRect().left;
  };
  return x(0) < x(text.textContent!.length - 1);
};

async function expectDirection(page: Page, code: Locale) {
  const dir = LANGUAGES[code].dir;
  await expect(page.locator('html')).toHaveAttribute('lang', code);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  expect(await screen(page).evaluate((el) => getComputedStyle(el).direction)).toBe(dir);
}

async function payWithMobileMoney(page: Page, code: Locale, phone: string) {
  const { t, m } = wordsOf(code);
  await expect(title(page, t('mm_title'))).toBeVisible();
  await page.getByRole('radio', { name: 'MTN MoMo' }).check();
  await page.getByLabel(t('phone_label')).fill(phone);
  // The form's one submit button: "Pay {amount}" (a link-styled "Pay another way" may read alike).
  const pay = screen(page).locator('form button[type=submit]');
  await expect(pay).toHaveAccessibleName(pattern(m.pay_button));
  await pay.click();
}

for (const code of CODES) {
  test(`${code}: mobile money declined, then timed out, then paid, to the receipt`, async ({ page }, testInfo) => {
    test.slow();
    const { t, m } = wordsOf(code);
    if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 320, height: 740 });
    const { merchant, checkout } = await merchantWithCheckout({ amount: 1250.5, description: 'Order 1042' });
    await openCheckout(page, checkout, `?locale=${code}`);

    await expect(title(page, t('choose_title'))).toBeVisible();
    await expectDirection(page, code);
    await expect(page.getByTestId('amount')).toBeVisible();
    await check(page, testInfo, code, 'choose');
    await page.getByRole('radio', { name: pattern(m.method_mobile_money) }).check();
    await page.getByRole('button', { name: t('continue') }).click();
    await expect(title(page, t('mm_title'))).toBeVisible();
    // The number is typed left to right whatever the page's direction.
    await expect(page.getByLabel(t('phone_label'))).toHaveAttribute('dir', 'ltr');
    await check(page, testInfo, code, 'mobile-money');

    await payWithMobileMoney(page, code, '0244121111');
    await expect(title(page, t('failed_title'))).toBeVisible({ timeout: 15_000 });
    await expect(screen(page).getByText(t('failure_declined'))).toBeVisible();
    await check(page, testInfo, code, 'declined');

    await page.getByRole('button', { name: t('try_again') }).click();
    await payWithMobileMoney(page, code, '0244123333');
    await expect(title(page, t('approve_title'))).toBeVisible();
    // Whatever the page's direction, the number and the USSD code read left to right.
    for (const kept of [screen(page).getByText(/^\+233/), screen(page).locator('a[href^="tel:"]')])
      expect(await kept.first().evaluate(drawnLeftToRight), `${code}: ${await kept.first().textContent()}`).toBe(true);
    await check(page, testInfo, code, 'approve');
    await page
      .getByRole('group', { name: t('sim_mm_legend') })
      .getByRole('button', { name: t('sim_no_answer') })
      .click();
    await expect(title(page, t('timeout_title'))).toBeVisible({ timeout: 10_000 });
    await check(page, testInfo, code, 'timed-out');

    await page.getByRole('button', { name: t('try_again') }).click();
    await payWithMobileMoney(page, code, '0244124444');
    await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: t('receipt_title') })).toBeVisible();
    await check(page, testInfo, code, 'receipt');
    await expectCheckoutStatus(merchant, checkout.id, 'paid');
  });

  test(`${code}: bank transfer, to the receipt`, async ({ page }, testInfo) => {
    const { t, m } = wordsOf(code);
    if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 320, height: 740 });
    const { merchant, checkout } = await merchantWithCheckout({ amount: 980 });
    await openCheckout(page, checkout, `?locale=${code}`);
    await expect(title(page, t('choose_title'))).toBeVisible();
    await page.getByRole('radio', { name: pattern(m.method_bank_transfer) }).check();
    await page.getByRole('button', { name: t('continue') }).click();
    await expect(title(page, t('bank_title'))).toBeVisible();
    await expectDirection(page, code);
    await check(page, testInfo, code, 'bank-details');

    await page.getByRole('button', { name: t('bank_sent') }).click();
    await expect(title(page, t('waiting_title'))).toBeVisible();
    await check(page, testInfo, code, 'bank-waiting');
    await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
    await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 20_000 });
    await check(page, testInfo, code, 'bank-receipt');
    await expectCheckoutStatus(merchant, checkout.id, 'paid');
  });
}
