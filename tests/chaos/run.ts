/**
 * `npm run test:chaos`: the service as it runs in production, on the engines and configuration shipped
 * in deploy/ (HAProxy in front of two `next start` and of a three-node Patroni cluster; two workers),
 * a mixed workload from several merchants for CHAOS_LOAD_SECONDS (default 240), and faults at random
 * moments (CHAOS_SEED): a rolling deploy from the previous release (CHAOS_PREVIOUS_REF, deploy.ts)
 * with its migrations, web instances and workers SIGKILLed and started again, the PostgreSQL primary's
 * machine lost (failover), the primary cut off by a silent partition, a webhook receiver that hangs.
 * Then, everything restarted and drained, the invariants (tests/chaos/invariants.ts), the alert rules'
 * series (metrics-watch.ts) and the time each fault took to recover. Writes
 * test-results/chaos/results.md (and .json, and each process's log); exits 1 when an invariant fails.
 * Bounded: the whole run stops itself after the load plus 12 minutes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import postgres from 'postgres';
import { buildIfNeeded } from '../../scripts/lib/next-build';
import { freePort } from '../../lib/platform/db/embedded';
import { killEverything, waitUntil, webInstance, workerProcess, type Processes } from './cluster';
import { checkDeploy, rollingDeploy, type DeployResult, type Deployment } from './deploy';
import { previousRelease } from './previous-build';
import { startBedDatabase } from './database';
import { checkAlertRules, checkAlertSeries, watchMetrics } from './metrics-watch';
import { killPatroni } from './patroni';
import { ChaosClient, type Exchange } from './client';
import { inject, PLAN, schedule, type Fault } from './faults';
import { checkInvariants, count, drain } from './invariants';
import { startLiveDriver } from './live-driver';
import { checkLiveInvariants } from './live-invariants';
import { openLivePayouts, startLiveProviders } from './live-providers';
import { liveSummary } from './live-report';
import { goLive, liveStep, newLiveOutcomes } from './live-workload';
import { haproxyStats, killHaproxy, startHaproxy } from './haproxy';
import { startReceiver, type Receiver, type Temperament } from './receivers';
import { recoveries, renderReport, writeResults } from './report';
import { newOutcomes, onboard, settle, step, type Merchant } from './workload';

const LOAD_MS = Number(process.env.CHAOS_LOAD_SECONDS ?? 240) * 1000;
const SEED = Number(process.env.CHAOS_SEED ?? 20261125);
const CLIENTS_PER_MERCHANT = 2;
const SETTLE_EVERY_MS = 8_000;
const LIVE_CLIENTS = 2;
/** A provider's answer is lost every 6 to 14 s of the load. */
const LOST_ANSWER_EVERY_MS = [6_000, 14_000] as const;
const RESULTS = path.resolve('test-results/chaos');

/** mulberry32: a small seeded generator, so a run's choices and fault moments can be replayed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The last run's results and logs move to test-results/chaos-<when it ended>/; the newest five are kept. */
function keepPreviousResults(): void {
  const report = path.join(RESULTS, 'results.md');
  if (fs.existsSync(report)) {
    const began = fs.statSync(report).mtime.toISOString().replace(/[:.]/g, '-');
    fs.renameSync(RESULTS, `${RESULTS}-${began}`);
  }
  fs.rmSync(RESULTS, { recursive: true, force: true });
  const parent = path.dirname(RESULTS);
  // A fresh clone has no test-results/ yet.
  fs.mkdirSync(parent, { recursive: true });
  const kept = fs
    .readdirSync(parent)
    .filter((name) => name.startsWith('chaos-'))
    .sort()
    .reverse();
  for (const old of kept.slice(5)) fs.rmSync(path.join(parent, old), { recursive: true, force: true });
}

async function main(): Promise<boolean> {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  buildIfNeeded();
  keepPreviousResults();
  const logs = path.join(RESULTS, 'logs');
  const random = seeded(SEED);
  // Fault moments and lengths from their own sequence: the same seed gives the same faults.
  const faultRandom = seeded(SEED + 1);
  // The providers' side (customers, callbacks, lost answers) from its own sequence too.
  const providerRandom = seeded(SEED + 2);
  const cleanups: Array<() => Promise<unknown>> = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-chaos-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    // Three Patroni nodes; the service reaches the leader through HAProxy's postgres listener.
    const database = await startBedDatabase({ dir: dataDir, logs });
    cleanups.push(() => database.stop());
    const ports = { web: await freePort(), postgres: await freePort() };
    const { user, password, database: name } = database.cluster.appUser;
    const databaseUrl = `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${ports.postgres}/${name}`;

    const temperaments: Temperament[] = ['steady', 'slow', 'flaky'];
    const receivers: Receiver[] = await Promise.all(
      temperaments.map((t, i) => startReceiver(`receiver ${i + 1} (${t})`, t, random)),
    );
    const hangable = await startReceiver('shared receiver (hangs)', 'hangable', random);
    cleanups.push(() => Promise.all([...receivers, hangable].map((r) => r.stop())));

    // HAProxy on deploy/haproxy.cfg, on ports chosen first: the instances' settings name them.
    const front = `http://127.0.0.1:${ports.web}`;
    const providers = await startLiveProviders(front);
    cleanups.push(() => providers.close());
    const admin = crypto.randomBytes(32).toString('base64url');
    const metricsToken = crypto.randomBytes(32).toString('base64url');
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      METRICS_TOKEN: metricsToken,
      CHECKOUT_TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
      ADMIN_API_TOKEN: admin,
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      API_BASE_URL: front,
      CHECKOUT_BASE_URL: front,
      HOST: '127.0.0.1',
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'warn',
      SANDBOX_MOBILE_MONEY_DELAY_SECONDS: '1',
      SANDBOX_PAYOUT_DELAY_SECONDS: '1',
      WEBHOOK_TIMEOUT_SECONDS: '2',
      // Below the client's 20 s "hung" line: a statement left silent by a failover is a 503 by then.
      DATABASE_STATEMENT_DEADLINE_SECONDS: '10',
      // The schedule a hundred times faster (0.05 s, 3 s, 18 s, 72 s, 180 s, 6 min…): a delivery's
      // first six attempts fit in the drain (273 s of 300). At 0.05 the fifth came 6 minutes after
      // the fourth, past the drain: a pair still on schedule would have been counted as lost.
      WEBHOOK_RETRY_DELAY_SCALE: '0.01',
      TRUSTED_PROXIES: '127.0.0.1',
      // One machine's spool, shared by both releases' instances (as /var/lib/payments on a machine).
      CALLBACK_SPOOL_DIR: path.join(dataDir, 'callback-spool'),
      API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
      CHECKOUT_WRITE_LIMIT_PER_MINUTE: '100000',
      CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: '100000',
      ...providers.env,
    };
    // The previous release serves first (its instances apply its migrations); the rolling deploy,
    // the first fault, brings this checkout's in the balancer's two other slots (deploy.ts).
    const previous = previousRelease();
    const webPorts = await Promise.all([1, 2, 3, 4].map(() => freePort()));
    const web = await Promise.all(
      ['web-a', 'web-b'].map((name, i) => webInstance(name, env, logs, { release: previous, port: webPorts[i] })),
    );
    const deployment: Deployment = {
      previous,
      web: await Promise.all(
        ['web-c', 'web-d'].map((name, i) => webInstance(name, env, logs, { port: webPorts[i + 2] })),
      ),
      workers: ['worker-3', 'worker-4'].map((name) => workerProcess(name, env, logs)),
    };
    const balancer = await startHaproxy({
      web: [...web, ...deployment.web].map((w) => w.url),
      postgres: database.balancerNodes,
      logs,
      ports,
    });
    cleanups.push(() => balancer.stop());
    const workers = ['worker-1', 'worker-2'].map((name) => workerProcess(name, env, logs, previous));
    // Every process the run may start, both releases', for the teardown.
    const everything: Processes[] = [...web, ...workers, ...deployment.web, ...deployment.workers];
    cleanups.push(() => Promise.all(everything.map((p) => p.stop())));
    await Promise.all(web.map((p) => p.start()));
    await Promise.all(workers.map((p) => p.start()));
    // HAProxy sends traffic to an instance once two checks in a row passed: wait for both.
    await waitUntil(
      async () => {
        const stats = await haproxyStats(balancer);
        return web.every((_, i) => stats.get(`web/web${i + 1}`)?.status === 'UP');
      },
      30_000,
      'HAProxy to see every web instance up',
    );
    // `web` itself: the watch follows the deploy's replacement of the instances.
    const metrics = watchMetrics(web, metricsToken);
    cleanups.push(async () => metrics.stop());

    const exchanges: Exchange[] = [];
    const client = new ChaosClient(balancer.webUrl, exchanges);
    const adminHeaders = { authorization: `Bearer ${admin}` };
    const merchants: Merchant[] = [];
    for (const [i, receiver] of receivers.entries())
      merchants.push(await onboard(client, adminHeaders, i + 1, [receiver, hangable]));
    // One more merchant, switched to live by the operator; its test side has one steady receiver.
    const liveMerchant = await goLive(
      client,
      adminHeaders,
      await onboard(client, adminHeaders, merchants.length + 1, [receivers[0]!]),
    );
    merchants.push(liveMerchant);
    const driver = startLiveDriver(providers, providerRandom);
    cleanups.push(() => driver.stop());
    console.log(
      `Chaos: ${web.length} web instances behind HAProxy at ${balancer.webUrl}, ${workers.length} workers, ${merchants.length} merchants (one live, on MTN MoMo, Paystack and M-Pesa contract servers); load for ${LOAD_MS / 1000} s (seed ${SEED})`,
    );

    const outcomes = newOutcomes();
    const live = newLiveOutcomes();
    const startedAt = Date.now();
    const until = startedAt + LOAD_MS;
    const testMerchants = merchants.filter((m) => m !== liveMerchant);
    const traffic = testMerchants.flatMap((merchant) =>
      Array.from({ length: CLIENTS_PER_MERCHANT }, async () => {
        while (Date.now() < until) await step(client, merchant, random, outcomes);
      }),
    );
    const liveRandom = seeded(SEED + 3);
    const liveTraffic = Array.from({ length: LIVE_CLIENTS }, async () => {
      while (Date.now() < until) await liveStep(client, liveMerchant, driver, liveRandom, outcomes, live);
    });
    const lostAnswers = (async () => {
      const [least, most] = LOST_ANSWER_EVERY_MS;
      for (;;) {
        await new Promise((r) => setTimeout(r, least + providerRandom() * (most - least)));
        if (Date.now() >= until) return;
        providers.injectLostAnswer(providerRandom);
      }
    })();
    const settlements = (async () => {
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, SETTLE_EVERY_MS));
        await settle(client, adminHeaders, outcomes);
      }
    })();
    const faults: Fault[] = [];
    let deployed: DeployResult | null = null;
    /** Live payouts open at the providers at the moment each process was killed. */
    const killedMidPayout: string[] = [];
    const chaos = (async () => {
      const moments = schedule(PLAN.length, startedAt + 10_000, LOAD_MS - 30_000, faultRandom);
      const seen = new Map<string, number>();
      for (const [i, kind] of PLAN.entries()) {
        await new Promise((r) => setTimeout(r, Math.max(0, moments[i]! - Date.now())));
        const nth = seen.get(kind) ?? 0;
        seen.set(kind, nth + 1);
        if (kind.startsWith('kill')) killedMidPayout.push(`${kind} ${openLivePayouts(providers)}`);
        const deploy = async () => {
          deployed = await rollingDeploy({ deployment, web, workers, balancer, databaseUrl });
          return deployed;
        };
        const fault = await inject(kind, nth, { web, workers, database, hangable, deploy }, faultRandom);
        faults.push(fault);
        console.log(
          `  ${((fault.at - startedAt) / 1000).toFixed(1)} s: ${kind} (${fault.target}), back after ${(fault.downMs / 1000).toFixed(1)} s`,
        );
      }
    })();
    await Promise.all([...traffic, ...liveTraffic, settlements, chaos, lostAnswers]);
    // Whatever a fault left down is started again before the books are read.
    await Promise.all([...web, ...workers].filter((p) => !p.alive()).map((p) => p.start()));
    // Callbacks held back are delivered now, after the restart: late for everything.
    await driver.flushLate();
    await settle(client, adminHeaders, outcomes);

    metrics.stop();
    const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
    cleanups.push(() => sql.end({ timeout: 5 }));
    const drained = await drain(
      sql,
      merchants.map((m) => m.id),
    );
    const checks = await checkInvariants({
      sql,
      client,
      admin: adminHeaders,
      merchants,
      outcomes,
      exchanges,
      faults,
      drained,
      lostProviderAnswers: providers.lostAnswers().map((l) => l.at),
    });
    checks.push(...(await checkLiveInvariants(sql, providers, liveMerchant.id)));
    checks.push(
      ...checkDeploy(
        faults,
        exchanges,
        deployed,
        providers.lostAnswers().map((l) => l.at),
      ),
    );
    checks.push(...checkAlertRules(), ...checkAlertSeries(metrics, faults));
    await driver.stop();
    const summary = {
      'requests (all attempts)': exchanges.length,
      'requests per second': (exchanges.length / (LOAD_MS / 1000)).toFixed(1),
      'answers by status': count(exchanges.map((e) => String(e.status))),
      'checkouts created': outcomes.checkouts,
      'bank transfers paid': outcomes.transfersPaid.size,
      'mobile-money payments started / seen paid': `${outcomes.mobileMoneyStarted} / ${outcomes.mobileMoneyPaidSeen}`,
      refunds: outcomes.refunds,
      'withdrawals and payouts accepted': outcomes.moneyOut.size,
      'settlement runs': outcomes.settlementRuns,
      'refused (4xx), by step': count([...outcomes.refused].flatMap(([k, n]) => Array<string>(n).fill(k))),
      ...liveSummary(live, driver.events, providers, killedMidPayout),
      'webhook receivers (ok / failed / held)': [...receivers, hangable]
        .map((r) => `${r.name}: ${r.answered.ok} / ${r.answered.failed} / ${r.answered.held}`)
        .join('; '),
    };
    const report = renderReport({
      startedAt,
      loadMs: LOAD_MS,
      seed: SEED,
      checks,
      recoveries: recoveries(faults, exchanges, [...receivers, hangable]),
      exchanges,
      summary,
    });
    const file = writeResults(RESULTS, report, { seed: SEED, checks, faults, summary, exchanges });
    console.log(
      `\n${report}\n\nWritten to ${path.relative(process.cwd(), file)} (process logs in ${path.relative(process.cwd(), logs)}).`,
    );
    return checks.every((c) => c.ok);
  } finally {
    while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error('chaos teardown:', error));
  }
}

const watchdog = setTimeout(
  () => {
    console.error('Chaos: the run took too long; stopping.');
    killEverything();
    killHaproxy();
    killPatroni();
    process.exit(2);
  },
  LOAD_MS + 12 * 60_000,
);
main()
  .then((passed) => {
    clearTimeout(watchdog);
    process.exit(passed ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    killEverything();
    killHaproxy();
    killPatroni();
    process.exit(1);
  });
