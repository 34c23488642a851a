import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../lib/access/api-key-format';
import { resetConfigForTests } from '../../lib/platform/config';
import { closeDatabase, getDb, getSql } from '../../lib/platform/db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';
import { connectionFailure } from '../../lib/platform/db/unavailable';
import { runDashboardAction } from '../../lib/surfaces/dashboard/actions';
import { startWorker, type RunningWorker } from '../../lib/worker/worker';
import type { RawAnswer } from '../support/api';
import { caller, expectErrorShape, expectStatus } from '../support/caller';
import { contract } from '../support/contract';
import { admin, hostedPage, minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { browser } from '../support/people';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';

/**
 * The service while PostgreSQL is down or restarting (docs/operations.md, "When the database is
 * unreachable"), on a server of this file's own that it stops and starts: every request is answered
 * 503 `database_unavailable` with Retry-After within a bounded time, in the error shape and as the
 * OpenAPI document says (every call here goes through the contract check); the same requests succeed
 * once the server is back; a worker runs through the restart and does work queued after it; and a
 * transaction cut off leaves nothing behind and does not take the process down.
 */

/** The connect timeout set for this file (DATABASE_CONNECT_TIMEOUT_SECONDS). */
const CONNECT_TIMEOUT_SECONDS = 2;
/** What every answer during the outage must come within: a refused connection fails at once. */
const ANSWER_WITHIN_MS = 1_500;

let dataDir: string;
let port: number;
let server: EmbeddedDatabase;
let merchant: Merchant;
let checkout: { id: string; payment_reference: string; checkout_url: string };

const startServer = () => startEmbeddedPostgres({ dataDir, port, persistent: true });

/** Points the app at `url`, dropping the pool it had. */
async function useDatabase(url: string) {
  process.env.DATABASE_URL = url;
  resetConfigForTests();
  await closeDatabase();
}

async function timed<T>(call: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

function expectUnavailable(res: RawAnswer, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(503);
  expect(res.headers.get('retry-after'), what).toBe('5');
  expect(res.headers.get('x-request-id'), what).toBeTruthy();
  expectErrorShape(res.body, 'database_unavailable');
  expect(res.text, what).not.toMatch(/ECONNREFUSED|CONNECT_TIMEOUT|127\.0\.0\.1|\bat \w/);
}

/** Tries `check` until it passes (while the server is unreachable, the pool tries it every half second). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const getCheckout = () => merchant.call(contract.getCheckout, { params: { checkout_id: checkout.id } });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-outage-pg-'));
  port = await freePort();
  server = await startServer();
  await migrateDatabase(server.url);
  process.env.DATABASE_CONNECT_TIMEOUT_SECONDS = String(CONNECT_TIMEOUT_SECONDS);
  await useDatabase(server.url);
  merchant = await newMerchant();
  checkout = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
}, 60_000);

afterAll(async () => {
  await closeAllReceivers();
  // A connection cut under a statement keeps that statement in postgres.js until the slot is used
  // again, and end() waits its whole timeout for it: here it need not.
  await getSql().end({ timeout: 0.1 });
  await closeDatabase();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server that takes connections and never answers', () => {
  it('answers 503 within the connect timeout, and at once to everything after it', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = new URL(server.url);
    url.port = String((silent.address() as net.AddressInfo).port);
    try {
      await useDatabase(url.toString());
      const first = await timed(getCheckout);
      expectUnavailable(first.answer, 'first');
      expect(first.ms).toBeGreaterThan(CONNECT_TIMEOUT_SECONDS * 1000 - 200);
      expect(first.ms).toBeLessThan(CONNECT_TIMEOUT_SECONDS * 1000 + 1_000);
      // Until its next try, half a second after the last, the pool knows: nothing waits for a connection.
      const rest = await timed(() => Promise.all(Array.from({ length: 20 }, getCheckout)));
      for (const res of rest.answer) expectUnavailable(res, 'after');
      expect(rest.ms).toBeLessThan(400);
    } finally {
      silent.close();
      for (const socket of sockets) socket.destroy();
      // end() would wait its whole timeout for a connection attempt still under way.
      await getSql().end({ timeout: 0.1 });
      await useDatabase(server.url);
    }
  });
});

describe('while PostgreSQL restarts', () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await startWorker({ connectionString: server.url, concurrency: 2 });
  });
  afterAll(() => worker.stop());

  it('answers 503 database_unavailable with Retry-After at once while it is down, and serves again once it is back', async () => {
    const { page } = hostedPage(checkout);
    const requests: [string, () => Promise<RawAnswer>][] = [
      ['get checkout', getCheckout],
      [
        'create checkout (idempotent)',
        () =>
          merchant.call(contract.createCheckout, {
            body: minimalCheckout,
            headers: { 'idempotency-key': 'outage-create-1' },
          }),
      ],
      ['operator: get merchant', () => admin().call(contract.getMerchant, { params: { merchant_id: merchant.id } })],
      ['hosted page: session', () => page.call(contract.getCheckoutSession, {})],
      ['a key never issued', () => caller({ 'x-api-key': generateApiKey('test').secret }).call(contract.listCheckouts)],
    ];
    await server.stop();

    for (const [what, send] of requests) {
      const { answer, ms } = await timed(send);
      expectUnavailable(answer, what);
      expect(ms, what).toBeLessThan(ANSWER_WITHIN_MS);
    }
    // Many at once are answered as fast: none waits in a queue for a connection.
    const burst = await timed(() => Promise.all(Array.from({ length: 40 }, getCheckout)));
    for (const res of burst.answer) expectUnavailable(res, 'burst');
    expect(burst.ms).toBeLessThan(ANSWER_WITHIN_MS);
    // Health and readiness keep their own 503 report.
    const health = await timed(() => caller().call(contract.getHealth));
    expect(health.answer.status).toBe(503);
    expect(health.answer.body).toMatchObject({
      status: 'error',
      data: { status: 'down', database: { status: 'down' } },
    });
    const ready = await timed(() => caller().call(contract.getReadiness));
    expect(ready.answer.status).toBe(503);
    expect(ready.answer.body).toMatchObject({ data: { status: 'database_unavailable' } });
    expect(Math.max(health.ms, ready.ms)).toBeLessThan(ANSWER_WITHIN_MS);

    server = await startServer();
    const back = await eventually(async () => {
      const res = await getCheckout();
      expectStatus(res, 200);
      return res;
    });
    expect(back.body.data.id).toBe(checkout.id);
    for (const [what, send] of requests.slice(0, 4)) {
      const res = await send();
      expect(res.status, `${what}: ${res.text}`).toBe(200);
    }
    // The 503 was not kept as the key's answer: the create ran once, after the restart, and now replays.
    const again = await merchant.call(contract.createCheckout, {
      body: minimalCheckout,
      headers: { 'idempotency-key': 'outage-create-1' },
    });
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await caller().call(contract.getHealth)).status).toBe(200);
  });

  it('the dashboard and sign-in answer that the database is away, not with an error page', async () => {
    const who = browser();
    const email = `outage-${Date.now()}@shop.test`;
    const signedUp = await who.post('/sign-up/email', {
      name: 'Kofi',
      email,
      password: 'correct horse battery staple',
    });
    expect(signedUp.status, signedUp.text).toBe(200);
    const userId = (signedUp.body as { user: { id: string } }).user.id;
    await getDb().execute(
      sql`insert into auth_members (organization_id, user_id, role) values (${merchant.id}, ${userId}, 'developer')`,
    );
    // As if the confirmation link had been opened (tests/integration/people follow it for real).
    await getDb().execute(sql`update auth_users set email_verified = true where id = ${userId}`);
    await server.stop();

    const form = { mode: 'test', customer_email: 'ada@example.com', amount: '12.50', currency_code: 'GHS' };
    const outcome = await timed(() => runDashboardAction('createCheckout', who.headers(), form));
    expect(outcome.answer).toMatchObject({
      ok: false,
      code: 'database_unavailable',
      values: { customer_email: 'ada@example.com' },
    });
    expect(outcome.ms).toBeLessThan(ANSWER_WITHIN_MS);
    const session = await timed(() => who.get('/get-session'));
    expectUnavailable(session.answer, 'get-session');

    server = await startServer();
    const created = await eventually(async () => {
      const res = await runDashboardAction('createCheckout', who.headers(), form);
      expect(res, JSON.stringify(res)).toMatchObject({ ok: true });
      return res;
    });
    expect(created.ok).toBe(true);
  });

  it('a worker runs through the restart: the job it cut off runs again, and work queued after it is done', async () => {
    const receiver = await startReceiver({ status: 200 });
    await merchant.ok(contract.createWebhook, { body: { url: receiver.url, events: ['*'], allow_loopback: true } });
    // An idempotency key old enough for the hourly purge, and a checkout whose time will run out.
    await merchant.ok(contract.createCheckout, {
      body: minimalCheckout,
      headers: { 'idempotency-key': 'outage-old-key' },
    });
    await getDb().execute(
      sql`update idempotency_keys set created_at = now() - interval '2 days' where key = 'outage-old-key'`,
    );
    const due = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    await receiver.waitFor(2, 10_000);
    // The restarts of the tests before may have stopped graphile-worker's runner, which is then started
    // again after a pause (up to 5 s): a job run to its end shows it is back before this test cuts it off.
    const [probe] = await getDb().execute<{ id: string }>(
      sql`select id::text from graphile_worker.add_job('purge_rate_limit_counters')`,
    );
    await eventually(async () => {
      const [job] = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker._private_jobs where id = ${probe!.id}::bigint`,
      );
      expect(job!.n).toBe(0);
    }, 30_000);

    // A purge job under way when the server stops: another session holds the row it deletes. Its
    // failure cannot be recorded, so graphile-worker's runner stops itself.
    const blocker = postgres(server.url, { max: 1, onnotice: () => {} });
    let holding = false;
    void blocker
      .begin(async (tx) => {
        await tx`select key from idempotency_keys where key = 'outage-old-key' for update`;
        holding = true;
        await new Promise(() => {}); // held until the server goes
      })
      .catch(() => {});
    await eventually(async () => expect(holding).toBe(true));
    await getDb().execute(sql`select graphile_worker.add_job('purge_idempotency_keys')`);
    await eventually(async () => {
      const [waiting] = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`,
      );
      expect(waiting!.n).toBe(1);
    }, 20_000);

    await server.stop();
    await blocker.end({ timeout: 0 });
    await new Promise((r) => setTimeout(r, 1_500)); // the loops and graphile-worker fail a few rounds
    server = await startServer();

    // The cut-off job runs again at once (not 4 hours later, when graphile-worker would unlock it).
    await eventually(async () => {
      const [left] = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from idempotency_keys where key = 'outage-old-key'`,
      );
      expect(left!.n).toBe(0);
    }, 20_000);
    // Work queued after the restart: a job, a webhook, a checkout whose time ran out.
    const [queued] = await getDb().execute<{ id: string }>(
      sql`select id::text from graphile_worker.add_job('purge_rate_limit_counters')`,
    );
    await getDb().execute(sql`update checkouts set expires_at = now() - interval '1 second' where id = ${due.id}`);
    const created = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    await eventually(async () => {
      const [job] = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from graphile_worker._private_jobs where id = ${queued!.id}::bigint`,
      );
      expect(job!.n).toBe(0);
    });
    await eventually(async () => {
      expect(receiver.received.some((hook) => JSON.stringify(hook.json).includes(created.id))).toBe(true);
    });
    // The row itself (the API reads a checkout past its time as expired without it): the sweep wrote it.
    await eventually(async () => {
      const [row] = await getDb().execute<{ status: string }>(sql`select status from checkouts where id = ${due.id}`);
      expect(row!.status).toBe('expired');
    });
    const [beat] = await getDb().execute<{ fresh: boolean }>(
      sql`select max(beat_at) > now() - interval '10 seconds' as fresh from worker_heartbeats`,
    );
    expect(beat!.fresh).toBe(true);
  }, 90_000);

  it('a transaction cut off by the shutdown fails as a lost connection, leaves nothing behind, and the process lives on', async () => {
    const cutOff = getDb()
      .transaction(async (tx) => {
        await tx.execute(sql`create table outage_marks (mark text not null)`);
        await tx.execute(sql`insert into outage_marks values ('half done')`);
        await tx.execute(sql`select pg_sleep(30)`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    const uncaught: unknown[] = [];
    const keep = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', keep);
    await new Promise((r) => setTimeout(r, 300));
    await server.stop();
    const error = await cutOff;
    expect(connectionFailure(error), String(error)).toMatchObject({ kind: 'lost' });
    // postgres.js 3.4.9 would write ROLLBACK to the closed socket a moment later: a TypeError thrown
    // outside any promise, which ends a process (lib/platform/db/client.ts, TransactionState).
    await new Promise((r) => setTimeout(r, 200));
    process.off('uncaughtException', keep);
    expect(uncaught).toEqual([]);

    server = await startServer();
    const [table] = await eventually(() =>
      getDb().execute<{ n: number }>(sql`select count(*)::int as n from pg_tables where tablename = 'outage_marks'`),
    );
    expect(table!.n).toBe(0);
  });
});
