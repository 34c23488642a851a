import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page, TestInfo } from '@playwright/test';
import { BUTTON_COPY } from '../../lib/surfaces/dashboard/copy/button';
import { DEVELOPERS_COPY } from '../../lib/surfaces/dashboard/copy/developers';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Developers → Checkout button in Chromium: a developer builds a button while its preview (the real
 * button script, in preview mode) follows the label and the amounts and starts no checkout when
 * clicked; creates it, copies the snippet, and the snippet works on the merchant's own page (another
 * origin, a strict CSP); then disables it, and that page says so. A viewer sees the buttons, no form.
 */
const words = BUTTON_COPY.en;

/** The merchant's website: one page at a time, served from 127.0.0.1 on a port of its own. */
async function startShop() {
  let html = '';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src ${baseUrl()}; connect-src ${baseUrl()}`,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    show: (snippet: string) => {
      html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Library fund</title></head>
<body><main><h1>Library fund</h1>${snippet}</main></body></html>`;
      return `${origin}/`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Full-page screenshots to look at (the brief's 360 and 1280 px), beside the suite's own. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = path.join('/tmp/shots-button', `${testInfo.project.name}-${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

const sessionsOf = async (merchantId: string) =>
  sql()`select status, amounts, button_label, allowed_origins from embed_sessions where merchant_id = ${merchantId}`;
const checkoutCount = async (merchantId: string) =>
  (await sql()`select count(*)::int as n from checkouts where merchant_id = ${merchantId}`)[0]!.n as number;

test('a developer builds a button with a live preview, creates it, uses its snippet, disables it', async ({
  page,
  context,
}, testInfo) => {
  const shop = await startShop();
  try {
    const merchant = await newMerchant({ name: 'Kofi Books' });
    await merchant.setBranding({ primary_color: '#6A1B9A' });
    await signedInMember(context, merchant.id, 'developer');
    await page.goto(`${baseUrl()}/dashboard/test/developers`);
    await page.getByRole('link', { name: DEVELOPERS_COPY.en.button_open }).click();
    await expect(title(page, words.title)).toBeVisible();
    const preview = page.getByTestId('button-preview');
    await expect(page.getByText(words.preview_empty)).toBeVisible();
    await expectAccessible(page, testInfo, 'checkout button builder');

    // One amount: the preview is the script's button, in the merchant's colour.
    await page.getByLabel('Amount 1', { exact: true }).fill('125,50');
    const pay = preview.getByRole('button', { name: 'Pay GHS 125.50' });
    await expect(pay).toBeVisible();
    expect(await pay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(106, 27, 154)');
    await page.getByLabel(words.button_label).fill('Donate');
    await expect(preview.getByRole('button', { name: 'Donate GHS 125.50' })).toBeVisible();

    // A second amount (keyboard: the new row takes the focus): the preview offers the choice.
    await page.getByRole('button', { name: words.add_amount }).press('Enter');
    await expect(page.getByLabel('Amount 2', { exact: true })).toBeFocused();
    await page.keyboard.type('250');
    const choice = preview.getByRole('group', { name: 'Amount' });
    await expect(choice.getByRole('radio')).toHaveCount(2);
    await page.getByLabel(words.collect_name).check();
    await choice.getByRole('radio', { name: 'GHS 250.00' }).check();
    await expect(preview.getByRole('button', { name: 'Donate GHS 250.00' })).toBeVisible();

    // Clicking the preview goes as far as the customer's fields, and starts no checkout.
    await preview.getByRole('button', { name: 'Donate GHS 250.00' }).click();
    await expect(preview.getByLabel('Full name')).toBeVisible();
    await preview.getByLabel('Email').fill('ama@example.com');
    await preview.getByLabel('Full name').fill('Ama Owusu');
    await preview.getByRole('button', { name: 'Donate GHS 250.00' }).click();
    await expect(preview.getByText('Preview only: no payment is started.')).toBeVisible();
    expect(await checkoutCount(merchant.id)).toBe(0);
    await expectAccessible(page, testInfo, 'checkout button preview');
    await shot(page, testInfo, 'builder-preview');

    // A path is not an origin: the API's refusal names the field, nothing is made.
    await page.getByLabel(words.origins).fill(`${shop.origin}/donate`);
    await page.getByRole('button', { name: words.create_submit }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('allowed_origins.0');
    expect(await sessionsOf(merchant.id)).toHaveLength(0);

    await page.getByLabel(words.origins).fill(shop.origin);
    await page.getByRole('button', { name: words.create_submit }).click();
    await expect(page.getByText(words.created)).toBeVisible();
    const snippet = page.getByTestId('snippet').first();
    await expect(snippet).toContainText('data-session="pk_embed_');
    const code = (await snippet.textContent())!;
    expect(await sessionsOf(merchant.id)).toEqual([
      { status: 'active', amounts: ['12550', '25000'], button_label: 'Donate', allowed_origins: [shop.origin] },
    ]);

    // Copy, by keyboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await page.getByRole('button', { name: words.copy }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(words.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The mode's buttons list it, with its snippet.
    const card = page.getByRole('listitem').filter({ hasText: 'Donate GHS 125.50 · GHS 250.00' });
    await expect(card.getByText(words.active)).toBeVisible();
    await expect(card.getByText(shop.origin)).toBeVisible();
    await card.getByText(words.show_snippet).click();
    await expect(card.getByTestId('snippet')).toHaveText(code);
    await expectAccessible(page, testInfo, 'checkout button created');
    await shot(page, testInfo, 'builder-created');
    await snap(page, testInfo, 'dashboard-checkout-button');

    // The snippet on the merchant's page: the button works and opens a checkout.
    const shopPage = await context.newPage();
    await shopPage.goto(shop.show(code));
    await shopPage.getByRole('radio', { name: 'GHS 125.50' }).check();
    await shopPage.getByRole('button', { name: 'Donate GHS 125.50' }).click();
    await shopPage.getByLabel('Email').fill('kojo@example.com');
    await shopPage.getByLabel('Full name').fill('Kojo Asante');
    await shopPage.getByRole('button', { name: 'Donate GHS 125.50' }).click();
    await shopPage.waitForURL(new RegExp(`^${baseUrl()}/pay/PAY-`));
    expect(await checkoutCount(merchant.id)).toBe(1);

    await page.reload();
    const again = page.getByRole('listitem').filter({ hasText: 'Donate GHS 125.50 · GHS 250.00' });
    await expect(again.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible();
    await again.getByRole('button', { name: words.disable }).click();
    // Asked first, then disabled.
    await again.getByRole('button', { name: words.disable }).click();
    // The list is read again: the button is disabled, and there is nothing more to disable.
    await expect(again.getByText(words.disabled, { exact: true })).toBeVisible();
    await expect(again.getByRole('button', { name: words.disable })).toHaveCount(0);
    expect((await sessionsOf(merchant.id))[0]!.status).toBe('disabled');

    // The merchant's page now says the button is over.
    await shopPage.goto(shop.show(code));
    await expect(shopPage.getByRole('alert')).toHaveText('This payment button is no longer available.');

    // The member's lines (the operator's onboarding and the setup's API calls are there too, as theirs).
    const audit = await sql()`
      select action from audit_log where merchant_id = ${merchant.id} and actor_type = 'person' order by created_at`;
    expect(audit.map((a) => a.action)).toEqual(['embed_session.create', 'embed_session.disable']);
  } finally {
    await shop.close();
  }
});

test('a viewer sees the buttons but no form and no Disable', async ({ page, context }, testInfo) => {
  const merchant = await newMerchant({ name: 'Kofi Books' });
  const made = await merchant.call('POST', '/api/v1/merchants/checkouts/embed-sessions', {
    amount: 20,
    currency_code: 'GHS',
    allowed_origins: ['https://shop.example'],
  });
  expect(made.status).toBe(200);
  await signedInMember(context, merchant.id, 'viewer');
  await page.goto(`${baseUrl()}/dashboard/test/developers/button`);
  await expect(title(page, words.title)).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Pay GHS 20.00' });
  await expect(card.getByText(words.active)).toBeVisible();
  await expect(page.getByRole('button', { name: words.create_submit })).toHaveCount(0);
  await expect(page.getByLabel('Amount 1', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: words.disable })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'checkout button (viewer)');

  // In French too.
  await page.goto(`${baseUrl()}/dashboard/test/developers/button?locale=fr`);
  await expect(title(page, BUTTON_COPY.fr.title)).toBeVisible();
  await expect(page.getByText(BUTTON_COPY.fr.sessions, { exact: true })).toBeVisible();
  await shot(page, testInfo, 'viewer-fr');
});
