import { baseUrl, expect, merchantWithCheckout, test, tokenOf } from './support';

/**
 * What link scanners and browsers see without running the page: security headers on the page and
 * its API, and link previews that never carry the amount or the customer.
 */
test.describe.configure({ mode: 'parallel' });

test('the page and its API send the security headers', async ({ request }) => {
  const { checkout } = await merchantWithCheckout();
  const page = await request.get(`${baseUrl()}/pay/${checkout.payment_reference}`);
  expect(page.status()).toBe(200);
  const csp = page.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=_-]+'/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toMatch(/script-src [^;]*/);
  expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(page.headers()['referrer-policy']).toBe('no-referrer');
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['x-robots-tag']).toContain('noindex');
  // A fresh nonce per response.
  const again = await request.get(`${baseUrl()}/pay/${checkout.payment_reference}`);
  expect(again.headers()['content-security-policy']).not.toBe(csp);

  const api = await request.get(`${baseUrl()}/api/checkout/v1/sessions/${checkout.payment_reference}`, {
    headers: { 'x-checkout-token': tokenOf(checkout) },
  });
  expect(api.status()).toBe(200);
  expect(api.headers()['referrer-policy']).toBe('no-referrer');
  expect(api.headers()['x-content-type-options']).toBe('nosniff');
  expect(api.headers()['x-robots-tag']).toContain('noindex');
});

test('without the token, the page and its preview show neither the amount nor the customer', async ({ request }) => {
  const { checkout } = await merchantWithCheckout();
  const html = await (await request.get(`${baseUrl()}/pay/${checkout.payment_reference}`)).text();
  expect(html).not.toContain('ada@example.com');
  expect(html).not.toMatch(/25[.,]50/);
  // Follow the preview exactly as an unfurler would: the og:image URL in the page.
  const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(imageUrl).toBeDefined();
  expect(imageUrl).not.toContain('token');
  const image = await request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/png');
  expect((await image.body()).byteLength).toBeGreaterThan(1000);

  const unknownHtml = await (await request.get(`${baseUrl()}/pay/PAY-0000000000000000`)).text();
  const unknownImage = /<meta property="og:image" content="([^"]+)"/.exec(unknownHtml)?.[1]?.replaceAll('&amp;', '&');
  const unknown = await request.get(unknownImage!);
  expect(unknown.status()).toBe(200);
  expect(unknown.headers()['content-type']).toContain('image/png');
});
