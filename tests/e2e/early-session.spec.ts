import { expect, merchantWithCheckout, openCheckout, t, test, title } from './support';

/**
 * The page's first read of its session starts from a few lines of inline script while its
 * JavaScript is still downloading (early-session.ts), on a slow phone network as the bench's, and
 * the app uses that answer rather than asking again.
 */
test('the session read starts before the JavaScript has loaded, and is made once', async ({ page }) => {
  const { checkout } = await merchantWithCheckout();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const reads: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/checkout\/v1\/sessions\/[^/]+$/.test(new URL(r.url()).pathname))
      reads.push(r.headers()['x-checkout-token'] ?? '');
  });

  await openCheckout(page, checkout);
  // The choice is in the server's HTML: the session has been read once the app shows the amount.
  await expect(page.getByTestId('amount')).toBeVisible();
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const session = entries.find((e) => /\/api\/checkout\/v1\/sessions\/[^/]+$/.test(new URL(e.name).pathname));
    const scripts = entries.filter((e) => e.initiatorType === 'script');
    return { sessionStart: session?.startTime ?? Infinity, lastScript: Math.max(...scripts.map((s) => s.responseEnd)) };
  });
  expect(timing.sessionStart).toBeLessThan(timing.lastScript);
  expect(reads).toEqual([new URL(checkout.checkout_url).hash.replace(/^#token=/, '')]);
});

test('a reload reads with the token kept in the tab, and a link without one reads nothing', async ({ page }) => {
  const { checkout } = await merchantWithCheckout();
  let reads = 0;
  page.on('request', (r) => {
    if (/\/api\/checkout\/v1\/sessions\/[^/]+$/.test(new URL(r.url()).pathname)) reads++;
  });
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.reload();
  await expect(title(page, t('choose_title'))).toBeVisible();
  expect(reads).toBe(2);

  await page.goto(new URL(checkout.checkout_url).pathname.replace(/PAY-\w+$/, 'PAY-0000000000000000'));
  await expect(title(page, t('no_token_title'))).toBeVisible();
  expect(reads).toBe(2);
});
