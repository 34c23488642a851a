import { afterEach, describe, expect, it } from 'vitest';
import { createMpesa, type DarajaToken, type DarajaTokenStore } from '../../../lib/rails/providers/mpesa';
import { startMpesa, type MpesaServer } from '../../support/providers/mpesa';

/**
 * Two instances of the service, one Daraja app: "each request invalidates the previous token" [DJ-AUTH
 * FAQ], so each instance fetching its own would log the other out. With the shared store they use
 * one token, fetched by whichever instance claims the refresh.
 */
const PUSH = '/mpesa/stkpush/v1/processrequest';

let server: MpesaServer;
afterEach(() => server.close());

/** The store's contract, in memory (the service's is a row in PostgreSQL: lib/rails/rail-tokens.ts). */
function memoryStore(): DarajaTokenStore & { saved: number } {
  let token: DarajaToken | null = null;
  let claimedUntil = 0;
  return {
    saved: 0,
    read: async () => token,
    async claim(ms, seen) {
      if (claimedUntil > Date.now() || (token?.token ?? null) !== seen) return false;
      claimedUntil = Date.now() + ms;
      return true;
    },
    async save(fetched) {
      if (fetched) token = fetched;
      this.saved += 1;
      claimedUntil = 0;
    },
  };
}

const payment = (n: number) => ({
  attemptId: `0d4f1c2a-7a51-4d0e-8f7b-1c2d3e4f5a${String(n).padStart(2, '0')}`,
  amount: 10_000n,
  currency: 'KES' as const,
  reference: 'PAY-AAAABBBBCCCCDDDD',
  description: 'Test',
  callbackUrl: 'https://service.example/rails/cb/aa11',
  phone: `+2547120000${String(n).padStart(2, '0')}`,
});

async function twoInstances() {
  server = await startMpesa({ deliver: () => {} });
  const store = memoryStore();
  const instance = () => createMpesa(server.adapterSettings({ timeoutMs: 2000, tokenStore: store })).collections!;
  return { store, a: instance(), b: instance() };
}

describe('a Daraja token shared by two instances', () => {
  it('is fetched once for both, even when both start at once: no auth_refused', async () => {
    const { a, b } = await twoInstances();
    const results = await Promise.all(Array.from({ length: 12 }, (_, n) => (n % 2 ? a : b).requestPayment(payment(n))));
    expect(results.map((r) => r.kind)).toEqual(Array(12).fill('accepted'));
    expect(server.tokensIssued()).toBe(1);
    expect(server.requestsTo(PUSH)).toHaveLength(12);
  });

  it('is replaced once when Daraja refuses it, and the other instance takes the stored one', async () => {
    const { a, b } = await twoInstances();
    expect((await a.requestPayment(payment(1))).kind).toBe('accepted');
    expect((await b.requestPayment(payment(2))).kind).toBe('accepted');
    server.expireTokens();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) => (n % 2 ? a : b).requestPayment(payment(n + 10))),
    );
    expect(results.map((r) => r.kind)).toEqual(Array(8).fill('accepted'));
    expect(server.tokensIssued()).toBe(2);
    // Afterwards both keep using the one token: nothing more is fetched.
    expect((await a.requestPayment(payment(30))).kind).toBe('accepted');
    expect((await b.requestPayment(payment(31))).kind).toBe('accepted');
    expect(server.tokensIssued()).toBe(2);
  });

  it('each instance still works alone when the store fails', async () => {
    server = await startMpesa({ deliver: () => {} });
    const failing: DarajaTokenStore = {
      read: () => Promise.reject(new Error('database down')),
      claim: () => Promise.reject(new Error('database down')),
      save: () => Promise.reject(new Error('database down')),
    };
    const alone = createMpesa(server.adapterSettings({ timeoutMs: 2000, tokenStore: failing })).collections!;
    expect((await alone.requestPayment(payment(1))).kind).toBe('accepted');
    expect((await alone.requestPayment(payment(2))).kind).toBe('accepted');
    expect(server.tokensIssued()).toBe(1);
  });
});
