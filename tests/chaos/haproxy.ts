import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { freePort } from '../../lib/platform/db/embedded';

/**
 * HAProxy (Debian's 2.6) in front of the web instances and the PostgreSQL nodes, run on
 * deploy/haproxy.cfg exactly as shipped: every address goes in through the environment, which the
 * configuration expands itself. Foreground (`-db`), its own process group, output to haproxy.log.
 *
 * Without PostgreSQL nodes (no Patroni yet) no PG_n is set: the configuration's `.if defined(PG_n)`
 * blocks then leave the postgres listener with no server, so connections to it close at once
 * (nothing can reach a stale port that some other process later took).
 */
export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const HAPROXY_CONFIG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));

export interface PostgresNode {
  host: string;
  /** PostgreSQL's port. */
  pgPort: number;
  /** Patroni's REST API port on the same host (`GET /primary`: 200 on the leader only). */
  apiPort: number;
}

export interface Balancer {
  /** The web frontend, e.g. http://127.0.0.1:41234 (API_BASE_URL). */
  webUrl: string;
  /** Where DATABASE_URL points to reach the primary. */
  pgHostPort: { host: string; port: number };
  /** Prometheus at `${statsUrl}/metrics`, the stats page at `${statsUrl}/stats` (`;csv` for CSV). */
  statsUrl: string;
  /** A runtime API command (`set server web/web1 state drain`), through the admin socket; its answer. */
  command(line: string): Promise<string>;
  pid: number;
  alive(): boolean;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** Web instances as URLs (http://127.0.0.1:3001) or host:port; 1 to 4. */
  web: string[];
  /** 0 to 3 nodes. */
  postgres: PostgresNode[];
  /** Directory for haproxy.log. */
  logs: string;
  /**
   * Ports chosen beforehand, for when the web instances' environment needs the balancer's URL before
   * the balancer can start (it needs their addresses): free ports otherwise.
   */
  ports?: { web?: number; postgres?: number; stats?: number };
  /** HAPROXY_WEB_SERVER_TIMEOUT (HAProxy time format, e.g. '3s'); the configuration's default is 70s. */
  webServerTimeout?: string;
}

/** HAProxy process groups still running, for a last-resort stop (the bed's killEverything). */
const running = new Set<number>();

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export function killHaproxy(): void {
  for (const pid of running) signalGroup(pid, 'SIGKILL');
  running.clear();
}
process.once('exit', killHaproxy);

const hostPort = (address: string) => (address.includes('://') ? new URL(address).host : address);

export async function startHaproxy(options: HaproxyOptions): Promise<Balancer> {
  if (options.web.length < 1 || options.web.length > 4) throw new Error('startHaproxy: 1 to 4 web instances');
  if (options.postgres.length > 3) throw new Error('startHaproxy: at most 3 PostgreSQL nodes');
  const host = '127.0.0.1';
  const webPort = options.ports?.web ?? (await freePort());
  const pgPort = options.ports?.postgres ?? (await freePort());
  const statsPort = options.ports?.stats ?? (await freePort());

  // Nothing inherited may add a server the caller did not ask for.
  const env: Record<string, string> = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !/^(HAPROXY_|WEB_\d|PG_\d)/.test(e[0]),
    ),
  );
  const adminSocket = path.join(os.tmpdir(), `haproxy-${webPort}.sock`);
  Object.assign(env, {
    HAPROXY_ADMIN_SOCKET: adminSocket,
    HAPROXY_WEB_BIND: `${host}:${webPort}`,
    HAPROXY_PG_BIND: `${host}:${pgPort}`,
    HAPROXY_STATS_BIND: `${host}:${statsPort}`,
  });
  if (options.webServerTimeout) env.HAPROXY_WEB_SERVER_TIMEOUT = options.webServerTimeout;
  options.web.forEach((w, i) => (env[`WEB_${i + 1}`] = hostPort(w)));
  options.postgres.forEach((node, i) => {
    env[`PG_${i + 1}`] = `${node.host}:${node.pgPort}`;
    env[`PG_${i + 1}_API_PORT`] = String(node.apiPort);
  });

  fs.mkdirSync(options.logs, { recursive: true });
  const log = fs.createWriteStream(path.join(options.logs, 'haproxy.log'), { flags: 'a' });
  log.write(`--- ${new Date().toISOString()} start (web ${options.web.join(' ')}; pg ${options.postgres.length})\n`);
  const child = spawn(HAPROXY_BIN, ['-db', '-f', HAPROXY_CONFIG], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env as NodeJS.ProcessEnv,
  });
  if (!child.pid) throw new Error(`cannot run ${HAPROXY_BIN}`);
  const pid = child.pid;
  running.add(pid);
  let exited = false;
  let output = '';
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString('utf8')).slice(-8_192);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      running.delete(pid);
      log.write(`--- ${new Date().toISOString()} exit ${code ?? signal}\n`);
      resolve();
    }),
  );

  const webUrl = `http://${host}:${webPort}`;
  const stop = async () => {
    if (!exited) {
      signalGroup(pid, 'SIGTERM'); // hard stop (SIGUSR1 would be the graceful one)
      const late = setTimeout(() => signalGroup(pid, 'SIGKILL'), 5_000);
      await exit;
      clearTimeout(late);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };

  // Up once the frontend answers anything: an instance's answer or our own 503 (none ready yet).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) {
      log.end();
      throw new Error(`haproxy exited while starting:\n${output}`);
    }
    try {
      await fetch(`${webUrl}/api/ping`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`haproxy did not answer on ${webUrl} within 15 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    webUrl,
    pgHostPort: { host, port: pgPort },
    statsUrl: `http://${host}:${statsPort}`,
    command: (line) =>
      new Promise((resolve, reject) => {
        const socket = net.createConnection(adminSocket);
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
        socket.on('end', () => resolve(answer.trim()));
        socket.on('error', reject);
        socket.end(`${line}\n`);
      }),
    pid,
    alive: () => !exited,
    stop,
  };
}

/**
 * The stats page's CSV by `proxy/server` (`web/web1`, `web/BACKEND`, `postgres/pg2`, ...): `status` is
 * UP, DOWN, `UP 1/2` (going down) ...; `wretr`/`wredis` count retries and redispatches.
 */
export async function haproxyStats(balancer: Balancer): Promise<Map<string, Record<string, string>>> {
  const csv = await (await fetch(`${balancer.statsUrl}/stats;csv`)).text();
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = header!.split(',');
  const stats = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const cells = row.split(',');
    const record = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
    stats.set(`${record.pxname}/${record.svname}`, record);
  }
  return stats;
}

export { balancerError, BALANCER_ERROR_HEADER, BALANCER_ERROR_KINDS, type BalancerErrorKind } from './balancer-errors';
