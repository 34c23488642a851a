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

test('the JSON APIs and the home page send nosniff, a Referrer-Policy and frame-ancestors', async ({ request }) => {
  const { merchant } = await merchantWithCheckout();
  const answers = {
    'merchant API': await request.get(`${baseUrl()}/api/v1/merchants/checkouts`, {
      headers: { 'x-api-key': merchant.apiKey },
    }),
    'merchant API, refused': await request.get(`${baseUrl()}/api/v1/merchants/checkouts`),
    'operator API': await request.get(`${baseUrl()}/api/admin/v1/checkouts/awaiting-approval`),
    'openapi.json': await request.get(`${baseUrl()}/api/openapi.json`),
    health: await request.get(`${baseUrl()}/api/health`),
    'unknown API path': await request.get(`${baseUrl()}/api/nothing`),
    'home page': await request.get(`${baseUrl()}/`),
  };
  for (const [what, res] of Object.entries(answers)) {
    expect(res.status(), what).toBeLessThan(500);
    expect(res.headers()['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers()['referrer-policy'], what).toBe('no-referrer');
    expect(res.headers()['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-frame-options'], what).toBe('DENY');
  }
  // The document stays readable from any origin; the API's own CSP forbids everything a page could load.
  expect(answers['openapi.json'].headers()['access-control-allow-origin']).toBe('*');
  expect(answers['merchant API'].headers()['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  // The home page renders its own scripts: only framing is restricted there.
  expect(answers['home page'].headers()['content-security-policy']).toBe("frame-ancestors 'none'");
});
