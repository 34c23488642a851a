import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMpesa } from '../../../lib/rails/providers/mpesa';
import { railTokenStore } from '../../../lib/rails/rail-tokens';
import { testSql } from '../../support/database';
import { startMpesa, type MpesaServer } from '../../support/providers/mpesa';

/**
 * Two instances of the service (a web and a worker process) with one Daraja app: "each request
 * invalidates the previous token" [DJ-AUTH FAQ]. Each adapter here is a separate instance whose only
 * link to the other is the `rail_tokens` row in PostgreSQL.
 */
const sql = testSql();
let server: MpesaServer;
beforeAll(async () => void (server = await startMpesa({ deliver: () => {} })));
afterAll(() => server.close());

const B2C_PAYOUT = (id: string) => ({
  payoutId: id,
  amount: 100_000n,
  currency: 'KES' as const,
  target: { type: 'mobile_money' as const, phone: '+254712345678', network: 'mpesa' },
  reason: 'Withdrawal',
  callbackUrl: 'https://service.example/rails/payouts/aa11',
});

const instance = () =>
  createMpesa({
    ...server.adapterSettings({ timeoutMs: 2000 }),
    tokenStore: railTokenStore('mpesa', server.url, server.account.consumerKey),
  }).payouts!;

describe('the Daraja token, shared by two instances through PostgreSQL', () => {
  it('one token for both, also when both start at once and after Daraja refuses it: no auth_refused', async () => {
    const [web, worker] = [instance(), instance()];
    const send = (n: number) => (n % 2 ? web : worker).sendPayout(B2C_PAYOUT(crypto.randomUUID()));
    const first = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));
    expect(first.map((r) => r.kind)).toEqual(Array(10).fill('accepted'));
    expect(server.tokensIssued()).toBe(1);

    server.expireTokens();
    const second = await Promise.all(Array.from({ length: 10 }, (_, n) => send(n)));
    expect(second.map((r) => r.kind)).toEqual(Array(10).fill('accepted'));
    expect(server.tokensIssued()).toBe(2);

    const [row] = await sql<{ app: string; claimed_until: Date | null }[]>`select app, claimed_until from rail_tokens`;
    expect(row!.app).toMatch(/^mpesa:[0-9a-f]{32}$/);
    expect(row!.claimed_until).toBeNull();
  });
});
