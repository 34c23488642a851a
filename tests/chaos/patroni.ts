import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { freePort, isAlive } from '../../lib/platform/db/embedded';
import { logFile, waitUntil } from './cluster';

/**
 * A PostgreSQL cluster with automatic failover on one machine: one etcd and three Patroni nodes, run
 * on deploy/patroni/patroni.yml and deploy/patroni/etcd.env exactly as shipped; only what differs
 * per node (name, addresses, directories, passwords) comes in through the environment, as on the
 * production machines. Patroni, and so PostgreSQL, runs as the `postgres` user (PostgreSQL refuses
 * root). Each process is its own process group; the postmasters are not in them (Patroni starts each
 * in a session of its own), so `killPrimary` and `killPatroni` SIGKILL them by their postmaster.pid.
 */
export interface PatroniNode {
  name: string;
  host: string;
  /** PostgreSQL's port. */
  pgPort: number;
  /** Patroni's REST API port (`GET /primary` answers 200 on the leader only). */
  apiPort: number;
}

/** A member as `GET /cluster` lists it: role leader, sync_standby or replica; state running, starting... */
export type PatroniMember = { name: string; role: string; state: string; timeline?: number };

export interface PatroniCluster {
  nodes: PatroniNode[];
  /** The superuser on one node's PostgreSQL, for the bed's own checks. */
  superuserUrl(port: number): string;
  /** The service's role and database, created by patroni.yml's post_bootstrap. */
  appUser: { user: string; password: string; database: string };
  /** The service's role on one node's PostgreSQL (the bed's DATABASE_URL goes through HAProxy instead). */
  appUrl(port: number): string;
  members(): Promise<PatroniMember[]>;
  /** The node whose REST API answers 200 to `GET /primary`, if any. */
  leader(): Promise<string | null>;
  waitForLeader(timeoutMs: number, not?: string): Promise<string>;
  /**
   * `machine`: the primary's machine lost, its Patroni and its postmaster (with every backend)
   * SIGKILLed at once. `postgres`: its postmaster alone SIGKILLed (the backends exit on its death),
   * Patroni left running to notice.
   */
  killPrimary(what: 'machine' | 'postgres'): Promise<{ name: string; killedAt: number }>;
  /** Starts a killed node's Patroni again if it is not running; resolves once it streams from the leader. */
  restart(name: string): Promise<void>;
  /** Everything down and the cluster's directory removed. */
  stop(): Promise<void>;
}

const DEPLOY = path.resolve(import.meta.dirname, '../../deploy/patroni');
const NODE_NAMES = ['pg1', 'pg2', 'pg3'];
const HOST = '127.0.0.1';

/** Process groups (etcd, Patroni) and data directories (their postmasters) for a last-resort stop. */
const groups = new Set<number>();
const dataDirs = new Map<string, number>();

export function killPatroni(): void {
  for (const [dir, port] of dataDirs) removeSocket(port, killPostmaster(dir) !== null);
  for (const pid of groups) signal(-pid, 'SIGKILL');
  groups.clear();
}
process.once('exit', killPatroni);

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * SIGKILLs a data directory's postmaster and every process it forked, together, as if the machine died.
 * Each backend is a session of its own (PostgreSQL calls setsid()), so no process group holds them all:
 * the postmaster is stopped first, so that it forks nothing more while its children are listed.
 */
function killPostmaster(dataDir: string): number | null {
  const pid = postmasterOf(dataDir);
  if (pid === null) return null;
  signal(pid, 'SIGSTOP');
  for (const child of childrenOf(pid)) signal(child, 'SIGKILL');
  signal(pid, 'SIGKILL');
  return pid;
}

/** The running postmaster of a data directory, if any. */
function postmasterOf(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  return pid && isAlive(pid) && isPostmasterOf(pid, dataDir) ? pid : null;
}

/** A stale postmaster.pid may name a process that took the number since: Patroni starts ours with -D. */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dataDir);
  } catch {
    return false;
  }
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (command) state ppid ...": the command may hold spaces and parentheses.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** A SIGKILLed postmaster leaves its socket and lock file in Debian's socket directory (the default). */
function removeSocket(port: number, justKilled = false): void {
  const lock = `/var/run/postgresql/.s.PGSQL.${port}.lock`;
  try {
    if (!justKilled && isAlive(Number(fs.readFileSync(lock, 'utf8').split('\n')[0]))) return;
    fs.rmSync(lock, { force: true });
    fs.rmSync(lock.slice(0, -'.lock'.length), { force: true });
  } catch {
    // no lock file, or not ours to remove
  }
}

/** The uid and gid of the `postgres` user when we are root (PostgreSQL will not run as root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** KEY=value lines, as systemd's EnvironmentFile= reads them (no quoting used in ours). */
function readEnvFile(file: string): Record<string, string> {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const settings = lines.map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  return Object.fromEntries(
    settings.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** Runs one statement as `url`'s user on a short-lived connection. */
export async function queryOnce<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function getJson(port: number, route: string): Promise<{ status: number; body: any } | null> {
  try {
    const response = await fetch(`http://${HOST}:${port}${route}`, { signal: AbortSignal.timeout(1_500) });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return null;
  }
}

/** A child in its own process group, its output appended to `<logs>/<name>.log`. */
function spawnLogged(
  name: string,
  logs: string,
  command: string[],
  options: { env: Record<string, string>; cwd?: string; uid?: number; gid?: number },
): ChildProcess {
  const log = logFile(logs, name);
  log.write(`--- ${new Date().toISOString()} start\n`);
  const child = spawn(command[0]!, command.slice(1), {
    ...options,
    env: options.env as NodeJS.ProcessEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.add(child.pid!);
  child.stdout!.on('data', (chunk: Buffer) => log.write(chunk));
  child.stderr!.on('data', (chunk: Buffer) => log.write(chunk));
  child.once('exit', (code, signalName) => {
    groups.delete(child.pid!);
    log.write(`--- ${new Date().toISOString()} exit ${code ?? signalName}\n`);
  });
  return child;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stopChild(child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  if (!child?.pid || exited(child)) return;
  signal(-child.pid, 'SIGTERM');
  await waitUntil(() => exited(child), timeoutMs, 'a process to stop').catch(() => signal(-child.pid!, 'SIGKILL'));
}

export async function startPatroniCluster(options: { dir: string; logs: string }): Promise<PatroniCluster> {
  const owner = postgresUser();
  // The cluster's own directory, reachable by the postgres user (mkdtemp makes 0700 directories).
  const base = path.join(path.resolve(options.dir), 'patroni');
  fs.mkdirSync(base, { recursive: true });
  fs.chmodSync(options.dir, 0o755);
  fs.chmodSync(base, 0o755);
  const secret = () => crypto.randomBytes(18).toString('base64url');
  const passwords = { superuser: secret(), replication: secret(), app: secret(), restapi: secret() };

  const etcdPorts = { client: await freePort(), peer: await freePort() };
  const etcdChild = spawnLogged('etcd', options.logs, ['/usr/bin/etcd'], {
    env: {
      PATH: '/usr/bin:/bin',
      ...readEnvFile(path.join(DEPLOY, 'etcd.env')),
      ETCD_NAME: 'etcd1',
      ETCD_DATA_DIR: path.join(base, 'etcd'),
      ETCD_LISTEN_PEER_URLS: `http://${HOST}:${etcdPorts.peer}`,
      ETCD_INITIAL_ADVERTISE_PEER_URLS: `http://${HOST}:${etcdPorts.peer}`,
      ETCD_INITIAL_CLUSTER: `etcd1=http://${HOST}:${etcdPorts.peer}`,
      ETCD_LISTEN_CLIENT_URLS: `http://${HOST}:${etcdPorts.client}`,
      ETCD_ADVERTISE_CLIENT_URLS: `http://${HOST}:${etcdPorts.client}`,
    },
  });
  const etcdHealthy = async () => {
    if (exited(etcdChild)) throw new Error(`etcd exited while starting; see ${options.logs}/etcd.log`);
    return (await getJson(etcdPorts.client, '/health'))?.body?.health === 'true';
  };
  await waitUntil(etcdHealthy, 20_000, 'etcd');

  const nodes: PatroniNode[] = [];
  for (const name of NODE_NAMES) nodes.push({ name, host: HOST, pgPort: await freePort(), apiPort: await freePort() });
  const children = new Map<string, ChildProcess>();
  const home = (name: string) => path.join(base, name);
  const dataDir = (name: string) => path.join(home(name), 'data');

  const startNode = (node: PatroniNode) => {
    const env = {
      // Nothing inherited: the node sees what a production node's /etc/patroni_env.conf would give it.
      PATH: '/usr/bin:/bin',
      HOME: home(node.name),
      LANG: 'C.UTF-8',
      PATRONI_NAME: node.name,
      PATRONI_RESTAPI_LISTEN: `${HOST}:${node.apiPort}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `${HOST}:${node.apiPort}`,
      PATRONI_RESTAPI_USERNAME: 'patroni',
      PATRONI_RESTAPI_PASSWORD: passwords.restapi,
      PATRONI_POSTGRESQL_LISTEN: `${HOST}:${node.pgPort}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `${HOST}:${node.pgPort}`,
      PATRONI_POSTGRESQL_DATA_DIR: dataDir(node.name),
      PATRONI_POSTGRESQL_PGPASS: path.join(home(node.name), 'pgpass'),
      PATRONI_ETCD3_HOSTS: `'${HOST}:${etcdPorts.client}'`,
      PATRONI_SUPERUSER_PASSWORD: passwords.superuser,
      PATRONI_REPLICATION_PASSWORD: passwords.replication,
      PAYMENTS_DB_PASSWORD: passwords.app,
    };
    const command = ['/usr/bin/patroni', path.join(DEPLOY, 'patroni.yml')];
    children.set(node.name, spawnLogged(node.name, options.logs, command, { env, cwd: home(node.name), ...owner }));
  };
  for (const node of nodes) {
    fs.mkdirSync(home(node.name), { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(home(node.name), owner.uid, owner.gid);
    dataDirs.set(dataDir(node.name), node.pgPort);
    startNode(node);
  }

  const byName = (name: string) => {
    const node = nodes.find((n) => n.name === name);
    if (!node) throw new Error(`No Patroni node ${name}`);
    return node;
  };
  const superuserUrl = (port: number) =>
    `postgres://postgres:${encodeURIComponent(passwords.superuser)}@${HOST}:${port}/postgres`;
  const appUser = { user: 'payments', password: passwords.app, database: 'payments' };
  const appUrl = (port: number) =>
    `postgres://${appUser.user}:${encodeURIComponent(appUser.password)}@${HOST}:${port}/${appUser.database}`;

  const members = async (): Promise<PatroniMember[]> => {
    for (const node of nodes) {
      const answer = await getJson(node.apiPort, '/cluster');
      if (answer?.body?.members) return answer.body.members as PatroniMember[];
    }
    return [];
  };
  const leader = async (): Promise<string | null> => {
    const answers = await Promise.all(nodes.map((n) => getJson(n.apiPort, '/primary')));
    return nodes.find((_, i) => answers[i]?.status === 200)?.name ?? null;
  };
  const waitForLeader = async (timeoutMs: number, not?: string): Promise<string> => {
    let found: string | null = null;
    const elected = async () => (found = await leader()) !== null && found !== not;
    await waitUntil(elected, timeoutMs, not ? `a leader other than ${not}` : 'a leader');
    return found!;
  };
  /** The leader's standbys that stream, by name (Patroni sets application_name to the member's name). */
  const streaming = (leaderName: string) =>
    queryOnce<{ application_name: string; sync_state: string }>(
      superuserUrl(byName(leaderName).pgPort),
      `SELECT application_name, sync_state FROM pg_stat_replication WHERE state = 'streaming'`,
    ).catch(() => []);
  /** `name` is a running replica (says the REST API) that streams from the leader (says the leader). */
  const replicating = async (name: string, leaderName: string) =>
    (await members()).some((m) => m.name === name && m.state === 'running' && m.role !== 'leader') &&
    (await streaming(leaderName)).some((r) => r.application_name === name);
  /** Every node up: a leader, the others replicas streaming from it, one of them synchronous. */
  const healthy = async () => {
    const name = await leader();
    if (!name) return false;
    const sync = (await members()).find((m) => m.role === 'sync_standby');
    const syncStreams = (await streaming(name)).some(
      (r) => r.application_name === sync?.name && r.sync_state === 'sync',
    );
    const others = nodes.filter((n) => n.name !== name);
    return syncStreams && (await Promise.all(others.map((n) => replicating(n.name, name)))).every(Boolean);
  };

  const cluster: PatroniCluster = {
    nodes,
    superuserUrl,
    appUser,
    appUrl,
    members,
    leader,
    waitForLeader,
    async killPrimary(what) {
      const name = await leader();
      if (!name) throw new Error('killPrimary: there is no leader');
      const child = children.get(name)!;
      if (what === 'machine') signal(-child.pid!, 'SIGKILL');
      const postmaster = what === 'machine' ? killPostmaster(dataDir(name)) : postmasterOf(dataDir(name));
      if (what === 'postgres' && postmaster) signal(postmaster, 'SIGKILL');
      const killedAt = Date.now();
      const gone = () => (what === 'postgres' || exited(child)) && !(postmaster && isAlive(postmaster));
      await waitUntil(gone, 10_000, `${name} to die`);
      return { name, killedAt };
    },
    async restart(name) {
      const child = children.get(name);
      if (!child || exited(child)) startNode(byName(name));
      // Whole again only with a synchronous standby named: until then (strict synchronous mode) a
      // crashed primary has no node to fail over to and is restarted where it is.
      const rejoined = async () => {
        const current = await leader();
        if (current === null || current === name || !(await replicating(name, current))) return false;
        return (await members()).some((m) => m.role === 'sync_standby' && m.state === 'running');
      };
      await waitUntil(rejoined, 90_000, `${name} to rejoin as a replica, with a synchronous standby`);
    },
    async stop() {
      // Patroni stops its PostgreSQL (fast shutdown) on SIGTERM; anything left is SIGKILLed.
      await Promise.all([...children.values()].map((c) => stopChild(c, 20_000)));
      for (const node of nodes) {
        killPostmaster(dataDir(node.name));
        dataDirs.delete(dataDir(node.name));
        removeSocket(node.pgPort);
      }
      await stopChild(etcdChild, 5_000);
      fs.rmSync(base, { recursive: true, force: true });
    },
  };

  try {
    await waitUntil(healthy, 120_000, 'a leader and two streaming replicas, one synchronous');
    const primary = byName((await leader())!);
    // The app's role and database exist (post_bootstrap) and its password works over TCP (scram).
    await queryOnce(appUrl(primary.pgPort), 'SELECT 1');
  } catch (error) {
    await cluster.stop().catch(() => killPatroni());
    throw error;
  }
  return cluster;
}
