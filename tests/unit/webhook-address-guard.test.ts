import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  bareHost,
  guardedLookup,
  AddressRefusedError,
} from '../../lib/notifications/webhooks/address-guard';
import { keptBodyText, parseRetryAfter, sendWebhook } from '../../lib/notifications/webhooks/send';
import {
  DISABLE_AFTER_FAILING_MS,
  JITTER,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_SECONDS,
  RETRY_DELAYS_SECONDS,
  nextAttemptAt,
} from '../../lib/notifications/webhooks/schedule';

const STRICT = { allowLoopback: false };
const LOOPBACK_OK = { allowLoopback: true };

const LOOPBACK = ['127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'];
const NEVER = [
  '10.0.0.1', // private
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254', // cloud metadata (link-local)
  '169.254.0.1',
  '100.64.0.1', // carrier-grade NAT
  '224.0.0.1', // multicast
  '239.255.255.250',
  '255.255.255.255', // broadcast
  '0.0.0.0', // unspecified
  '198.18.0.1', // benchmarking (reserved)
  '240.0.0.1', // reserved
  'ff02::1', // multicast
  'fc00::1', // unique-local
  'fd00::1',
  'fd00:ec2::254', // AWS metadata over IPv6
  'fe80::1', // link-local
  '::', // unspecified
  '::ffff:10.0.0.1', // mapped private
  '::ffff:169.254.169.254', // mapped metadata
  '::ffff:0.0.0.0',
  '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
  '2002:7f00:1::', // 6to4 of 127.0.0.1
  '2001:db8::1', // documentation
];
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '172.32.0.1',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
];

describe('addressProblem (SSRF guard)', () => {
  it.each([...LOOPBACK, ...NEVER])('refuses %s without the loopback opt-in', (address) => {
    const problem = addressProblem(address, STRICT);
    expect(problem).toEqual(expect.any(String));
    expect(problem).toMatch(/ is a(n)? \w+ address$/);
  });

  it.each(LOOPBACK)('allows loopback %s only with allowLoopback', (address) => {
    expect(addressProblem(address, STRICT)).toMatch(/loopback address$/);
    expect(addressProblem(address, LOOPBACK_OK)).toBeNull();
  });

  it.each(NEVER)('the loopback opt-in never opens %s', (address) => {
    expect(addressProblem(address, LOOPBACK_OK)).toEqual(expect.any(String));
  });

  it.each(PUBLIC)('allows public unicast %s', (address) => {
    expect(addressProblem(address, STRICT)).toBeNull();
    expect(addressProblem(address, LOOPBACK_OK)).toBeNull();
  });

  it('names the range, with mapped IPv6 reported as the IPv4 address it maps to', () => {
    expect(addressProblem('169.254.169.254', STRICT)).toBe('169.254.169.254 is a linkLocal address');
    expect(addressProblem('::ffff:127.0.0.1', STRICT)).toBe('127.0.0.1 is a loopback address');
    expect(addressProblem('10.0.0.1', STRICT)).toBe('10.0.0.1 is a private address');
  });

  it('refuses what is not an IP address', () => {
    for (const value of ['localhost', 'example.com', '', '127.0.0.1.nip.io', '999.1.1.1']) {
      expect(addressProblem(value, LOOPBACK_OK)).toMatch(/is not an IP address$/);
    }
  });

  it('decimal, octal and hex hosts are normalised by the URL parser to the address they mean', () => {
    for (const raw of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const host = bareHost(new URL(raw));
      expect(addressProblem(host, STRICT)).toMatch(/^127\.0\.0\.1 is a loopback address$/);
    }
    expect(bareHost(new URL('https://[fd00::1]:8443/x'))).toBe('fd00::1');
    expect(addressProblem(bareHost(new URL('https://[fd00::1]/')), STRICT)).toMatch(/uniqueLocal/);
    expect(addressProblem(bareHost(new URL('http://0xa9fea9fe/')), STRICT)).toBe(
      '169.254.169.254 is a linkLocal address',
    );
  });
});

describe('connect-time guard', () => {
  it('guardedLookup refuses a name that resolves to loopback unless allowed', async () => {
    const lookup = (policy: { allowLoopback: boolean }) =>
      new Promise<{ error: Error | null; address: string }>((resolve) => {
        guardedLookup(policy)('localhost', { family: 4 }, (error, address) =>
          resolve({ error, address: String(address) }),
        );
      });
    const refused = await lookup(STRICT);
    expect(refused.error).toBeInstanceOf(AddressRefusedError);
    expect(refused.error!.message).toMatch(/localhost resolves to 127\.0\.0\.1 is a loopback address/);
    const allowed = await lookup(LOOPBACK_OK);
    expect(allowed.error).toBeNull();
    expect(allowed.address).toBe('127.0.0.1');
  });

  it('sendWebhook refuses forbidden IP literals before connecting (even with the loopback opt-in)', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0:9/',
    ]) {
      const result = await sendWebhook(url, '{}', {}, { allowLoopback: true, timeoutMs: 1000 });
      expect(result).toMatchObject({ statusCode: null, error: 'address_refused' });
      expect(result.latencyMs).toBeLessThan(500);
    }
    const loopback = await sendWebhook('http://127.0.0.1:9/hook', '{}', {}, { allowLoopback: false, timeoutMs: 1000 });
    expect(loopback).toMatchObject({
      statusCode: null,
      error: 'address_refused',
      responseBody: '127.0.0.1 is a loopback address',
    });
    const mapped = await sendWebhook(
      'http://[::ffff:127.0.0.1]:9/hook',
      '{}',
      {},
      { allowLoopback: false, timeoutMs: 1000 },
    );
    expect(mapped.error).toBe('address_refused');
    const named = await sendWebhook('http://localhost:9/hook', '{}', {}, { allowLoopback: false, timeoutMs: 1000 });
    expect(named.error).toBe('address_refused');
  });
});

describe('keptBodyText', () => {
  it('keeps the first 1 KiB of a public answer, NUL made readable', () => {
    const long = Buffer.from(`${'E'.repeat(4000)}-end`);
    expect(keptBodyText([long.subarray(0, 700), long.subarray(700, 1500)])).toBe('E'.repeat(1024));
    expect(keptBodyText([Buffer.from('a\u0000b')])).toBe('a\uFFFDb');
    expect(keptBodyText([])).toBe('');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-23T09:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 7 ', now)).toBe(7);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(['30', '60'], now)).toBe(30);
  });

  it('reads an HTTP date as the seconds until then (rounded up, never negative)', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(new Date(now + 90_500).toUTCString(), now)).toBe(90);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now + 400)).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('120s', now)).toBeNull();
  });
});

describe('nextAttemptAt (retry schedule)', () => {
  const now = new Date('2026-11-23T09:00:00.000Z');
  const SCHEDULE = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600];
  const delayOf = (at: Date | null) => (at!.getTime() - now.getTime()) / 1000;

  it('is the documented schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h; 10 attempts in all', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual(SCHEDULE);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(JITTER).toBe(0.1);
    expect(DISABLE_AFTER_FAILING_MS).toBe(5 * 86_400_000);
    // About 3 days in all.
    const total = SCHEDULE.reduce((a, b) => a + b, 0);
    expect(total / 86_400).toBeGreaterThan(3);
    expect(total / 86_400).toBeLessThan(3.5);
  });

  it.each(SCHEDULE.map((base, i) => [i + 1, base]))(
    'after failed attempt %i the next is %i s later, ±10 %',
    (attempt, base) => {
      for (let i = 0; i < 200; i++) {
        const delay = delayOf(nextAttemptAt(attempt, now, null));
        expect(delay).toBeGreaterThanOrEqual(base * 0.9 - 0.001);
        expect(delay).toBeLessThanOrEqual(base * 1.1 + 0.001);
      }
      expect(delayOf(nextAttemptAt(attempt, now, null, () => 0))).toBeCloseTo(base * 0.9, 2);
      expect(delayOf(nextAttemptAt(attempt, now, null, () => 0.5))).toBeCloseTo(base, 2);
      expect(Math.abs(delayOf(nextAttemptAt(attempt, now, null, () => 0.999999)) - base * 1.1)).toBeLessThan(0.1);
    },
  );

  it('a scale below 1 (WEBHOOK_RETRY_DELAY_SCALE, for drills) shortens every wait, not the number of attempts', () => {
    expect(delayOf(nextAttemptAt(2, now, null, () => 0.5, 0.05))).toBeCloseTo(15, 5);
    expect(delayOf(nextAttemptAt(3, now, null, () => 0.5, 0.05))).toBeCloseTo(90, 5);
    expect(nextAttemptAt(10, now, null, () => 0.5, 0.05)).toBeNull();
  });

  it('jitter spreads endpoints that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => delayOf(nextAttemptAt(4, now, null))));
    expect(delays.size).toBeGreaterThan(10);
  });

  it('is null after attempt 10 (the delivery is failed), whatever Retry-After says', () => {
    expect(nextAttemptAt(9, now, null)).not.toBeNull();
    expect(nextAttemptAt(10, now, null)).toBeNull();
    expect(nextAttemptAt(11, now, null)).toBeNull();
    expect(nextAttemptAt(10, now, 60)).toBeNull();
  });

  it('honours Retry-After as a minimum, capped at 24 h', () => {
    // 5 s due, 120 s asked: 120 s.
    for (let i = 0; i < 50; i++) expect(delayOf(nextAttemptAt(1, now, 120))).toBe(120);
    // 30 min due, 60 s asked: the schedule wins.
    expect(delayOf(nextAttemptAt(3, now, 60, () => 0))).toBe(1800 * 0.9);
    // Retry-After 0: the schedule.
    expect(delayOf(nextAttemptAt(2, now, 0, () => 0.5))).toBe(300);
    // Asked for a week: at most 24 h.
    expect(MAX_RETRY_AFTER_SECONDS).toBe(86_400);
    expect(delayOf(nextAttemptAt(1, now, 7 * 86_400))).toBe(86_400);
  });
});

describe('IPv4-compatible IPv6 addresses (::a.b.c.d)', () => {
  // The forms the URL parser produces for http://[::127.0.0.1], [::169.254.169.254], [::10.0.0.1].
  it.each(['::7f00:1', '::a9fe:a9fe', '::a00:1', '::808:808'])('%s is refused', (address) => {
    expect(addressProblem(address, { allowLoopback: false })).toMatch(/IPv4-compatible/);
    expect(addressProblem(address, { allowLoopback: true })).toMatch(/IPv4-compatible/);
  });
  it('the URL parser turns [::127.0.0.1] into one of those', () => {
    expect(bareHost(new URL('https://[::127.0.0.1]/hooks'))).toBe('::7f00:1');
  });
  it('::1 is still loopback (allowed with the opt-in), :: still unspecified', () => {
    expect(addressProblem('::1', { allowLoopback: true })).toBeNull();
    expect(addressProblem('::', { allowLoopback: true })).toMatch(/unspecified/);
  });
});
