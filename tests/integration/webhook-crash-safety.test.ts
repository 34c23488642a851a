import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { newMerchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';
import { expectStatus } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Crash safety (issue 6): 200 events queued for one endpoint, the real worker process
 * (`scripts/worker.ts`, which runs the webhook dispatcher) killed with SIGKILL mid-delivery three times
 * and restarted each time. At least once: every event reaches the receiver, every delivery ends
 * `succeeded`. WEBHOOK_TIMEOUT_SECONDS=2 makes a dead worker's leases (timeout + 5 s) run out quickly.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const EVENTS = 200;
const KILL_AT = [30, 80, 130];
// Alone it takes about 47 s (three dead leases of 7 s each, four worker starts under tsx); on a loaded
// machine (CI runs files in parallel) it needs room, which bounds the wait and not what is proven.
const DEADLINE_MS = 110_000;

const sql = testSql();
const workers: ChildProcess[] = [];

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // detached: the worker leads its own process group
  } catch {
    // already gone
  }
}

afterAll(async () => {
  for (const child of workers) killGroup(child, 'SIGKILL');
  await Promise.all(
    workers.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? null
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  await closeAllReceivers();
});

/** `tsx scripts/worker.ts` as `npm run worker` runs it, against this file's database. */
function startWorker(output: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: ROOT,
    env: { ...process.env, WEBHOOK_TIMEOUT_SECONDS: '2', WEBHOOK_CONCURRENCY: '16', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const n = workers.push(child);
  child.stdout!.on('data', (d: Buffer) => output.push(`[worker ${n}] ${d.toString().trim()}`));
  child.stderr!.on('data', (d: Buffer) => output.push(`[worker ${n} stderr] ${d.toString().trim()}`));
  return child;
}

describe('webhook delivery survives the worker being killed', () => {
  it(
    `${EVENTS} queued events, SIGKILL mid-delivery at ${KILL_AT.join(', ')} received, restarted each time: every event delivered, none lost`,
    { timeout: DEADLINE_MS + 10_000 },
    async () => {
      const started = Date.now();
      const output: string[] = [];
      const m = await newMerchant();

      const kills: { at: number; eventId: string; worker: ChildProcess }[] = [];
      let current: ChildProcess | null = null;
      const receiver = await startReceiver((request, index) => {
        const seen = index + 1;
        if (current && kills.length < KILL_AT.length && seen >= KILL_AT[kills.length]!) {
          // Mid-delivery: this request (and the others in flight) never gets its answer recorded.
          kills.push({ at: seen, eventId: request.json?.id ?? '(not JSON)', worker: current });
          killGroup(current, 'SIGKILL');
          current = startWorker(output);
          return { hang: true };
        }
        return { status: 200, body: 'ok', delayMs: 20 };
      });

      const created = await m.call(contract.createWebhook, {
        body: { url: receiver.url, events: ['*'], allow_loopback: true },
      });
      expectStatus(created, 200);
      const webhookId = created.body.data.id as string;

      // Queue 200 events (test events: each an event row and its delivery, in one transaction).
      const eventIds: string[] = [];
      for (let batch = 0; batch < EVENTS / 20; batch++) {
        const results = await Promise.all(
          Array.from({ length: 20 }, () => m.call(contract.sendWebhookTest, { params: { webhook_id: webhookId } })),
        );
        for (const r of results) {
          expectStatus(r, 200);
          eventIds.push(r.body.data.event_id);
        }
      }
      expect(new Set(eventIds).size).toBe(EVENTS);
      const queued =
        await sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${webhookId} and status = 'pending'`;
      expect(queued[0]!.n).toBe(EVENTS);
      expect(receiver.received).toHaveLength(0);

      current = startWorker(output);

      // Wait until every delivery is recorded as succeeded (or give up before the test's time runs out).
      let succeeded = 0;
      while (Date.now() - started < DEADLINE_MS) {
        const [row] = await sql<{ n: number }[]>`
        select count(*)::int as n from webhook_deliveries where endpoint_id = ${webhookId} and status = 'succeeded'`;
        succeeded = row!.n;
        if (succeeded === EVENTS) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const diagnostics = () =>
        `after ${Date.now() - started} ms: ${succeeded}/${EVENTS} succeeded, ${receiver.received.length} requests, kills at ${kills
          .map((k) => k.at)
          .join(',')}\n${output.slice(-30).join('\n')}`;

      // The worker really was killed three times, mid-delivery, and restarted.
      expect(
        kills.map((k) => k.at),
        diagnostics(),
      ).toEqual(KILL_AT);
      for (const k of kills) {
        if (k.worker.exitCode === null && k.worker.signalCode === null)
          await new Promise((r) => k.worker.once('exit', r));
        expect(k.worker.signalCode).toBe('SIGKILL');
      }
      expect(workers).toHaveLength(KILL_AT.length + 1);

      // Every delivery row succeeded, and every one of the 200 event ids reached the receiver.
      const rows = await sql<{ event_id: string; status: string; attempt_count: number }[]>`
      select event_id, status, attempt_count from webhook_deliveries where endpoint_id = ${webhookId}`;
      expect(rows).toHaveLength(EVENTS);
      expect(
        rows.filter((r) => r.status !== 'succeeded'),
        diagnostics(),
      ).toEqual([]);
      const receivedIds = new Set(receiver.received.map((r) => r.json?.id));
      expect(
        eventIds.filter((id) => !receivedIds.has(id)),
        diagnostics(),
      ).toEqual([]);
      expect([...receivedIds].sort()).toEqual([...eventIds].sort());

      // The requests cut off by a kill were sent again by a later worker (at least once, not at most once).
      const counts = new Map<string, number>();
      for (const r of receiver.received) counts.set(r.json!.id, (counts.get(r.json!.id) ?? 0) + 1);
      for (const k of kills)
        expect(counts.get(k.eventId), `event ${k.eventId} cut off at ${k.at}`).toBeGreaterThanOrEqual(2);
      // Each copy was a complete, correctly signed delivery of the same event.
      for (const r of receiver.received) {
        expect(r.headers['x-webhook-id']).toBe(r.json!.id);
        expect(r.json!.idempotency_key).toBe(r.json!.id);
      }
      // Duplicates are bounded by what was in flight at the kills (4 per endpoint, plus answered-but-unrecorded ones).
      expect(receiver.received.length - EVENTS).toBeLessThanOrEqual(KILL_AT.length * 8);

      killGroup(current!, 'SIGKILL');
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    },
  );

  it(
    'SIGTERM stops the worker gracefully: the delivery in flight is finished and recorded, the heartbeat removed',
    { timeout: 30_000 },
    async () => {
      const output: string[] = [];
      const m = await newMerchant();
      const receiver = await startReceiver({ status: 200, body: 'ok', delayMs: 1500 });
      const created = await m.call(contract.createWebhook, {
        body: { url: receiver.url, events: ['*'], allow_loopback: true },
      });
      expectStatus(created, 200);
      const test = await m.call(contract.sendWebhookTest, { params: { webhook_id: created.body.data.id } });
      expectStatus(test, 200);

      const worker = startWorker(output);
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        worker.once('exit', (code, signal) => resolve({ code, signal })),
      );
      await receiver.waitFor(1, 15_000);
      // The worker prints its id once started (the dispatcher may have sent the delivery just before).
      for (let i = 0; i < 50 && !/Worker \S+ running/.test(output.join('\n')); i++)
        await new Promise((r) => setTimeout(r, 20));
      const workerId = /Worker (\S+) running/.exec(output.join('\n'))?.[1];
      expect(workerId, output.join('\n')).toBeDefined();
      const beats = await sql`select worker_id from worker_heartbeats where worker_id = ${workerId!}`;
      expect(beats).toHaveLength(1);

      // The attempt is in flight (the receiver answers after 1.5 s): stop the worker as a deploy would.
      killGroup(worker, 'SIGTERM');
      const exit = await exited;
      const [row] = await sql<{ status: string; attempt_count: number; locked_until: Date | null }[]>`
      select status, attempt_count, locked_until from webhook_deliveries where id = ${test.body.data.delivery_id}`;
      const after = await sql`select worker_id from worker_heartbeats where worker_id = ${workerId!}`;
      const detail = `exit ${JSON.stringify(exit)}, delivery ${JSON.stringify(row)}, heartbeat rows ${after.length}\n${output.join('\n')}`;
      expect(row, detail).toMatchObject({ status: 'succeeded', attempt_count: 1, locked_until: null });
      expect(after, detail).toHaveLength(0);
      expect(exit, detail).toEqual({ code: 0, signal: null });
    },
  );
});
