import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl, expect, test } from './support';

/**
 * GET /docs: the hand-written quick start and the API reference rendered from /api/openapi.json by a
 * bundle this service serves. Runs at the phone (360 px) and desktop (1280 px) projects. Offline by
 * construction: any request to a host other than 127.0.0.1 fails the test (and is aborted), as does
 * anything the page's Content Security Policy refuses (the fixture in ./support).
 */
test.describe.configure({ mode: 'parallel' });

/** Aborts and records every request (and WebSocket) that would leave 127.0.0.1. */
async function recordExternalRequests(context: BrowserContext, page: Page): Promise<string[]> {
  const external: string[] = [];
  const isLocal = (url: string) => {
    const { protocol, hostname } = new URL(url);
    return !/^(https?|wss?):$/.test(protocol) || hostname === '127.0.0.1';
  };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    external.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('websocket', (socket) => {
    if (!isLocal(socket.url())) external.push(socket.url());
  });
  return external;
}

const quickStart = (page: Page) => page.getByRole('region', { name: 'Quick start' });

test('the docs page shows the quick start and the reference, and talks to no other host', async ({
  page,
  context,
}, testInfo) => {
  const external = await recordExternalRequests(context, page);
  const phone = testInfo.project.name === 'phone';
  // The renderer logs nothing to the console. (It once did: it read an element with id
  // "api-reference", ours, as a document to parse, and logged "Invalid YAML object".)
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text().split('\n')[0]!);
  });

  const response = await page.goto('/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");

  // Our part, server-rendered.
  await expect(page.getByRole('heading', { level: 1, name: 'API documentation' })).toBeVisible();
  await expect(quickStart(page)).toBeVisible();
  await expect(quickStart(page).getByRole('heading', { name: '1. Create a checkout' })).toBeVisible();
  await expect(quickStart(page).getByLabel('Create a checkout with curl')).toContainText('/api/v1/merchants/checkouts');
  await expect(quickStart(page).getByLabel('Create a checkout with curl')).toContainText('"customer_email"');
  await expect(page.getByRole('link', { name: /\/api\/openapi\.json/ })).toHaveAttribute('href', '/api/openapi.json');
  // Nothing of ours is wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);

  await page.screenshot({ path: testInfo.outputPath(`docs-top-${testInfo.project.name}.png`) });
  await quickStart(page).screenshot({ path: testInfo.outputPath(`docs-quick-start-${testInfo.project.name}.png`) });

  // The renderer: the bundle loads from here, reads /api/openapi.json, lists "Create checkout".
  const reference = page.locator('#reference');
  await expect(reference.locator('.scalar-app')).toBeAttached({ timeout: 20_000 });
  // Phones get the renderer's sidebar behind its menu button.
  if (phone) await reference.getByRole('button', { name: 'Open Menu' }).click();
  const sidebarEntry = reference.getByRole('link', { name: /^Create checkout\b/ });
  await expect(sidebarEntry).toBeVisible({ timeout: 20_000 });
  await sidebarEntry.click();
  await expect(page).toHaveURL(/#tag\/checkouts\/POST\/api\/v1\/merchants\/checkouts$/);
  const operation = reference.getByRole('heading', { name: 'Create checkout' }).first();
  await expect(operation).toBeVisible();
  await expect(reference.getByText('/api/v1/merchants/checkouts', { exact: true }).first()).toBeAttached();
  // The renderer's hosted-client link (client.scalar.com) is turned off.
  await expect(reference.locator('a[href*="client.scalar.com"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`docs-reference-${testInfo.project.name}.png`) });

  expect(external, 'requests to hosts other than 127.0.0.1').toEqual([]);
  expect(consoleErrors, 'console errors on /docs').toEqual([]);
});

test('axe: neither the quick start nor the rendered reference has violations', async ({ page }, testInfo) => {
  await page.goto('/docs');
  await expect(page.locator('#reference .scalar-app')).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('#reference').getByText('Create checkout', { exact: true }).first()).toBeAttached({
    timeout: 20_000,
  });

  const ours = await new AxeBuilder({ page })
    .include('section[aria-labelledby="docs-title"]')
    .include('section[aria-labelledby="quick-start"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  await testInfo.attach('axe: quick start', {
    body: JSON.stringify(ours.violations, null, 2),
    contentType: 'application/json',
  });
  expect(ours.passes.length, 'axe ran its rules on the quick start').toBeGreaterThan(0);
  const summary = ours.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(summary, 'accessibility violations in the quick start').toEqual([]);

  // The third-party renderer, with our contrast and overflow fixes (app/docs/api-reference.tsx): WCAG A and AA.
  const theirs = await new AxeBuilder({ page }).include('#reference').withTags(['wcag2a', 'wcag2aa']).analyze();
  await testInfo.attach('axe: renderer', {
    body: JSON.stringify(theirs.violations, null, 2),
    contentType: 'application/json',
  });
  expect(theirs.passes.length, 'axe ran its rules on the renderer').toBeGreaterThan(0);
  const rendererSummary = theirs.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.length}): ${v.help}`);
  expect(rendererSummary, 'accessibility violations in the rendered reference').toEqual([]);
});

test("the request client's key field says what goes there, not a made-up secret", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the request client is a desktop dialog');
  await page.goto('/docs');
  const reference = page.locator('#reference');
  await reference.getByRole('link', { name: /^Create checkout\b/ }).click({ timeout: 20_000 });
  await reference
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  // The renderer's own placeholder was a base64 string, which reads as a real secret.
  await expect(page.getByPlaceholder('Your API key (sk_test_… or sk_live_…)', { exact: true })).toBeVisible();
  await expect(page.locator('input[placeholder="QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('docs-request-client.png') });
});

test('the renderer is served from node_modules with long caching, and nothing else is', async ({ request }) => {
  const html = await (await request.get(`${baseUrl()}/docs`)).text();
  const entry = /\/docs\/renderer\/[0-9][^"/]*\/standalone\.esm\.js/.exec(html)?.[0];
  expect(entry, 'the page names the bundle').toBeDefined();
  // Whatever the client accepts, the body is the module itself (next start would drop a
  // Content-Encoding set by the route, so the route must never pre-compress).
  for (const accept of ['gzip, deflate, br', 'identity']) {
    const bundle = await request.get(`${baseUrl()}${entry}`, { headers: { 'accept-encoding': accept } });
    expect(bundle.status()).toBe(200);
    expect(bundle.headers()['content-type']).toContain('text/javascript');
    expect(bundle.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await bundle.text()).includes('createApiReference'), accept).toBe(true);
  }

  const version = entry!.split('/')[3];
  for (const path of [
    `/docs/renderer/0.0.0/standalone.esm.js`,
    `/docs/renderer/${version}/standalone.esm.js.map`,
    `/docs/renderer/${version}/..%2Fpackage.json`,
    `/docs/renderer/${version}/..%2F..%2Fpackage.json`,
    `/docs/renderer/${version}/chunks/..%2F..%2Fesm.js`,
    `/docs/renderer/${version}/nope.js`,
  ]) {
    expect((await request.get(`${baseUrl()}${path}`)).status(), path).toBe(404);
  }
});

test('other pages do not load the renderer', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/docs/renderer/')) loaded.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(loaded).toEqual([]);
});

test("/docs/errors: an entry for every code an error's doc_url points to, and no axe violation", async ({
  page,
  request,
}, testInfo) => {
  // An error answer from the API, and the entry its doc_url names.
  const refused = await request.get('/api/v1/merchants/checkouts');
  expect(refused.status()).toBe(401);
  const docUrl = new URL(((await refused.json()) as { error: { doc_url: string } }).error.doc_url);
  expect(docUrl.pathname).toBe('/docs/errors');
  expect(docUrl.hash).toBe('#missing_api_key');

  const response = await page.goto(`/docs/errors${docUrl.hash}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Error codes' })).toBeVisible();
  const entry = page.locator('#missing_api_key');
  await expect(entry).toBeInViewport();
  await expect(entry.locator('xpath=..')).toContainText('What to do: Send your secret key in the x-api-key header');

  // Every code the OpenAPI document lists has its entry.
  const openapi = (await (await request.get('/api/openapi.json')).json()) as {
    components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
  };
  const codes = openapi.components.schemas.Error.properties.error.properties.code.enum;
  expect(codes.length).toBeGreaterThan(50);
  const entries = await page.locator('dt[id]').evaluateAll((dts) => dts.map((dt) => dt.id));
  expect(entries.sort()).toEqual([...codes].sort());

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`docs-errors-${testInfo.project.name}.png`) });
});
