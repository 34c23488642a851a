import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { resetConfigForTests } from '../../lib/platform/config';
import { PEER_HEADER, peerAddressOf, peerStamp } from '../../lib/platform/http/peer-address';
import { clientAddress, resolveClientAddress } from '../../lib/access/rate-limit/client-address';
import { trustedProxiesSetting } from '../../lib/platform/settings/trusted-proxies';
import { caller } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Who a client is, for the per-address limits (lib/access/rate-limit/client-address.ts): the TCP peer the
 * server edge stamped, or, from a trusted proxy only, the first untrusted X-Forwarded-For hop from
 * the right. A client cannot choose its own bucket by writing headers.
 */
const sql = testSql();
const ORIGIN = 'https://shop.example';
const trusted = (list: string) => trustedProxiesSetting.parse(list);

afterEach(() => {
  process.env.TRUSTED_PROXIES = '127.0.0.1';
  resetConfigForTests();
});

describe('resolveClientAddress', () => {
  const proxies = trusted('10.0.0.0/8, 127.0.0.1, ::1');
  it.each([
    [
      'a direct client: its own address, whatever it writes',
      { peer: '203.0.113.9', forwardedFor: '198.51.100.1', realIp: '198.51.100.2' },
      '203.0.113.9',
    ],
    ['a direct client without headers', { peer: '203.0.113.9', forwardedFor: null, realIp: null }, '203.0.113.9'],
    [
      'through a trusted proxy: the hop it saw',
      { peer: '10.0.0.2', forwardedFor: '203.0.113.9', realIp: null },
      '203.0.113.9',
    ],
    [
      'through a trusted proxy, with a spoofed hop on the left',
      { peer: '10.0.0.2', forwardedFor: '198.51.100.1, 203.0.113.9', realIp: null },
      '203.0.113.9',
    ],
    [
      'through two trusted proxies',
      { peer: '127.0.0.1', forwardedFor: '198.51.100.1, 203.0.113.9, 10.1.2.3', realIp: null },
      '203.0.113.9',
    ],
    [
      'X-Real-IP from a trusted proxy without X-Forwarded-For',
      { peer: '10.0.0.2', forwardedFor: null, realIp: '203.0.113.9' },
      '203.0.113.9',
    ],
    [
      'a junk hop stops at the proxy that reported it',
      { peer: '10.0.0.2', forwardedFor: 'junk, 10.9.9.9', realIp: null },
      '10.9.9.9',
    ],
    ['every hop trusted: the leftmost', { peer: '10.0.0.2', forwardedFor: '10.0.0.7', realIp: null }, '10.0.0.7'],
    [
      'IPv4-mapped IPv6 peers are IPv4',
      { peer: '::ffff:203.0.113.9', forwardedFor: null, realIp: null },
      '203.0.113.9',
    ],
    [
      'ports and brackets are dropped',
      { peer: '10.0.0.2', forwardedFor: '[2001:db8::1]:443', realIp: null },
      '2001:db8::1',
    ],
    ['no stamped peer: unknown', { peer: null, forwardedFor: '198.51.100.1', realIp: null }, 'unknown'],
  ])('%s', (_label, evidence, expected) => {
    expect(resolveClientAddress(evidence, proxies)).toBe(expected);
  });

  it('trusts nobody by default', () => {
    expect(resolveClientAddress({ peer: '127.0.0.1', forwardedFor: '198.51.100.1', realIp: null }, trusted(''))).toBe(
      '127.0.0.1',
    );
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or range', () => {
    expect(() => trustedProxiesSetting.parse('10.0.0.0/8, proxy.internal')).toThrow(
      /proxy.internal is not an IP address/,
    );
  });
});

describe('the stamped peer', () => {
  it("a client cannot write it: without this process's nonce the header states nothing", () => {
    const forged = new Request('http://x.test/', { headers: { [PEER_HEADER]: 'anything 198.51.100.1' } });
    expect(peerAddressOf(forged.headers)).toBeNull();
    expect(clientAddress(forged)).toBe('unknown');
    const stamped = new Request('http://x.test/', { headers: { [PEER_HEADER]: peerStamp('198.51.100.1') } });
    expect(peerAddressOf(stamped.headers)).toBe('198.51.100.1');
  });
});

describe('per-address limits count the real client', () => {
  let token: string;
  beforeAll(async () => {
    const m = await newMerchant();
    token = (
      await m.ok(contract.createEmbedSession, {
        body: {
          amount: 10,
          currency_code: 'GHS',
          allowed_origins: [ORIGIN],
        },
      })
    ).body.data.public_token;
  });

  const buckets = async () =>
    Object.fromEntries(
      (
        await sql<
          { bucket: string; hits: number }[]
        >`select bucket, sum(hits)::int as hits from rate_limit_counters where bucket like 'embed-ip-read:%' group by bucket`
      ).map((r) => [r.bucket, r.hits]),
    );
  const load = (peer: string, headers: Record<string, string> = {}) =>
    caller().call(contract.getEmbedButton, { headers: { 'x-embed-token': token, origin: ORIGIN, ...headers }, peer });

  it('a spoofed X-Forwarded-For from an untrusted peer does not change the bucket', async () => {
    const before = await buckets();
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await load('203.0.113.50', { 'x-forwarded-for': spoofed, 'x-real-ip': spoofed })).status).toBe(200);
    }
    const after = await buckets();
    expect(after['embed-ip-read:203.0.113.50']).toBe((before['embed-ip-read:203.0.113.50'] ?? 0) + 3);
    expect(Object.keys(after).filter((b) => b.includes('198.51.100.'))).toEqual([]);
  });

  it('from a trusted proxy, the client it reports is counted', async () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/8';
    resetConfigForTests();
    expect((await load('10.0.0.2', { 'x-forwarded-for': '198.51.100.9, 203.0.113.60' })).status).toBe(200);
    const after = await buckets();
    expect(after['embed-ip-read:203.0.113.60']).toBe(1);
    expect(after['embed-ip-read:198.51.100.9']).toBeUndefined();
  });
});
