import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../../lib/platform/config';
import { closeDatabase, getDb } from '../../../lib/platform/db/client';
import { freePort } from '../../../lib/platform/db/embedded';
import { replayNotices } from '../../../lib/surfaces/provider-notices/notice-replay';
import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { hostedPage, liveKeyOf, newMerchant } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { mpesaLive } from './mpesa-live';

/**
 * Daraja posts an STK callback once. When the push's own answer was lost, that callback is the only
 * place the push is named: if it comes while the database cannot be reached (a failover), it is kept
 * on disk, answered 200, and applied once the database is back (chaos run 23 of 2026-12-02 lost a
 * payment this way before).
 */
const sql = testSql();
const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callback-spool-'));
process.env.CALLBACK_SPOOL_DIR = spoolDir;
const server = mpesaLive('KES:mobile_money=mpesa');
const databaseUrl = process.env.DATABASE_URL!;

/** Points the app at `url`, dropping the pool it had. */
async function useDatabase(url: string) {
  process.env.DATABASE_URL = url;
  resetConfigForTests();
  await closeDatabase();
}

afterAll(async () => {
  await useDatabase(databaseUrl);
  delete process.env.CALLBACK_SPOOL_DIR;
  resetConfigForTests();
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

const kept = () => fs.readdirSync(spoolDir).filter((f) => f.endsWith('.json'));

describe('an M-Pesa callback that comes while the database is away', () => {
  it('is kept on disk, answered 200, and applied once the database is back: the payment is recorded', async () => {
    const live = await liveKeyOf(await newMerchant());
    const checkout = (
      await live.ok(contract.createCheckout, {
        body: { customer_email: 'akinyi@example.com', amount: 200, currency_code: 'KES' },
      })
    ).body.data;
    server().inject({ kind: 'hang_after' }, { path: /stkpush/ });
    await hostedPage(checkout).page.ok(contract.startMobileMoneyPayment, {
      body: { network: 'mpesa', phone: '0712345678' },
    });
    await runJobsNow(['rail_request_payment']);
    const [attempt] = await sql<{ id: string; provider_reference: string | null }[]>`
      select id, provider_reference from payment_attempts where checkout_id = ${checkout.id}`;
    expect(attempt!.provider_reference).toBeNull();
    const [push] = server().stkPushes().slice(-1);

    // Nothing listens on this port: every statement fails as during a failover.
    await useDatabase(`postgres://payments@127.0.0.1:${await freePort()}/payments`);
    try {
      await server().complete(push!.checkoutRequestId, 0);
      const delivery = server().deliveries.at(-1)!;
      expect(delivery.receiverStatus).toBe(200);
      expect(kept()).toHaveLength(1);
      expect(fs.statSync(path.join(spoolDir, kept()[0]!)).mode & 0o777).toBe(0o600);
      // A forged address is refused as ever, and nothing of it is kept.
      const forged = await caller().raw('POST', `/api/rails/mobile-money/callbacks/${attempt!.id}.${'0'.repeat(40)}`, {
        body: delivery.body,
      });
      expect(forged.status).toBe(404);
      expect(kept()).toHaveLength(1);
      // Still away: the replay keeps it for the next pass.
      expect(await replayNotices(getDb())).toBe(0);
      expect(kept()).toHaveLength(1);
    } finally {
      await useDatabase(databaseUrl);
    }

    expect(await replayNotices(getDb())).toBe(1);
    expect(kept()).toHaveLength(0);
    const [after] = await sql`select provider_reference, status from payment_attempts where id = ${attempt!.id}`;
    expect(after).toEqual({ provider_reference: push!.checkoutRequestId, status: 'succeeded' });
    expect((await sql`select status from checkouts where id = ${checkout.id}`)[0]!.status).toBe('paid');
    const collections = await sql`select amount from collections where checkout_id = ${checkout.id}`;
    expect(collections.map((c) => c.amount)).toEqual(['20000']);
  });
});
