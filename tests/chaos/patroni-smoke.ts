/**
 * `npx tsx tests/chaos/patroni-smoke.ts`: the Patroni cluster (tests/chaos/patroni.ts) loses its
 * primary's machine in the middle of a stream of writes, and no acknowledged write is lost.
 *
 * A writer inserts one row per transaction as the service's role and records every id whose COMMIT
 * was acknowledged. The primary's Patroni and PostgreSQL are SIGKILLed; the writer keeps going and
 * reconnects to whichever node is the primary now (asking Patroni's REST API). A second writer leaves
 * that to postgres.js's multi-host URL (target_session_attrs=primary), to show whether it copes.
 * Then: every id either writer saw acknowledged must be on the new primary; the old primary, started
 * again, must rejoin as a replica (pg_rewind) and hold them too. Prints the time from the kill to the
 * new leader and to the first acknowledged write. Exits 1 on a failed check, 2 when the watchdog
 * (3 minutes) stops it; everything it started is killed either way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { killPatroni, queryOnce, startPatroniCluster, type PatroniCluster } from './patroni';

const WATCHDOG_MS = 175_000;
const WRITE_BEFORE_KILL_MS = 4_000;
const WRITE_AFTER_RECOVERY_MS = 3_000;
const LOGS = path.resolve('test-results/patroni-smoke/logs');
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'patroni-smoke-'));

/** Everything this script started killed, its data removed, and out with `code`. */
function abandon(code: number): never {
  killPatroni();
  fs.rmSync(DIR, { recursive: true, force: true });
  process.exit(code);
}
const watchdog = setTimeout(() => {
  console.error(`Watchdog: still running after ${WATCHDOG_MS / 1000} s; killing everything.`);
  abandon(2);
}, WATCHDOG_MS);
process.once('SIGINT', () => abandon(2));
process.once('SIGTERM', () => abandon(2));

/**
 * postgres.js 3.4.9 can throw from a setImmediate when a connection dies with a small write buffered
 * (porsager/postgres#1154, #1208): out of reach of any await, it would end the script. It is counted;
 * the transaction it belonged to fails by the writer's timeout. Anything else ends the run.
 */
let driverCrashes = 0;
process.on('uncaughtException', (error) => {
  if (/nextWrite[\s\S]*postgres\/src\/connection\.js/.test(error.stack ?? '')) {
    driverCrashes++;
    return;
  }
  console.error('FAIL:', error);
  abandon(1);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Whether postgres.js, given all three nodes with a standby first, connects to the primary. */
async function probeTargetSessionAttrs(cluster: PatroniCluster, attrs: string): Promise<boolean> {
  const leaderName = await cluster.leader();
  const ordered = [...cluster.nodes].sort((a, b) => Number(a.name === leaderName) - Number(b.name === leaderName));
  const url = multiHostUrl(cluster, ordered, attrs);
  const rows = await queryOnce<{ standby: boolean }>(url, 'SELECT pg_is_in_recovery() AS standby');
  return rows[0]?.standby === false;
}

function multiHostUrl(cluster: PatroniCluster, nodes: PatroniCluster['nodes'], attrs: string): string {
  const { user, password, database } = cluster.appUser;
  const hosts = nodes.map((n) => `${n.host}:${n.pgPort}`).join(',');
  return `postgres://${user}:${encodeURIComponent(password)}@${hosts}/${database}?target_session_attrs=${attrs}`;
}

interface Writer {
  acknowledged: number[];
  /** Transactions that failed: committed or not, nobody was told they were. */
  inDoubt: number[];
  /** Why they failed, and how often. */
  errors: Map<string, number>;
  firstAckAfter(time: number): number | undefined;
  stop(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One insert per transaction, as fast as it goes; an id counts only once its COMMIT returned.
 * `leader`: after any error the connection is dropped and the next one goes to the node that
 * Patroni's REST API names as the primary. `multi-host`: one postgres.js client over all three nodes
 * with target_session_attrs=primary, left to fail over by itself.
 */
function startWriter(cluster: PatroniCluster, mode: 'leader' | 'multi-host', firstId: number): Writer {
  const acknowledged: number[] = [];
  const inDoubt: number[] = [];
  const errors = new Map<string, number>();
  /** When each acknowledged transaction began, and when its COMMIT returned. */
  const ackTimes: Array<{ began: number; acked: number }> = [];
  const client = (url: string) => postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  let sql = mode === 'multi-host' ? client(multiHostUrl(cluster, cluster.nodes, 'primary')) : null;
  let running = true;
  const loop = (async () => {
    for (let id = firstId; running;) {
      if (!sql) {
        const name = await cluster.leader();
        const node = cluster.nodes.find((n) => n.name === name);
        if (!node) {
          await sleep(100);
          continue;
        }
        sql = client(cluster.appUrl(node.pgPort));
      }
      const began = Date.now();
      try {
        // Strict synchronous mode holds a COMMIT while no standby is synchronous (seconds, after a
        // failover); the timeout bounds only a connection that would never answer.
        await withTimeout(
          sql.begin((tx) => tx`INSERT INTO smoke_writes (id) VALUES (${id})`),
          15_000,
        );
        acknowledged.push(id);
        ackTimes.push({ began, acked: Date.now() });
      } catch (error) {
        const message = (error as Error).message.replace(/\d+/g, 'N');
        errors.set(message, (errors.get(message) ?? 0) + 1);
        inDoubt.push(id);
        if (mode === 'leader') {
          void sql.end({ timeout: 0 });
          sql = null;
        }
        await sleep(100);
      }
      id++;
    }
  })();
  return {
    acknowledged,
    inDoubt,
    errors,
    // Begun after `time`: a COMMIT already on its way when the primary died does not count.
    firstAckAfter: (time) => ackTimes.find((t) => t.began > time)?.acked,
    async stop() {
      running = false;
      await withTimeout(loop, 20_000).catch(() => {});
      await sql?.end({ timeout: 0 });
    },
  };
}

/** The ids in `ids` missing from the table on the node at `port` (as the superuser). */
async function missingOn(cluster: PatroniCluster, port: number, ids: number[]): Promise<number[]> {
  const url = cluster.superuserUrl(port).replace(/\/postgres$/, '/payments');
  const rows = await queryOnce<{ id: string }>(url, 'SELECT id FROM smoke_writes');
  const present = new Set(rows.map((r) => Number(r.id)));
  return ids.filter((id) => !present.has(id));
}

async function main(): Promise<boolean> {
  fs.rmSync(LOGS, { recursive: true, force: true });
  let cluster: PatroniCluster | undefined;
  try {
    const startedAt = Date.now();
    cluster = await startPatroniCluster({ dir: DIR, logs: LOGS });
    const initialLeader = await cluster.leader();
    console.log(`Cluster up in ${seconds(Date.now() - startedAt)}: leader ${initialLeader}`);
    for (const m of await cluster.members()) console.log(`  ${m.name} ${m.role} ${m.state}`);

    const readWrite = await probeTargetSessionAttrs(cluster, 'read-write');
    const primary = await probeTargetSessionAttrs(cluster, 'primary');
    console.log(`postgres.js multi-host, standby listed first, reaches the primary with`);
    console.log(`  target_session_attrs=read-write: ${readWrite}; target_session_attrs=primary: ${primary}`);

    const leaderNode = cluster.nodes.find((n) => n.name === initialLeader)!;
    const appOnLeader = cluster.appUrl(leaderNode.pgPort);
    await queryOnce(appOnLeader, 'CREATE TABLE smoke_writes (id bigint PRIMARY KEY)');
    // The service's migrations run as its own role: it owns its database, pg_trgm is a trusted extension.
    await queryOnce(appOnLeader, 'CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const writer = startWriter(cluster, 'leader', 1);
    const multiHost = startWriter(cluster, 'multi-host', 1_000_000_000);
    await sleep(WRITE_BEFORE_KILL_MS);
    const before = writer.acknowledged.length;
    const killed = await cluster.killPrimary('machine');
    console.log(`Killed ${killed.name}'s Patroni and PostgreSQL after ${before} acknowledged writes`);

    const newLeader = await cluster.waitForLeader(60_000, killed.name);
    const leaderAfter = Date.now() - killed.killedAt;
    console.log(`New leader ${newLeader} ${seconds(leaderAfter)} after the kill`);
    const deadline = Date.now() + 45_000;
    while (writer.firstAckAfter(killed.killedAt) === undefined && Date.now() < deadline) await sleep(50);
    await sleep(WRITE_AFTER_RECOVERY_MS);
    await Promise.all([writer.stop(), multiHost.stop()]);
    const firstAck = writer.firstAckAfter(killed.killedAt);
    const firstMultiHostAck = multiHost.firstAckAfter(killed.killedAt);
    const after = (time: number | undefined) => (time ? `${seconds(time - killed.killedAt)} after the kill` : 'none');
    console.log(`First acknowledged write (reconnecting to the REST API's primary): ${after(firstAck)}`);
    console.log(`First acknowledged write (postgres.js multi-host failover): ${after(firstMultiHostAck)}`);
    for (const [name, w] of [
      ['leader', writer],
      ['multi-host', multiHost],
    ] as const) {
      console.log(`  ${name} writer errors: ${JSON.stringify(Object.fromEntries(w.errors))}`);
    }
    if (firstAck === undefined) throw new Error('No write was acknowledged within 45 s of the new leader');

    const ids = [...writer.acknowledged, ...multiHost.acknowledged];
    const inDoubt = writer.inDoubt.length + multiHost.inDoubt.length;
    const lost = await missingOn(cluster, cluster.nodes.find((n) => n.name === newLeader)!.pgPort, ids);
    console.log(`Acknowledged ids on the new primary: ${ids.length - lost.length} / ${ids.length}`);
    console.log(`  (and ${inDoubt} failed, so never acknowledged: in or out, both are right)`);
    if (lost.length) throw new Error(`Acknowledged ids lost: ${lost.slice(0, 20).join(', ')}`);

    const restartedAt = Date.now();
    await cluster.restart(killed.name);
    const rejoined = (await cluster.members()).find((m) => m.name === killed.name);
    const rewound = fs.readFileSync(path.join(LOGS, `${killed.name}.log`), 'utf8').includes('pg_rewind exit code=0');
    console.log(`${killed.name} rejoined as ${rejoined?.role} in ${seconds(Date.now() - restartedAt)}`);
    console.log(`  (${rewound ? 'after pg_rewind' : 'no pg_rewind needed'})`);
    const oldPort = cluster.nodes.find((n) => n.name === killed.name)!.pgPort;
    let missingOnOld = ids;
    for (let tries = 0; tries < 50 && missingOnOld.length; tries++) {
      missingOnOld = await missingOn(cluster, oldPort, ids).catch(() => ids);
      if (missingOnOld.length) await sleep(200);
    }
    console.log(`Acknowledged ids on the rejoined ${killed.name}: ${ids.length - missingOnOld.length} / ${ids.length}`);
    for (const m of await cluster.members()) console.log(`  ${m.name} ${m.role} ${m.state} timeline ${m.timeline}`);
    if (driverCrashes) console.log(`postgres.js threw from nextWrite ${driverCrashes} time(s) (caught above)`);
    return missingOnOld.length === 0 && rejoined?.role !== 'leader';
  } finally {
    const stopping = Date.now();
    await cluster?.stop().catch((error) => console.error('Stopping the cluster failed:', error));
    killPatroni();
    fs.rmSync(DIR, { recursive: true, force: true });
    console.log(`Stopped in ${seconds(Date.now() - stopping)}; logs in ${LOGS}`);
  }
}

main().then(
  (passed) => {
    clearTimeout(watchdog);
    console.log(passed ? 'PASS' : 'FAIL');
    process.exit(passed ? 0 : 1);
  },
  (error) => {
    clearTimeout(watchdog);
    console.error('FAIL:', error);
    process.exit(1);
  },
);
