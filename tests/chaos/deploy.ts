import postgres from 'postgres';
import { waitUntil, type Processes, type Release, type WebInstance } from './cluster';
import type { Exchange } from './client';
import type { Fault } from './faults';
import { haproxyStats, type Balancer } from './haproxy';
import { serverErrorsOutsideOutages, type Check } from './invariants';

/**
 * A rolling deploy under load, the way docs/operations.md ("A rolling deploy") tells an operator:
 * the previous release serves from web1 and web2 with its workers; the new release's instances start
 * in the balancer's spare slots web3 and web4 (each applies the new migrations before it listens, one
 * at a time behind an advisory lock) while the old ones keep serving on the migrated schema; once
 * HAProxy sees the new ones up, the new workers start and the old workers stop, then the old instances
 * are retired one after the other: drained in HAProxy, stopped as their unit stops them, seen DOWN. `web` and `workers` are replaced in place,
 * so later faults hit the new release.
 */
export interface Deployment {
  previous: Release;
  /** The new release's web instances, in the balancer's slots after the old ones; not started yet. */
  web: WebInstance[];
  workers: Processes[];
}

export interface DeployResult {
  target: string;
  detail: string;
  migrations: { before: number; after: number };
  /** Requests HAProxy sent to each server, by its name (web1…web4). */
  served: Record<string, number>;
}

export async function rollingDeploy(options: {
  deployment: Deployment;
  web: WebInstance[];
  workers: Processes[];
  balancer: Balancer;
  databaseUrl: string;
}): Promise<DeployResult> {
  const { deployment, web, workers, balancer } = options;
  const old = { web: [...web], workers: [...workers] };
  const migrations = async () => {
    const sql = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
      return row!.n;
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  const before = await migrations();
  await Promise.all(deployment.web.map((w) => w.start()));
  const slots = deployment.web.map((_, i) => `web/web${old.web.length + i + 1}`);
  await waitUntil(
    async () => {
      const stats = await haproxyStats(balancer);
      return slots.every((slot) => stats.get(slot)?.status === 'UP');
    },
    30_000,
    'HAProxy to see the new release up',
  );
  await Promise.all(deployment.workers.map((w) => w.start()));
  await Promise.all(old.workers.map((w) => w.stop()));
  workers.splice(0, workers.length, ...deployment.workers);
  // One at a time: drained in HAProxy (no new requests; those in flight finish), stopped by its unit,
  // seen DOWN. A release from this one on drains by itself when stopped (the `restart web` fault
  // proves it); one before it does not, and without this step loses the requests that reach its
  // closing listener.
  for (const [i, instance] of old.web.entries()) {
    const slot = `web/web${i + 1}`;
    // Its callbacks' server too (deploy/haproxy.cfg, backend callbacks: the same instance).
    for (const server of [slot, slot.replace(/^web\//, 'callbacks/')]) {
      const drained = await balancer.command(`set server ${server} state drain`);
      if (drained) throw new Error(`HAProxy refused to drain ${server}: ${drained}`);
    }
    await waitUntil(async () => (await haproxyStats(balancer)).get(slot)?.scur === '0', 30_000, `${slot} to drain`);
    await instance.stop();
    await waitUntil(
      async () => (await haproxyStats(balancer)).get(slot)?.status?.startsWith('DOWN') ?? false,
      10_000,
      `HAProxy to take ${instance.name} out`,
    );
  }
  web.splice(0, web.length, ...deployment.web);
  const stats = await haproxyStats(balancer);
  const served = Object.fromEntries(
    [...stats].filter(([key]) => /^web\/web\d$/.test(key)).map(([key, row]) => [key.slice(4), Number(row.stot)]),
  );
  const after = await migrations();
  const names = (p: Processes[]) => p.map((x) => x.name).join(', ');
  return {
    target: `${names([...old.web, ...old.workers])} → ${names([...deployment.web, ...deployment.workers])}`,
    detail: `${deployment.previous.label} → this checkout; migrations ${before} → ${after}`,
    migrations: { before, after },
    served,
  };
}

/** Nothing failed while the two releases ran side by side and the old one was retired. */
export function checkDeploy(
  faults: Fault[],
  exchanges: Exchange[],
  result: DeployResult | null,
  lostProviderAnswers: number[],
): Check[] {
  const deploy = faults.find((f) => f.kind === 'rolling deploy');
  if (!deploy || !result) return [{ name: 'rolling deploy: it ran', ok: false, found: 'no deploy in this run' }];
  // Up to 2 s after it, but not what the next fault may have cut (a request still open when it began).
  const next = faults.find((f) => f.at > deploy.at)?.at ?? Infinity;
  const during = exchanges.filter(
    (e) => e.at + e.ms >= deploy.at && e.at <= deploy.restoredAt + 2_000 && e.at + e.ms < next,
  );
  // Failed for the deploy's sake: not a provider's answer the bed made it lose (invariants.ts).
  const failed = serverErrorsOutsideOutages(during, faults, lostProviderAnswers);
  const { before, after } = result.migrations;
  const served = Object.entries(result.served).map(([server, n]) => `${server} ${n}`);
  const everyServed = Object.values(result.served).every((n) => n > 0);
  return [
    {
      name: 'rolling deploy: no request failed while the releases ran side by side, the migrations applied and the old release stopped',
      ok: failed.length === 0 && after >= before && everyServed,
      found: `${during.length} requests in ${((deploy.restoredAt - deploy.at) / 1000).toFixed(1)} s, ${failed.length} failed${failed.length ? ` (${failed.map((e) => `${e.status} ${e.proxy ?? e.code ?? e.error ?? ''} ${e.route}`).join(', ')})` : ''}; migrations ${before} → ${after}; requests per server: ${served.join(', ')}`,
    },
  ];
}
