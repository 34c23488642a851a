import { gzipSync } from 'node:zlib';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { baseUrl, expect, expectAccessible, newMerchant, sql, t, test, title, type Merchant } from './support';

/**
 * The checkout button on a merchant's own page, in Chromium: the page is served by a tiny HTTP server
 * started here on 127.0.0.1 (another origin than the service), with the snippet the API returned, a
 * strict Content-Security-Policy and hostile CSS. Allowed origin: the button renders, asks for an
 * email and lands on the hosted page of a new checkout. Other origin: the button says it is not
 * enabled there, and no checkout is made. A page script cannot choose its own amount.
 */
interface Shop {
  origin: string;
  /** Serves `html` at `pathname` on this shop. */
  page: (pathname: string, html: string) => string;
  close: () => Promise<void>;
}

async function startShop(): Promise<Shop> {
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url ?? '/', 'http://shop').pathname);
    if (!html) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': req.url?.endsWith('.css') ? 'text/css' : 'text/html; charset=utf-8',
      // A merchant with a strict policy: no inline script or style anywhere; only the service's script and API.
      'content-security-policy': `default-src 'self'; script-src ${baseUrl()}; connect-src ${baseUrl()}; style-src 'self'; img-src 'self' data:`,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // CSS that would wreck an unprotected button.
  pages.set(
    '/shop.css',
    'button{background:red!important;font-size:40px!important}*{letter-spacing:4px;color:purple}h1{font-family:serif}',
  );
  return {
    origin,
    page: (pathname, html) => (pages.set(pathname, html), `${origin}${pathname}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A merchant's product page around the snippet (its stylesheet is hostile to buttons). */
const productPage = (snippet: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kente scarf – Ama Crafts</title>
<link rel="stylesheet" href="/shop.css"></head>
<body><main><h1>Kente scarf</h1><p>Hand-woven in Bonwire.</p>
${snippet}
</main></body></html>`;

let shop: Shop;
let otherShop: Shop;
test.beforeAll(async () => {
  shop = await startShop();
  otherShop = await startShop();
});
test.afterAll(async () => {
  await shop.close();
  await otherShop.close();
});

async function session(merchant: Merchant, body: Record<string, unknown>) {
  const res = await fetch(`${baseUrl()}/api/v1/merchants/checkouts/embed-sessions`, {
    method: 'POST',
    headers: { 'x-api-key': merchant.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ currency_code: 'GHS', allowed_origins: [shop.origin], ...body }),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`embed session: ${res.status} ${JSON.stringify(json)}`);
  return json.data as { id: string; public_token: string; snippet: string };
}

const checkoutsOf = async (sessionId: string) =>
  sql()`select c.id, c.amount::text, c.currency_code, c.customer_email, c.meta_data
          from checkouts c join embed_session_checkouts l on l.checkout_id = c.id
         where l.embed_session_id = ${sessionId}`;

async function brandedMerchant() {
  const merchant = await newMerchant({ name: 'Ama Crafts' });
  await merchant.setBranding({ primary_color: '#6A1B9A' });
  return merchant;
}

test('on an allowed origin the button takes an email and opens the hosted page of a new checkout', async ({ page }) => {
  const merchant = await brandedMerchant();
  const s = await session(merchant, { amount: 125.5, description: 'Kente scarf', meta_data: { sku: 'KS-1' } });
  await page.goto(shop.page('/scarf', productPage(s.snippet)));

  const pay = page.getByRole('button', { name: 'Pay GHS 125.50' });
  await expect(pay).toBeVisible();
  // The merchant's CSS does not reach inside the button.
  expect(await pay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(106, 27, 154)');
  expect(await pay.evaluate((el) => getComputedStyle(el).fontSize)).toBe('16px');

  // Keyboard only: the button reveals the email field and moves the focus to it.
  await pay.focus();
  await page.keyboard.press('Enter');
  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  // An invalid address is refused in place, with the reason tied to the field.
  await page.keyboard.type('ama@');
  await page.keyboard.press('Enter');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/email address like/);
  expect(await checkoutsOf(s.id)).toHaveLength(0);

  await email.fill('ama@example.com');
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`^${baseUrl()}/pay/PAY-`));
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(/125\.50/);

  const [checkout] = await checkoutsOf(s.id);
  expect(checkout).toMatchObject({ amount: '12550', currency_code: 'GHS', customer_email: 'ama@example.com' });
  expect(checkout!.meta_data).toEqual({ sku: 'KS-1', embed_session_id: s.id });
  expect(new URL(page.url()).pathname).toMatch(/^\/pay\/PAY-/);
});

test('several amounts: an accessible picker at 360 px, the chosen amount is the one charged', async ({
  page,
}, testInfo) => {
  const merchant = await brandedMerchant();
  const s = await session(merchant, { amounts: [50, 125.5, 250], button_label: 'Donate', collect_customer_name: true });
  await page.goto(shop.page('/donate', productPage(s.snippet)));

  const group = page.getByRole('group', { name: 'Amount' });
  await expect(group.getByRole('radio')).toHaveCount(3);
  const shot = async (name: string) => {
    if (testInfo.project.name !== 'phone') return;
    const file = path.resolve('test-results', 'embed-button', name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  };
  await shot('merchant-page-360-button.png');
  await expect(group.getByRole('radio', { name: 'GHS 50.00' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Donate GHS 50.00' })).toBeVisible();
  await group.getByRole('radio', { name: 'GHS 250.00' }).check();
  const pay = page.getByRole('button', { name: 'Donate GHS 250.00' });
  await pay.click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await page.getByLabel('Email').fill('kojo@example.com');
  await expectAccessible(page, testInfo, 'checkout button with amount picker');

  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'no sideways scrolling').toBeLessThanOrEqual(page.viewportSize()!.width);
  await shot('merchant-page-360.png');

  // The name is required because the button collects it.
  await pay.click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill('Kojo Asante');
  await pay.click();
  await page.waitForURL(new RegExp(`^${baseUrl()}/pay/PAY-`));
  await expect(page.getByTestId('amount')).toHaveText(/250\.00/);
  const [checkout] = await checkoutsOf(s.id);
  expect(checkout).toMatchObject({ amount: '25000', customer_email: 'kojo@example.com' });
});

test('data-target="_blank" opens the hosted page in a new tab', async ({ page, context }) => {
  const merchant = await brandedMerchant();
  const s = await session(merchant, { amount: 20 });
  await page.goto(shop.page('/tab', productPage(s.snippet.replace(' async>', ' data-target="_blank" async>'))));
  await page.getByRole('button', { name: 'Pay GHS 20.00' }).click();
  await page.getByLabel('Email').fill('esi@example.com');
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Pay GHS 20.00' }).click();
  const tab = await opened;
  await tab.waitForURL(new RegExp(`^${baseUrl()}/pay/PAY-`));
  await expect(tab.getByTestId('amount')).toHaveText(/20\.00/);
  expect(page.url()).toContain(shop.origin); // the shop stays open
  await expect(page.getByRole('button', { name: 'Pay GHS 20.00' })).toBeEnabled();
  await tab.close();
});

test('on an origin that is not allowed the button says so and no checkout is made', async ({ page }, testInfo) => {
  const merchant = await brandedMerchant();
  const s = await session(merchant, { amount: 125.5 });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(otherShop.page('/copied', productPage(s.snippet)));
  await expect(page.getByRole('alert')).toHaveText('This payment button is not enabled on this website.');
  await expect(page.getByRole('button')).toHaveCount(0);
  // The merchant's developer sees why in the console.
  await expect.poll(() => warnings.join('\n')).toContain('origin_not_allowed');
  await expectAccessible(page, testInfo, 'checkout button refused');

  // Calling the API from that page directly is refused the same way.
  const status = await page.evaluate(
    async ({ api, token }) =>
      (
        await fetch(`${api}/api/embed/v1/checkouts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-embed-token': token },
          body: JSON.stringify({ amount: 125.5, customer_email: 'x@example.com' }),
        })
      ).status,
    { api: baseUrl(), token: s.public_token },
  );
  expect(status).toBe(403);
  expect(await checkoutsOf(s.id)).toHaveLength(0);
});

test('a script on the allowed page cannot choose its own amount or currency', async ({ page }) => {
  const merchant = await brandedMerchant();
  const s = await session(merchant, { amounts: [50, 125.5] });
  await page.goto(shop.page('/tamper', productPage(s.snippet)));
  await expect(page.getByRole('button', { name: 'Pay GHS 50.00' })).toBeVisible();

  const attempts = [
    { amount: 1, customer_email: 'x@example.com' },
    { amount: 50.001, customer_email: 'x@example.com' },
    { amount: 5000, customer_email: 'x@example.com' },
    { amount: 50, currency_code: 'USD', customer_email: 'x@example.com' },
    { amount: 50, description: 'free', customer_email: 'x@example.com' },
  ];
  const answers = await page.evaluate(
    async ({ api, token, attempts }) =>
      Promise.all(
        attempts.map(async (body) => {
          const res = await fetch(`${api}/api/embed/v1/checkouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-embed-token': token },
            body: JSON.stringify(body),
          });
          const json = await res.json();
          return { status: res.status, fields: json.error.fields.map((f: { field: string }) => f.field) };
        }),
      ),
    { api: baseUrl(), token: s.public_token, attempts },
  );
  expect(answers).toEqual([
    { status: 422, fields: ['amount'] },
    { status: 422, fields: ['amount'] },
    { status: 422, fields: ['amount'] },
    { status: 422, fields: ['currency_code'] },
    { status: 422, fields: ['description'] },
  ]);
  expect(await checkoutsOf(s.id)).toHaveLength(0);
});

test('the script is small, cacheable and served as JavaScript to any page', async ({ request }) => {
  const res = await request.get(`${baseUrl()}/embed/v1/button.js`, { headers: { origin: 'https://anywhere.example' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(res.headers()['cache-control']).toContain('max-age=3600');
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  expect(res.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  const body = await res.body();
  // Every language's words are in it (lib/surfaces/embed/button-script.ts): what travels is gzip.
  expect(res.headers()['content-encoding']).toBe('gzip');
  expect(gzipSync(body).length, 'gzip bytes').toBeLessThan(8 * 1024);
  expect(body.length, 'bytes').toBeLessThan(24 * 1024);
  // Revalidation is cheap: an unchanged script answers 304.
  const etag = res.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get(`${baseUrl()}/embed/v1/button.js`, { headers: { 'if-none-match': etag! } });
  expect(again.status()).toBe(304);
});
