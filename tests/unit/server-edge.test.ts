import { beforeAll, describe, expect, it } from 'vitest';
import { edgeAnswer, normalisedPath } from '../../lib/platform/http/server-edge';
import { registerApiRoutes } from '../../lib/platform/http/route-table';
import { pageRefusal } from '../../lib/platform/http/page-guard';
import { isServedHost, servedHostsOf } from '../../lib/platform/http/served-hosts';
import { OPERATIONS } from '../../lib/surfaces/openapi/operations';

beforeAll(() => registerApiRoutes(OPERATIONS));

/** What the server edge decides before Next sees a request (the e2e suite drives it on `next start`). */
describe('normalisedPath', () => {
  it.each([
    ['/api/v1/merchants/checkouts/', '/api/v1/merchants/checkouts'],
    ['//api/v1//merchants/checkouts//', '/api/v1/merchants/checkouts'],
    ['/api/', '/api'],
    ['/api/v1/merchants/checkouts/%E0%A4%A', '/api/v1/merchants/checkouts/%E0%A4%A'],
    ['/pay/PAY-1/', '/pay/PAY-1/'],
    ['/pay/%E0%A4%A', '/pay/%25E0%25A4%25A'],
    ['/docs/%41', '/docs/%41'],
  ])('%s → %s', (given, expected) => expect(normalisedPath(given)).toBe(expected));
});

describe('edgeAnswer', () => {
  it('lets Next serve the methods its routes have, and OPTIONS where a route answers its own', () => {
    expect(edgeAnswer('GET', '/api/v1/merchants/checkouts')).toBeNull();
    expect(edgeAnswer('PATCH', '/api/v1/merchants/checkouts')).toBeNull();
    expect(edgeAnswer('OPTIONS', '/api/embed/v1/checkouts')).toBeNull();
    expect(edgeAnswer('GET', '/api/not-a-route')).toBeNull();
    expect(edgeAnswer('POST', '/pay/PAY-1')).toBeNull();
  });

  it("answers other methods with 405 and the route's Allow, 404 off the routes", () => {
    expect(edgeAnswer('TRACE', '/api/v1/merchants/checkouts/3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f')).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD, OPTIONS' },
      error: { code: 'method_not_allowed' },
    });
    expect(edgeAnswer('PROPFIND', '/api/v1/merchants/checkouts/embed-sessions')).toMatchObject({
      status: 405,
      headers: { allow: 'GET, HEAD, POST, OPTIONS' },
    });
    expect(edgeAnswer('TRACE', '/api/nothing')).toMatchObject({ status: 404, error: { code: 'route_not_found' } });
    expect(edgeAnswer('TRACE', '/')).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
  });

  it('answers OPTIONS with the Allow of the route (404 off the routes)', () => {
    expect(edgeAnswer('OPTIONS', '/api/v1/merchants/wallet/GHS/status')).toEqual({
      status: 204,
      headers: { allow: 'PATCH, OPTIONS' },
    });
    expect(edgeAnswer('OPTIONS', '/api/nothing')).toMatchObject({ status: 404 });
  });

  it('names the parameter of an undecodable segment', () => {
    expect(edgeAnswer('GET', '/api/v1/merchants/webhooks/%E0%A4%A/deliveries')).toMatchObject({
      status: 422,
      error: {
        code: 'validation_error',
        fields: [{ field: 'webhook_id', message: 'is not valid percent-encoded UTF-8' }],
      },
    });
    expect(edgeAnswer('GET', '/api/v1/%ZZ/checkouts')).toMatchObject({ status: 404 });
  });
});

describe('served hosts: the Host a page is asked for', () => {
  const hosts = servedHostsOf(['http://api.payments.test', 'https://pay.payments.test', 'http://127.0.0.1:3000']);

  it.each([
    'api.payments.test',
    'API.Payments.Test',
    'api.payments.test:80',
    'api.payments.test.',
    'pay.payments.test',
    'pay.payments.test:443',
    '127.0.0.1:3000',
    // A loopback service answers to each of this machine's own names, on its port.
    'localhost:3000',
    '[::1]:3000',
  ])('serves %s', (host) => expect(isServedHost(host, hosts)).toBe(true));

  it.each([
    undefined,
    '',
    'evil.example',
    'api.payments.test:8080',
    'pay.payments.test:80',
    'api.payments.test.evil.example',
    '127.0.0.1',
    '127.0.0.1:3001',
    'localhost:3001',
    'localhost.evil.example:3000',
    'api.payments.test@evil.example',
    'evil.example/api.payments.test',
    'api.payments.test:80:80',
  ])('refuses %s', (host) => expect(isServedHost(host, hosts)).toBe(false));

  it('reads IPv6 hosts and default ports of either scheme', () => {
    const v6 = servedHostsOf(['http://[::1]:3000', 'https://shop.example:443']);
    expect(v6).toEqual([
      { hostname: '[::1]', port: 3000, defaultPort: false },
      { hostname: 'shop.example', port: 443, defaultPort: true },
    ]);
    expect(isServedHost('[::1]:3000', v6)).toBe(true);
    expect(isServedHost('shop.example', v6)).toBe(true);
  });
});

describe('pageRefusal', () => {
  const hosts = servedHostsOf(['http://api.payments.test', 'https://pay.payments.test']);
  const refusal = (method: string, path: string, headers: Record<string, string>) =>
    pageRefusal(method, path, headers, hosts)?.status ?? null;

  it('refuses an unknown Host on every page and on /api/auth, never on the JSON APIs', () => {
    for (const path of ['/', '/dashboard/test', '/dev/mailbox', '/pay/PAY-1', '/_next/static/x.js', '/API/ping'])
      expect(refusal('GET', path, { host: 'rebound.example' }), path).toBe(421);
    expect(refusal('GET', '/api/auth/get-session', { host: 'rebound.example' })).toBe(421);
    expect(refusal('POST', '/api/auth', { host: '10.0.0.7:3000' })).toBe(421);
    expect(refusal('GET', '/dashboard/test', {})).toBe(421);
    for (const path of ['/api/health', '/api/ready', '/api/ping', '/api/v1/merchants/checkouts', '/api/authx'])
      expect(refusal('GET', path, { host: '10.0.0.7:3000' }), path).toBeNull();
    expect(refusal('GET', '/dashboard/test', { host: 'pay.payments.test' })).toBeNull();
  });

  it("refuses a server action from another origin (Next's comparison), too large, or of no stated size", () => {
    const host = { host: 'api.payments.test' };
    expect(
      refusal('POST', '/sign-in', { ...host, origin: 'http://api.payments.test', 'content-length': '10' }),
    ).toBeNull();
    expect(refusal('POST', '/sign-in', { ...host, 'content-length': '10' })).toBeNull();
    for (const origin of ['https://evil.example', 'null', 'not a url', 'http://api.payments.test:8080'])
      expect(refusal('POST', '/sign-in', { ...host, origin, 'content-length': '10' }), origin).toBe(403);
    // Behind a proxy that names the public host in X-Forwarded-Host, as Next reads it.
    expect(
      refusal('POST', '/sign-in', {
        ...host,
        'x-forwarded-host': 'pay.payments.test',
        origin: 'https://pay.payments.test',
      }),
    ).toBeNull();
    expect(refusal('POST', '/dashboard/test', { ...host, 'content-length': String(1024 * 1024) })).toBeNull();
    expect(refusal('POST', '/dashboard/test', { ...host, 'content-length': String(3 * 1024 * 1024) })).toBe(413);
    expect(refusal('POST', '/dashboard/test', { ...host, 'transfer-encoding': 'chunked' })).toBe(411);
    // The go-live page takes one 5 MB document per post; every other page stays at 1 MB.
    const mb = (n: number) => ({ ...host, 'content-length': String(Math.round(n * 1024 * 1024)) });
    expect(refusal('POST', '/dashboard/test/go-live', mb(5.05))).toBeNull();
    expect(refusal('POST', '/dashboard/live/go-live', mb(5.05))).toBeNull();
    expect(refusal('POST', '/dashboard/test/go-live', mb(5.1))).toBe(413);
    for (const path of ['/dashboard/test/go-live/x', '/dashboard/test/settings', '/dashboard/x/go-live', '/sign-in'])
      expect(refusal('POST', path, mb(1.5)), path).toBe(413);
    // Only pages: the APIs have their own rules (a 413 in the error shape), and GET is not an action.
    expect(refusal('POST', '/api/v1/merchants/checkouts', { origin: 'https://evil.example' })).toBeNull();
    expect(refusal('GET', '/sign-in', { ...host, origin: 'https://evil.example' })).toBeNull();
  });
});
