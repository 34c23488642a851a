import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../lib/platform/config';

const SECRET = 'c'.repeat(32);
const ADMIN = 'a'.repeat(32);
const base = {
  DATABASE_URL: 'postgres://user:pass@db.internal:5432/payments',
  CHECKOUT_TOKEN_SECRET: SECRET,
  ADMIN_API_TOKEN: ADMIN,
  AUTH_SECRET: 's'.repeat(32),
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

/** Asserts the config is refused, and that the (only) problems name `variable`. */
function expectRefused(env: Record<string, string | undefined>, variable: string) {
  const problems = problemsOf(env);
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) expect(p.startsWith(`${variable}: `), p).toBe(true);
  return problems;
}

describe('parseConfig defaults', () => {
  it('fills in every default from the minimal environment', () => {
    const c = parseConfig(base);
    expect(c).toMatchObject({
      DATABASE_URL: base.DATABASE_URL,
      // Only the scripts that start the embedded database say it is (the dev mailbox depends on it).
      DATABASE_EMBEDDED: false,
      PORT: 3000,
      HOST: '127.0.0.1',
      API_BASE_URL: 'http://127.0.0.1:3000',
      CHECKOUT_BASE_URL: 'http://127.0.0.1:3000',
      CHECKOUT_TOKEN_SECRET: SECRET,
      CHECKOUT_TOKEN_PREVIOUS_SECRETS: [],
      ADMIN_API_TOKEN: ADMIN,
      AUTH_SECRET: 's'.repeat(32),
      LIVE_ROUTES: [],
      RAIL_TIMEOUT_SECONDS: 15,
      PAYSTACK_BASE_URL: 'https://api.paystack.co',
      MPESA_B2C_COMMAND: 'BusinessPayment',
      DEFAULT_CHECKOUT_LIFETIME_MINUTES: 60,
      MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS: 180,
      SANDBOX_MOBILE_MONEY_DELAY_SECONDS: 3,
      CHECKOUT_WRITE_LIMIT_PER_MINUTE: 20,
      CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: 120,
      WORKER_IN_PROCESS: true,
      WORKER_CONCURRENCY: 4,
      DATABASE_POOL_SIZE: 10,
      LOG_LEVEL: 'info',
    });
  });

  it('treats empty strings as unset', () => {
    const c = parseConfig({ ...base, PORT: '', LIVE_ROUTES: '', API_BASE_URL: '', LOG_LEVEL: '' });
    expect(c.PORT).toBe(3000);
    expect(c.LIVE_ROUTES).toEqual([]);
    expect(c.API_BASE_URL).toBe('http://127.0.0.1:3000');
    expect(c.LOG_LEVEL).toBe('info');
  });

  it('ignores variables it does not know', () => {
    expect(() => parseConfig({ ...base, PATH: '/usr/bin', HOME: '/root' })).not.toThrow();
  });

  it('builds API_BASE_URL from HOST and PORT, using localhost for 0.0.0.0', () => {
    expect(parseConfig({ ...base, HOST: 'example.internal', PORT: '8080' }).API_BASE_URL).toBe(
      'http://example.internal:8080',
    );
    expect(parseConfig({ ...base, HOST: '0.0.0.0', PORT: '4000' }).API_BASE_URL).toBe('http://localhost:4000');
  });

  it('coerces numbers and booleans', () => {
    const c = parseConfig({
      ...base,
      PORT: '8443',
      DEFAULT_CHECKOUT_LIFETIME_MINUTES: '1440',
      WORKER_IN_PROCESS: 'false',
      DATABASE_POOL_SIZE: '50',
    });
    expect(c.PORT).toBe(8443);
    expect(c.DEFAULT_CHECKOUT_LIFETIME_MINUTES).toBe(1440);
    expect(c.WORKER_IN_PROCESS).toBe(false);
    expect(c.DATABASE_POOL_SIZE).toBe(50);
    expect(parseConfig({ ...base, WORKER_IN_PROCESS: '0' }).WORKER_IN_PROCESS).toBe(false);
    expect(parseConfig({ ...base, WORKER_IN_PROCESS: '1' }).WORKER_IN_PROCESS).toBe(true);
  });

  it('accepts postgresql:// and live routes to a configured provider', () => {
    const c = parseConfig({
      ...base,
      DATABASE_URL: 'postgresql://localhost/db',
      LIVE_ROUTES: ' NGN:bank_transfer=paystack , KES:payout_bank_transfer=paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef',
    });
    expect(c.DATABASE_URL).toBe('postgresql://localhost/db');
    expect(c.LIVE_ROUTES).toEqual([
      { currency: 'NGN', method: 'bank_transfer', country: 'NG', provider: 'paystack', instance: 'paystack' },
      { currency: 'KES', method: 'payout_bank_transfer', country: 'KE', provider: 'paystack', instance: 'paystack' },
    ]);
  });

  it('refuses a live route to a provider without credentials, never printing a secret', () => {
    const problems = expectRefused({ ...base, LIVE_ROUTES: 'NGN:bank_transfer=paystack' }, 'LIVE_ROUTES');
    expect(problems[0]).toMatch(/credentials are not set/);
  });

  it('an M-Pesa payout route needs the B2C variables, not the STK Push ones', () => {
    const app = { MPESA_CONSUMER_KEY: 'key', MPESA_CONSUMER_SECRET: 'secret' };
    const route = { ...base, ...app, LIVE_ROUTES: 'KES:payout_mobile_money=mpesa' };
    const problems = expectRefused(route, 'LIVE_ROUTES');
    expect(problems[0]).toMatch(/MPESA_B2C_SHORT_CODE.*MPESA_B2C_INITIATOR_NAME.*MPESA_B2C_SECURITY_CREDENTIAL/);
    expect(problems[0]).not.toMatch(/MPESA_PASSKEY|secret\b/);
    const b2c = {
      MPESA_B2C_SHORT_CODE: '600997',
      MPESA_B2C_INITIATOR_NAME: 'api',
      MPESA_B2C_SECURITY_CREDENTIAL: 'c2VjcmV0',
    };
    const c = parseConfig({ ...route, ...b2c });
    expect(c.LIVE_ROUTES).toEqual([
      { currency: 'KES', method: 'payout_mobile_money', country: 'KE', provider: 'mpesa', instance: 'mpesa' },
    ]);
    expect(c.MPESA_B2C_COMMAND).toBe('BusinessPayment');
  });

  it('splits, trims and drops empty previous secrets', () => {
    const c = parseConfig({ ...base, CHECKOUT_TOKEN_PREVIOUS_SECRETS: ' old-one , ,old-two,' });
    expect(c.CHECKOUT_TOKEN_PREVIOUS_SECRETS).toEqual(['old-one', 'old-two']);
  });
});

describe('base URLs', () => {
  it('trims trailing slashes', () => {
    const c = parseConfig({
      ...base,
      API_BASE_URL: 'https://api.example.com/',
      CHECKOUT_BASE_URL: 'https://pay.example.com/checkout///',
    });
    expect(c.API_BASE_URL).toBe('https://api.example.com');
    expect(c.CHECKOUT_BASE_URL).toBe('https://pay.example.com/checkout');
  });

  it('defaults CHECKOUT_BASE_URL to API_BASE_URL', () => {
    const c = parseConfig({ ...base, API_BASE_URL: 'https://api.example.com/' });
    expect(c.CHECKOUT_BASE_URL).toBe('https://api.example.com');
  });

  it('keeps CHECKOUT_BASE_URL apart when given', () => {
    const c = parseConfig({
      ...base,
      API_BASE_URL: 'https://api.example.com',
      CHECKOUT_BASE_URL: 'https://pay.example.com',
    });
    expect(c.API_BASE_URL).toBe('https://api.example.com');
    expect(c.CHECKOUT_BASE_URL).toBe('https://pay.example.com');
  });

  it.each(['not a url', 'ftp://example.com', 'javascript:alert(1)', 'example.com'])(
    'refuses API_BASE_URL %j',
    (value) => {
      expectRefused({ ...base, API_BASE_URL: value }, 'API_BASE_URL');
    },
  );

  it.each(['not a url', 'ftp://pay.example.com', 'file:///etc/passwd'])('refuses CHECKOUT_BASE_URL %j', (value) => {
    expectRefused({ ...base, CHECKOUT_BASE_URL: value }, 'CHECKOUT_BASE_URL');
  });

  // checkout_url is `${CHECKOUT_BASE_URL}/pay/{reference}#token=…`: a base carrying a query or a fragment
  // would put the path inside the query (or the token inside a second fragment), so the link breaks.
  it.each([
    ['CHECKOUT_BASE_URL', 'https://pay.example.com?src=email'],
    ['CHECKOUT_BASE_URL', 'https://pay.example.com/#home'],
    ['API_BASE_URL', 'https://api.example.com?x=1'],
    ['API_BASE_URL', 'https://api.example.com#top'],
  ])('refuses %s with a query or fragment (%j)', (name, value) => {
    expectRefused({ ...base, [name]: value }, name);
  });

  it.each(['http://localhost/db', 'mysql://localhost/db', 'nonsense'])('refuses DATABASE_URL %j', (value) => {
    expectRefused({ ...base, DATABASE_URL: value }, 'DATABASE_URL');
  });
});

describe('refused configuration', () => {
  it('requires DATABASE_URL and the two signing secrets, naming each; the bootstrap admin token is optional', () => {
    const problems = problemsOf({});
    const named = problems.map((p) => p.split(':')[0]);
    expect(named).toEqual(expect.arrayContaining(['DATABASE_URL', 'CHECKOUT_TOKEN_SECRET', 'AUTH_SECRET']));
    expect(named).not.toContain('ADMIN_API_TOKEN');
    const { ADMIN_API_TOKEN: _token, ...withoutToken } = base;
    expect(parseConfig(withoutToken).ADMIN_API_TOKEN).toBeUndefined();
    expect(problems.find((p) => p.startsWith('CHECKOUT_TOKEN_SECRET'))).toMatch(/32/);
  });

  it.each(['CHECKOUT_TOKEN_SECRET', 'ADMIN_API_TOKEN', 'AUTH_SECRET'])(
    'refuses a %s shorter than 32 characters',
    (name) => {
      const problems = expectRefused({ ...base, [name]: 'x'.repeat(31) }, name);
      expect(problems[0]).toMatch(/at least 32 characters/);
      expect(() => parseConfig({ ...base, [name]: 'x'.repeat(32) })).not.toThrow();
    },
  );

  it.each(['abc', '0', '65536', '-1', '80.5', '3000x'])('refuses PORT %j', (value) => {
    expectRefused({ ...base, PORT: value }, 'PORT');
  });

  it.each(['1', '65535'])('accepts PORT %j', (value) => {
    expect(parseConfig({ ...base, PORT: value }).PORT).toBe(Number(value));
  });

  it.each([
    ['NGN bank_transfer paystack', /CURRENCY:method=provider/],
    ['XYZ:bank_transfer=paystack', /unknown currency/],
    ['NGN:cash=paystack', /method cash/],
    ['NGN:bank_transfer=acme', /provider acme/],
    ['GHS:bank_transfer=paystack', /does not serve bank_transfer in GHS/],
    ['NGN:bank_transfer=paystack,NGN:bank_transfer=paystack', /twice/],
  ])('refuses LIVE_ROUTES %j', (value, message) => {
    const problems = expectRefused({ ...base, LIVE_ROUTES: value, PAYSTACK_SECRET_KEY: 'sk_live_abc' }, 'LIVE_ROUTES');
    expect(problems[0]).toMatch(message);
  });

  it.each(['4', '10081', '0', '-60', '60.5', 'an hour'])('refuses DEFAULT_CHECKOUT_LIFETIME_MINUTES %j', (value) => {
    expectRefused({ ...base, DEFAULT_CHECKOUT_LIFETIME_MINUTES: value }, 'DEFAULT_CHECKOUT_LIFETIME_MINUTES');
  });

  it.each(['5', '10080'])('accepts DEFAULT_CHECKOUT_LIFETIME_MINUTES %j (the bounds)', (value) => {
    expect(parseConfig({ ...base, DEFAULT_CHECKOUT_LIFETIME_MINUTES: value }).DEFAULT_CHECKOUT_LIFETIME_MINUTES).toBe(
      Number(value),
    );
  });

  it.each([
    ['MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS', '9'],
    ['MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS', '3601'],
    ['WORKER_IN_PROCESS', 'yes'],
    ['WORKER_CONCURRENCY', '0'],
    ['DATABASE_POOL_SIZE', '201'],
    ['LOG_LEVEL', 'verbose'],
  ])('refuses %s=%j', (name, value) => {
    expectRefused({ ...base, [name]: value }, name);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsOf({ ...base, PORT: 'abc', LIVE_ROUTES: 'prod', ADMIN_API_TOKEN: 'short' });
    const named = new Set(problems.map((p) => p.split(':')[0]));
    expect(named).toEqual(new Set(['PORT', 'LIVE_ROUTES', 'ADMIN_API_TOKEN']));
  });

  it('puts the problems in the error message, without the secret values', () => {
    try {
      parseConfig({ ...base, ADMIN_API_TOKEN: 'short-secret-value' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).name).toBe('ConfigError');
      expect((error as Error).message).toContain('ADMIN_API_TOKEN');
      expect((error as Error).message).not.toContain('short-secret-value');
    }
  });
});
