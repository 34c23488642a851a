import { findTenant } from '../lib/operator/merchants/tenants';
import { ownerOf } from '../lib/platform/db/schema';
/**
 * Webhook delivery benchmarks (issue 6), run by `npm run bench` (BENCH_ONLY=webhooks) or alone with
 * `npm run bench:webhooks`:
 *
 *  - Latency: 500 checkouts are paid one after another (a simulated bank transfer, the real code path)
 *    while a real worker process (`scripts/worker.ts`) delivers `checkout.paid` to a receiver on
 *    127.0.0.1. Latency = receiver's arrival time − the start of the call that made the checkout paid
 *    (so it includes the paying transaction itself). Goal: p50 < 50 ms. Baseline in the same run: the
 *    same receiver called directly from this process (a signed POST, a new connection each time, as
 *    the dispatcher does).
 *  - Throughput: 2,000 events written at once for one endpoint; events/s from their commit until the
 *    receiver has them all, against direct POSTs with the same parallelism (PER_ENDPOINT_IN_FLIGHT = 4 per endpoint). Goal: ≥ 0.35.
 */
import http from 'node:http';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { getDb } from '../lib/platform/db/client';
import { createMerchant } from '../lib/operator/merchants/create-merchant';
import { createWebhook } from '../lib/notifications/webhooks/manage';
import { createCheckout } from '../lib/checkout/create-checkout';
import { createCheckoutInput } from '../lib/checkout/input';
import { simulateIncomingTransfer } from '../lib/collections/sandbox/simulate';
import { recordEvents } from '../lib/notifications/events/record-event';
import { PER_ENDPOINT_IN_FLIGHT, signatureHeader } from '../lib/notifications/webhooks/dispatcher';
import { sendWebhook } from '../lib/notifications/webhooks/send';
import { cpuProbe } from './lib/cpu';
import { merchants } from '../lib/platform/db/schema';
import { eq } from 'drizzle-orm';

export const LATENCY_EVENTS = 500;
export const THROUGHPUT_EVENTS = 2_000;
export const LATENCY_P50_GOAL_MS = 50;
/** Issue 17: delivery to one endpoint at ≥ 0.35 × direct signed POSTs at the same parallelism. */
export const THROUGHPUT_RATIO_GOAL = 0.35;

interface Receiver {
  url: string;
  /** Arrival time (performance.now()) by event id / by checkout id. */
  arrivals: Map<string, number>;
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  let waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: string;
          event_type: string;
          data: { id?: string };
        };
        const key = body.event_type === 'checkout.paid' ? `checkout:${body.data.id}` : body.id;
        if (!arrivals.has(key)) arrivals.set(key, at);
      } catch {
        // the baseline's bodies are JSON too; anything else is ignored
      }
      res.writeHead(200).end();
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    async waitFor(count, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (arrivals.size < count) {
        if (performance.now() > deadline)
          throw new Error(`receiver got ${arrivals.size} of ${count} deliveries within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The real worker process (graphile-worker + the webhook dispatcher) on the bench database. */
async function startWorkerProcess(): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const child = spawn(
    tsx,
    [
      ...(process.env.BENCH_WORKER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_WORKER_PROFILE] : []),
      'scripts/worker.ts',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'warn' },
    },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString();
    if (process.env.BENCH_DEBUG) process.stderr.write(c);
  });
  const deadline = Date.now() + 30_000;
  while (!output.includes('running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]! };
};

async function newMerchantWithWebhook(name: string, url: string, events: string[]) {
  const db = getDb();
  const created = await createMerchant(db, {
    input: { name, email: `${name.toLowerCase().replaceAll(/\W+/g, '-')}@merchant.test`, kyb_status: 'verified' },
    createdBy: null,
  });
  const tenant = await findTenant(db, created.merchant.id, 'test');
  await createWebhook(db, tenant, { url, events, enabled: true, allow_loopback: true, description: null });
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, created.merchant.id));
  return { ...merchant!, tenant };
}

/** A signed POST straight to the receiver, as the dispatcher sends it. */
async function directPost(url: string, id: string) {
  const body = JSON.stringify({
    id,
    event_type: 'bench.direct',
    idempotency_key: id,
    created_at: new Date().toISOString(),
    data: {},
  });
  const t = Math.floor(Date.now() / 1000);
  const result = await sendWebhook(
    url,
    body,
    { 'content-type': 'application/json', 'x-webhook-signature': signatureHeader(['whsec_bench'], t, body) },
    {
      allowLoopback: true,
      timeoutMs: 10_000,
    },
  );
  if (result.statusCode !== 200) throw new Error(`direct POST failed: ${result.error ?? result.statusCode}`);
}

export interface WebhookBenchResult {
  latency: {
    events: number;
    p50_ms: number;
    p99_ms: number;
    max_ms: number;
    baseline_p50_ms: number;
    baseline_p99_ms: number;
    goal_p50_ms: number;
    pass: boolean;
  };
  throughput: {
    events: number;
    /** Writing the events (one transaction, with their deliveries), before the clock starts. */
    queued_seconds: number;
    seconds: number;
    events_per_second: number;
    baseline_per_second: number;
    ratio: number;
    /** CPU per delivered event: the worker process and PostgreSQL (Linux only). */
    cpu_ms_per_event: { worker: number; database: number } | null;
    cores: Record<string, number> | null;
    goal_ratio: number;
    pass: boolean;
  };
}

export async function runWebhookBench(options: { postgresDataDir?: string } = {}): Promise<WebhookBenchResult> {
  const receiver = await startReceiver();
  const worker = await startWorkerProcess();
  try {
    const db = getDb();
    // Latency ---------------------------------------------------------------------------------------
    const shop = await newMerchantWithWebhook('Bench Webhooks Latency', receiver.url, ['checkout.paid']);
    const started = new Map<string, number>();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const checkout = await createCheckout(
        { db, merchant: shop, tenant: shop.tenant },
        createCheckoutInput.parse({ amount: 10 + (i % 50), currency_code: 'GHS', customer_email: 'ada@example.com' }),
      );
      started.set(checkout.id, performance.now());
      await simulateIncomingTransfer(db, { payment_reference: checkout.payment_reference, scenario: 'exact' });
      if (i % 50 === 49) await receiver.waitFor(i + 1, 30_000); // keep the queue short: this measures latency
    }
    await receiver.waitFor(LATENCY_EVENTS, 60_000);
    const latencies = [...started].map(([id, t0]) => receiver.arrivals.get(`checkout:${id}`)! - t0);
    const baseline: number[] = [];
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const t0 = performance.now();
      await directPost(receiver.url, `direct-${i}`);
      baseline.push(performance.now() - t0);
    }
    const l = summary(latencies);
    const b = summary(baseline);

    // Throughput ------------------------------------------------------------------------------------
    receiver.arrivals.clear();
    const bulk = await newMerchantWithWebhook('Bench Webhooks Throughput', receiver.url, ['*']);
    const t0 = performance.now();
    // Delivery starts when the events commit (their NOTIFY is sent then): the clock starts there.
    await recordEvents(
      db,
      Array.from({ length: THROUGHPUT_EVENTS }, (_, i) => ({
        ...ownerOf(bulk.tenant),
        eventType: 'webhook.test' as const,
        resourceType: 'webhook' as const,
        resourceId: crypto.randomUUID(),
        // A small payload like a real event's; its content does not matter to delivery.
        data: { webhook_id: bulk.id, message: `bench ${i}` },
      })),
    );
    const queuedSeconds = (performance.now() - t0) / 1000;
    const committed = performance.now();
    const probe = options.postgresDataDir
      ? cpuProbe({ serverPid: worker.child.pid!, postgresDataDir: options.postgresDataDir })
      : undefined;
    const before = probe?.snapshot();
    await receiver.waitFor(THROUGHPUT_EVENTS, 120_000);
    const seconds = (performance.now() - committed) / 1000;
    const cpu = probe && before ? probe.between(before, probe.snapshot(), THROUGHPUT_EVENTS) : undefined;
    receiver.arrivals.clear();
    const d0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PER_ENDPOINT_IN_FLIGHT }, async () => {
        while (next < THROUGHPUT_EVENTS) await directPost(receiver.url, `direct-bulk-${next++}`);
      }),
    );
    const baselinePerSecond = THROUGHPUT_EVENTS / ((performance.now() - d0) / 1000);
    const perSecond = THROUGHPUT_EVENTS / seconds;
    return {
      latency: {
        events: LATENCY_EVENTS,
        p50_ms: round(l.p50),
        p99_ms: round(l.p99),
        max_ms: round(l.max),
        baseline_p50_ms: round(b.p50),
        baseline_p99_ms: round(b.p99),
        goal_p50_ms: LATENCY_P50_GOAL_MS,
        pass: l.p50 < LATENCY_P50_GOAL_MS,
      },
      throughput: {
        events: THROUGHPUT_EVENTS,
        queued_seconds: round(queuedSeconds),
        seconds: round(seconds),
        events_per_second: round(perSecond),
        baseline_per_second: round(baselinePerSecond),
        ratio: Math.round((perSecond / baselinePerSecond) * 1000) / 1000,
        cpu_ms_per_event: cpu ? { worker: cpu.msPerRequest.server, database: cpu.msPerRequest.database } : null,
        cores: cpu?.cores ?? null,
        goal_ratio: THROUGHPUT_RATIO_GOAL,
        pass: perSecond / baselinePerSecond >= THROUGHPUT_RATIO_GOAL,
      },
    };
  } finally {
    await worker.stop();
    await receiver.close();
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export function printWebhookBench(r: WebhookBenchResult) {
  console.log('\nWebhooks');
  console.log(
    `  checkout paid → receiver (${r.latency.events} events): p50 ${r.latency.p50_ms} ms, p99 ${r.latency.p99_ms} ms, max ${r.latency.max_ms} ms ` +
      `(direct POST p50 ${r.latency.baseline_p50_ms} ms, p99 ${r.latency.baseline_p99_ms} ms) — goal p50 < ${r.latency.goal_p50_ms} ms: ${r.latency.pass ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  throughput (${r.throughput.events} events, one endpoint): ${r.throughput.events_per_second} events/s in ${r.throughput.seconds} s after they were queued (in ${r.throughput.queued_seconds} s) ` +
      `(direct POSTs at the same parallelism: ${r.throughput.baseline_per_second}/s, ratio ${r.throughput.ratio}) — ` +
      `goal ≥ ${r.throughput.goal_ratio}: ${r.throughput.pass ? 'PASS' : 'FAIL'}`,
  );
  if (r.throughput.cpu_ms_per_event)
    console.log(
      `  CPU per event: worker ${r.throughput.cpu_ms_per_event.worker} ms, PostgreSQL ${r.throughput.cpu_ms_per_event.database} ms; ` +
        `busy cores ${JSON.stringify(r.throughput.cores)}`,
    );
}
