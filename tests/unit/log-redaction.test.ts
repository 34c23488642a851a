import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log, redact } from '../../lib/platform/log';
import { generateApiKey } from '../../lib/access/api-key-format';
import { loggablePath, secretParameterValues } from '../../lib/platform/http/logged-path';
import { findSecretsInLog } from '../support/log-secrets';

const apiKey = generateApiKey('test').secret;
const liveKey = generateApiKey('live').secret;
const webhookSecret = 'whsec_3q2-7wEXAMPLEexampleEXAMPLEexample0123456789abc';
const embedToken = 'pk_embed_Zm9vYmFyYmF6cXV4LV9mb29iYXJiYXpxdXgtX2Zvb2Jh';
const jwt =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjaGVja291dCIsInJlZiI6IlBBWS0xMjM0In0.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJl';

const serialized = (fields: Record<string, unknown>) => JSON.stringify(redact(fields));

describe('log redaction: by field name', () => {
  it.each([
    'secret',
    'webhook_secret',
    'secretKey',
    'secret_key',
    'token',
    'checkout_token',
    'embedToken',
    'x-checkout-token',
    'password',
    'db_passwd',
    'api_key',
    'apiKey',
    'x-api-key',
    'authorization',
    'Authorization',
    'cookie',
    'signature',
  ])('%s → masked, whatever the value', (name) => {
    const out = redact({ [name]: 'harmless-looking-value', other: 'kept' });
    expect(out[name]).toBe('[redacted]');
    expect(out.other).toBe('kept');
  });

  it('masks nested objects and arrays under secret names, and keeps identifiers that only look related', () => {
    const out = redact({
      headers: { 'x-api-key': apiKey, authorization: 'Bearer abc', accept: 'application/json' },
      keys: [{ key_id: 'k-1', key_prefix: 'sk_test_AbCd', secret_key: apiKey }],
      credentials: { user: 'u' },
      idempotency_key: 'order-1001',
    });
    expect(out).toEqual({
      headers: { 'x-api-key': '[redacted]', authorization: '[redacted]', accept: 'application/json' },
      keys: [{ key_id: 'k-1', key_prefix: 'sk_test_AbCd', secret_key: '[redacted]' }],
      credentials: '[redacted]',
      idempotency_key: 'order-1001',
    });
  });

  it('cuts phone fields to their last 4 digits', () => {
    expect(
      redact({
        phone: '+233244123456',
        customer_phone: '0244123456',
        msisdn: 233244123456,
        mobile_number: '+254 712 345 678',
      }),
    ).toEqual({
      phone: '…3456',
      customer_phone: '…3456',
      msisdn: '…3456',
      mobile_number: '…5678',
    });
  });

  it('leaves empty and missing values as they are (the absence is worth seeing)', () => {
    expect(redact({ token: null, secret: undefined, password: '' })).toEqual({
      token: null,
      secret: undefined,
      password: '',
    });
  });
});

describe('log redaction: by value, anywhere in a string', () => {
  it('API keys keep their display prefix only', () => {
    const out = serialized({ msg: `rejected ${apiKey} and ${liveKey}` });
    expect(out).not.toContain(apiKey);
    expect(out).not.toContain(liveKey);
    expect(out).toContain(`${apiKey.slice(0, 12)}…[redacted]`);
    expect(out).toContain(`${liveKey.slice(0, 12)}…[redacted]`);
  });

  it('webhook secrets, embed tokens, JWTs, bearer tokens and URL passwords', () => {
    const out = serialized({
      embed: `button ${embedToken} loaded`,
      error: `signing with ${webhookSecret} failed`,
      detail: `token=${jwt}; next`,
      header: 'Authorization: Bearer abcdefghijklmnop',
      url: 'postgres://payments:s3cr3t-pa55@db.internal:5432/payments',
      stack: `Error: bad\n    at verify (${jwt})`,
    });
    expect(out).not.toContain(webhookSecret.slice(6));
    expect(out).not.toContain('eyJ');
    expect(out).not.toContain('abcdefghijklmnop');
    expect(out).not.toContain('s3cr3t-pa55');
    expect(out).not.toContain(embedToken.slice(9));
    expect(out).toContain('button pk_embed_[redacted] loaded');
    expect(out).toContain('whsec_[redacted]');
    expect(out).toContain('Bearer [redacted]');
    expect(out).toContain('postgres://payments:[redacted]@db.internal:5432/payments');
  });

  it('phone numbers in text keep their last 4 digits', () => {
    const out = redact({ msg: 'prompt sent to +233244123456, fallback 0244123333, or +254 712 345 678.' }).msg;
    expect(out).toBe('prompt sent to …3456, fallback …3333, or …5678.');
  });

  it('does not mistake identifiers, timestamps, amounts and references for phone numbers', () => {
    const fields = {
      request_id: '550e8400-e29b-41d4-a716-446655440000',
      time: '2026-11-23T11:42:02.123Z',
      amount: '123456789.50',
      ratio: '0.123456789',
      reference: 'PAY-0123456789ABCDEF',
      path: '/api/v1/merchants/checkouts/0194b1c2-7d3e-7abc-8def-123456789012',
      latency_ms: 123456789,
    };
    expect(redact(fields)).toEqual(fields);
  });

  it("the process's own secrets (admin token, checkout token keys, database password) wherever they appear", () => {
    try {
      vi.stubEnv('ADMIN_API_TOKEN', 'admin-token-for-redaction-test-0123456789');
      vi.stubEnv('CHECKOUT_TOKEN_SECRET', 'checkout-secret-for-redaction-test-012345');
      vi.stubEnv(
        'CHECKOUT_TOKEN_PREVIOUS_SECRETS',
        'old-secret-for-redaction-test-0123456789, older-secret-for-redaction-test-01234567',
      );
      vi.stubEnv('DATABASE_URL', 'postgres://app:pw-for-redaction-test@localhost:5432/payments');
      const out = serialized({
        msg: 'admin-token-for-redaction-test-0123456789 checkout-secret-for-redaction-test-012345',
        rotation: ['older-secret-for-redaction-test-01234567'],
        note: 'password is pw-for-redaction-test',
      });
      expect(out).not.toMatch(/redaction-test/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('leaves ordinary lines alone', () => {
    const fields = {
      msg: 'request',
      method: 'POST',
      path: '/api/v1/merchants/checkouts',
      status: 201,
      latency_ms: 12.3,
      key_prefix: 'sk_test_AbCd',
    };
    expect(redact(fields)).toEqual(fields);
  });
});

describe('log: every line is redacted, and LOG_FILE gets its own level', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-test-'));
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes JSON lines to LOG_FILE at LOG_FILE_LEVEL while stdout stays silent, with nothing secret in them', () => {
    const file = path.join(dir, 'app.log');
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('LOG_FILE', file);
    vi.stubEnv('LOG_FILE_LEVEL', 'debug');
    log.debug('debug line', { api_key: apiKey });
    log.info(`key ${apiKey} used`, { phone: '+233244123456' });
    log.error('failed', { error: new Error(`bad token ${jwt}`) });
    const lines = fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['debug', 'debug line'],
      ['info', `key ${apiKey.slice(0, 12)}…[redacted] used`],
      ['error', 'failed'],
    ]);
    expect(lines[1].phone).toBe('…3456');
    const text = fs.readFileSync(file, 'utf8');
    expect(findSecretsInLog(text, [{ what: 'phone number', value: '+233244123456' }])).toEqual([]);
  });

  it('LOG_FILE_LEVEL defaults to LOG_LEVEL', () => {
    const file = path.join(dir, 'app.log');
    vi.stubEnv('LOG_LEVEL', 'silent');
    vi.stubEnv('LOG_FILE', file);
    vi.stubEnv('LOG_FILE_LEVEL', undefined);
    log.error('not written');
    expect(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '').toBe('');
  });
});

describe('the integration run log check finds what redaction would have caught', () => {
  it('reports each kind of secret by line, never in full', () => {
    const text = [
      JSON.stringify({ msg: 'request', status: 200 }),
      JSON.stringify({ msg: `leak ${apiKey}` }),
      JSON.stringify({ msg: `hook ${webhookSecret}` }),
      JSON.stringify({ token: jwt }),
      JSON.stringify({ msg: `button ${embedToken}` }),
      JSON.stringify({ to: '+233244123456' }),
      JSON.stringify({ admin: 'test-admin-token-0123456789abcdefghijklmnop' }),
      JSON.stringify({ local: 'number 0244123456 here' }),
      JSON.stringify({ hint: 'whsec_…abcd', key_prefix: 'sk_test_AbCd', path: '/checkouts/PAY-0244123456ABCDEF' }),
    ].join('\n');
    const findings = findSecretsInLog(text, [
      { what: 'ADMIN_API_TOKEN', value: 'test-admin-token-0123456789abcdefghijklmnop' },
      { what: 'phone number', value: '0244123456' },
    ]);
    expect(findings.map((f) => [f.line, f.what])).toEqual([
      [2, 'API key'],
      [3, 'webhook secret'],
      [4, 'JWT'],
      [5, 'embed token'],
      [6, 'phone number'],
      [7, 'ADMIN_API_TOKEN'],
      [8, 'phone number'],
    ]);
    for (const f of findings) expect(f.excerpt).not.toContain(apiKey);
  });
});

describe('request paths in logs: credentials in a path are masked', () => {
  const railToken = '3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f.0123456789abcdef0123456789abcdef01234567';
  it.each([
    [`/api/rails/mobile-money/callbacks/${railToken}`, '/api/rails/mobile-money/callbacks/[redacted]'],
    [`/api/rails/payouts/callbacks/${railToken}`, '/api/rails/payouts/callbacks/[redacted]'],
    [`/api/rails/payouts/statuses/${railToken}/more`, '/api/rails/payouts/statuses/[redacted]'],
    ['/api/auth/reset-password/r3s3tT0k3nABCDEF', '/api/auth/reset-password/[redacted]'],
    ['/API/Auth/Reset-Password/r3s3tT0k3nABCDEF', '/API/Auth/Reset-Password/[redacted]'],
    ['/invitations/8d3c6b1e-5a7f-4e2d-9c1b-0a2b3c4d5e6f', '/invitations/[redacted]'],
    // Route patterns keep their parameter's name; ordinary paths are unchanged.
    ['/api/rails/payouts/callbacks/[token]', '/api/rails/payouts/callbacks/[token]'],
    ['/api/auth/reset-password', '/api/auth/reset-password'],
    ['/api/v1/merchants/checkouts/PAY-1', '/api/v1/merchants/checkouts/PAY-1'],
  ])('%s → %s', (given, logged) => expect(loggablePath(given)).toBe(logged));

  it("masks the values of a route's secret parameters, by name", () => {
    const params = { token: 'abc.def', checkout_id: 'c-1' };
    expect(secretParameterValues(params)).toEqual(['abc.def']);
    expect(loggablePath('/api/things/abc.def/c-1', secretParameterValues(params))).toBe('/api/things/[redacted]/c-1');
    expect(loggablePath('/api/things/abc%2Edef', ['abc.def'])).toBe('/api/things/[redacted]');
  });

  it('the integration run log check finds such a token unmasked, and a token in a query string', () => {
    const text = [
      JSON.stringify({ msg: 'request', path: `/api/rails/payouts/callbacks/${railToken}` }),
      JSON.stringify({ msg: 'request', path: '/api/auth/reset-password/r3s3tT0k3nABCDEF' }),
      JSON.stringify({ msg: 'mail', link: 'http://x.test/invitations/accept?token=inv1t3T0k3n' }),
      JSON.stringify({
        msg: 'request',
        path: '/api/rails/payouts/callbacks/[redacted]',
        route: '/api/rails/payouts/callbacks/[token]',
      }),
      JSON.stringify({ msg: 'request', path: '/api/auth/reset-password/[redacted]' }),
    ].join('\n');
    expect(findSecretsInLog(text, []).map((f) => [f.line, f.what])).toEqual([
      [1, 'rail callback token'],
      [1, 'secret in a path'],
      [2, 'secret in a path'],
      [3, 'secret in a path'],
      [3, 'token in a query string'],
    ]);
  });
});

describe('webhook secrets in standard base64 (since 2026-12)', () => {
  it('are masked whole, with their + / and = characters', () => {
    const secret = 'whsec_ab+cd/EF01+gh/IJ23kl+MN45op/QR67st+UV89wxYZ0123456789ab=';
    const out = serialized({ message: `rotated to ${secret} just now` });
    expect(out).toContain('rotated to whsec_[redacted] just now');
    expect(out).not.toContain('cd/EF01');
    expect(out).not.toContain('9ab=');
  });
});
