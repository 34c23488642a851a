import fs from 'node:fs';
import { CONVERSION_COPY } from '../../lib/surfaces/dashboard/copy/conversion';
import { HOME_COPY } from '../../lib/surfaces/dashboard/copy/home';
import { TRANSACTIONS_COPY } from '../../lib/surfaces/dashboard/copy/transactions';
import { WALLETS_COPY } from '../../lib/surfaces/dashboard/copy/wallets';
import { baseUrl, expect, expectAccessible, newMerchant, sandboxTransfer, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Money in, as an owner sees it in Chromium: the home (balances, the chart, recent activity), the
 * transactions with a filter and their CSV download, the wallet's statement and settlements, and a
 * conversion from a quote. French once.
 */
const home = HOME_COPY.en;
const words = TRANSACTIONS_COPY.en;
const conversion = CONVERSION_COPY.en;
const wallets = WALLETS_COPY.en;

async function paidAndSettled(name: string) {
  const merchant = await newMerchant({ name });
  for (const amount of [120, 30.5]) {
    const checkout = await merchant.createCheckout({ amount, currency_code: 'GHS' });
    await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
  }
  const res = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    body: JSON.stringify({ as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(), merchant_id: merchant.id }),
  });
  expect(res.status).toBe(200);
  return merchant;
}

test('an owner reads the home and the transactions, downloads the CSV, and converts GHS to USD', async ({
  page,
}, testInfo) => {
  const merchant = await paidAndSettled('Abena Textiles');
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test`);
  await expect(title(page, 'Abena Textiles')).toBeVisible();
  await expect(page.getByRole('img', { name: /Money received per day in GHS/ })).toBeVisible();
  await expect(page.getByRole('region', { name: home.recent }).getByRole('row')).toHaveCount(3);
  await expectAccessible(page, testInfo, 'home');
  await snap(page, testInfo, 'dashboard-home-money');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(title(page, words.title)).toBeVisible();
  await page.getByLabel(words.currency).selectOption('GHS');
  await page.getByRole('button', { name: words.filter }).click();
  await expect(page).toHaveURL(/currency_code=GHS/);
  await expect(page.getByRole('region', { name: words.title }).getByRole('row')).toHaveCount(3);
  await expectAccessible(page, testInfo, 'transactions');
  await snap(page, testInfo, 'dashboard-transactions');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: words.download }).click(),
  ]);
  const csv = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(3);
  expect(csv.slice(1).map((l) => l.split(',').slice(4, 6).join(' '))).toEqual(
    expect.arrayContaining(['GHS 120.00', 'GHS 30.50']),
  );

  await page.goto(`${baseUrl()}/dashboard/test/wallets`);
  await expect(title(page, wallets.title)).toBeVisible();
  // Two deposits into holding, then the settlement's two lines each (out of holding, into available).
  await expect(page.getByRole('region', { name: wallets.statement }).getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('region', { name: wallets.settlements }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page, testInfo, 'wallets');
  await snap(page, testInfo, 'dashboard-wallets');

  await page.goto(`${baseUrl()}/dashboard/test/conversion`);
  await expect(title(page, conversion.title)).toBeVisible();
  await page.getByLabel(conversion.from).selectOption('GHS');
  await page.getByLabel(conversion.to).selectOption('USD');
  await page.getByLabel(conversion.amount).fill('50');
  await page.getByRole('button', { name: conversion.quote }).click();
  await expect(page.getByTestId('quote')).toContainText(conversion.rate);
  await expectAccessible(page, testInfo, 'conversion quote');
  await snap(page, testInfo, 'dashboard-conversion');
  await page.getByRole('button', { name: conversion.convert }).click();
  await expect(page.getByText(conversion.converted)).toBeVisible();
  const [row] = await sql()`select from_currency, to_currency from conversions where merchant_id = ${merchant.id}`;
  expect(row).toEqual({ from_currency: 'GHS', to_currency: 'USD' });
  await page.reload();
  await expect(page.getByRole('region', { name: conversion.history }).getByRole('row')).toHaveCount(2);
});

test("l'accueil et les transactions en français", async ({ page }, testInfo) => {
  const merchant = await paidAndSettled('Awa Tissus');
  await signedInMember(page.context(), merchant.id, 'viewer');
  await page.goto(`${baseUrl()}/dashboard/test/transactions?locale=fr`);
  await expect(title(page, TRANSACTIONS_COPY.fr.title)).toBeVisible();
  await expect(page.getByText(TRANSACTIONS_COPY.fr.export_lead)).toBeVisible();
  await expectAccessible(page, testInfo, 'transactions (fr)');
  await snap(page, testInfo, 'dashboard-transactions-fr');
});
