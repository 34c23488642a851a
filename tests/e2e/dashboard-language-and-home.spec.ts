import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { CHECKOUTS_COPY, CHECKOUT_STATUS_WORDS } from '../../lib/surfaces/dashboard/copy/checkouts';
import { HOME_COPY } from '../../lib/surfaces/dashboard/copy/home';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { STATUS_WORDS } from '../../lib/surfaces/dashboard/copy/statuses';
import { TRANSACTIONS_COPY } from '../../lib/surfaces/dashboard/copy/transactions';
import { baseUrl, expect, expectAccessible, newMerchant, sandboxTransfer, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * The person's language (chosen in the header, kept on their account: French after a reload, with
 * French statuses, dates and amounts), the home's chart per currency over a chosen period at a
 * phone's width, and the checkout search for a part of an order id.
 */
const shell = { en: SHELL_COPY.en, fr: SHELL_COPY.fr };

/** The page as it is, at the project's own width (360 or 1280), where SHOTS_DIR says (else beside the others). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR ?? 'test-results/screens';
  await page.screenshot({ path: path.join(dir, `${page.viewportSize()?.width}-${name}.png`), fullPage: true });
  await snap(page, testInfo, name);
}

async function paidInTwoCurrencies(name: string) {
  const merchant = await newMerchant({ name });
  const made = [];
  for (const [amount, currency_code, order_id] of [
    [120, 'GHS', 'ORD-5521'],
    [30.5, 'GHS', 'ORD-5522'],
    [1500, 'NGN', 'ORD-7730'],
  ] as const) {
    const checkout = await merchant.createCheckout({ amount, currency_code, meta_data: { order_id } });
    await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
    made.push(checkout);
  }
  return { merchant, made };
}

test('a person switches to French; after a reload the pages are still French, statuses and dates too', async ({
  page,
}, testInfo) => {
  // Four pages, each scanned with axe: near the default minute on a loaded machine.
  test.slow();
  const { merchant, made } = await paidInTwoCurrencies('Afia Beads');
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test`);
  await expect(page.getByRole('navigation', { name: shell.en.nav_label })).toBeVisible();
  const switcher = page.getByRole('form', { name: shell.en.language_label });
  await expect(switcher.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

  await switcher.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('navigation', { name: shell.fr.nav_label })).toBeVisible();
  const [stored] = await sql()`select locale from auth_users where id = ${owner.userId}`;
  expect(stored).toEqual({ locale: 'fr' });

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('navigation', { name: shell.fr.nav_label })).toBeVisible();
  await expect(
    page.getByRole('form', { name: shell.fr.language_label }).getByRole('button', { name: 'Français' }),
  ).toHaveAttribute('aria-pressed', 'true');
  // The recent activity's statuses and types in French, the amounts written the French way.
  const recent = page.getByRole('region', { name: HOME_COPY.fr.recent }).first();
  await expect(recent.getByText(STATUS_WORDS.fr.transaction_status.completed).first()).toBeVisible();
  await expect(recent.getByText(STATUS_WORDS.fr.transaction_type.deposit).first()).toBeVisible();
  await expect(recent).toContainText(/120,00\sGHS/);
  await expectAccessible(page, testInfo, 'home (French, chosen)');
  await shot(page, testInfo, 'finding-home-fr');

  // An English browser asking for English in the address: the person's choice still wins.
  await page.goto(`${baseUrl()}/dashboard/test/checkouts?locale=en`);
  await expect(title(page, CHECKOUTS_COPY.fr.title)).toBeVisible();
  const today = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date());
  const row = page.getByRole('row', { name: new RegExp(made[0]!.payment_reference) });
  const paid = new RegExp(`^(${CHECKOUT_STATUS_WORDS.fr.paid}|${CHECKOUT_STATUS_WORDS.fr.completed})$`);
  await expect(row.getByText(paid)).toBeVisible();
  await expect(row).toContainText(today);
  await expect(row).toContainText(/120,00\sGHS/);
  await expectAccessible(page, testInfo, 'checkouts (French, chosen)');

  await page.goto(`${baseUrl()}/dashboard/test/transactions`);
  await expect(title(page, TRANSACTIONS_COPY.fr.title)).toBeVisible();
  const table = page.getByRole('region', { name: TRANSACTIONS_COPY.fr.title });
  await expect(table.getByText(STATUS_WORDS.fr.transaction_status.completed).first()).toBeVisible();
  await expect(table.getByText(STATUS_WORDS.fr.transaction_type.deposit).first()).toBeVisible();
  await expectAccessible(page, testInfo, 'transactions (French, chosen)');

  // And back to English.
  await page.getByRole('form', { name: shell.fr.language_label }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: shell.en.nav_label })).toBeVisible();
  await page.reload();
  await expect(title(page, TRANSACTIONS_COPY.en.title)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the home draws one chart per currency over 7, 30 or 90 days, with a table', async ({ page }, testInfo) => {
  const { merchant } = await paidInTwoCurrencies('Yaw Crafts');
  await signedInMember(page.context(), merchant.id, 'viewer');
  const home = HOME_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test`);
  const periods = page.getByRole('navigation', { name: home.period });
  await expect(periods.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('img', { name: /^Money received per day in GHS, last 30 days: GHS\s150\.50 in 2/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Money received per day in NGN, last 30 days: NGN\s1,500\.00 in 1/ }),
  ).toBeVisible();
  await expect(page.locator('svg[data-currency="GHS"] rect')).toHaveCount(30);

  await periods.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole('heading', { name: 'Money received, last 7 days' })).toBeVisible();
  await expect(page.locator('svg[data-currency="NGN"] rect')).toHaveCount(7);
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByText(home.show_table).click();
  const ghsTable = page.getByRole('region', { name: /^GHS\s150\.50 in 2 payments$/ });
  await expect(ghsTable.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, testInfo, 'home chart, 7 days');
  await shot(page, testInfo, 'finding-home-chart');

  await page.goto(`${baseUrl()}/dashboard/test?days=90`);
  await expect(page.locator('svg[data-currency="GHS"] rect')).toHaveCount(90);
  await expectAccessible(page, testInfo, 'home chart, 90 days');
});

test('the checkout search finds a part of an order id, and only that checkout', async ({ page }, testInfo) => {
  const { merchant, made } = await paidInTwoCurrencies('Esi Search');
  await signedInMember(page.context(), merchant.id, 'viewer');
  const words = CHECKOUTS_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/checkouts`);
  await page.getByLabel(words.search, { exact: true }).fill('7730');
  await page.getByLabel(words.search, { exact: true }).press('Enter');
  await expect(page).toHaveURL(/q=7730/);
  await expect(page.getByRole('link', { name: made[2]!.payment_reference })).toBeVisible();
  await expect(page.getByRole('link', { name: made[0]!.payment_reference })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'checkouts searched');
  await shot(page, testInfo, 'finding-checkout-search');
});
