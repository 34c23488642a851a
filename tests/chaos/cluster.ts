import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, isAlive } from '../../lib/platform/db/embedded';
import { readUnit, type Unit } from './units';

/**
 * The service's own processes as they run in production: web instances (`next start`) and workers
 * (`npm run worker`), each its own process group so that a SIGKILL takes the whole process down the
 * way a crash would, and can be started again on the same port. (PostgreSQL: database.ts; the
 * balancer: haproxy.ts.)
 */
export interface Processes {
  name: string;
  alive(): boolean;
  kill(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Process groups still running, for a last-resort stop when the run is cut short. */
const running = new Set<number>();

export function killEverything(): void {
  for (const pid of running) signal(-pid, 'SIGKILL');
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export function logFile(dir: string, name: string): fs.WriteStream {
  fs.mkdirSync(dir, { recursive: true });
  return fs.createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
}

/** A child in its own process group, restartable; `ready` resolves once it serves. */
function service(options: {
  name: string;
  unit: Unit;
  /** The release's directory (the unit's WorkingDirectory): this checkout, or an older build's. */
  cwd: string;
  env: Record<string, string>;
  logs: string;
  ready: (output: string) => Promise<boolean> | boolean;
}): Processes {
  const log = logFile(options.logs, options.name);
  let child: ChildProcess | null = null;
  let exited = true;
  let output = '';
  const processes: Processes = {
    name: options.name,
    alive: () => !exited,
    kill() {
      if (child?.pid && !exited) process.kill(-child.pid, 'SIGKILL');
    },
    async start() {
      output = '';
      exited = false;
      log.write(`--- ${new Date().toISOString()} start\n`);
      const started = spawn(process.execPath, options.unit.args, {
        cwd: options.cwd,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...options.env, ...options.unit.env },
      });
      child = started;
      running.add(started.pid!);
      const keep = (chunk: Buffer) => {
        log.write(chunk);
        output = (output + chunk.toString('utf8')).slice(-8_192);
      };
      started.stdout!.on('data', keep);
      started.stderr!.on('data', keep);
      started.once('exit', (code, signal) => {
        running.delete(started.pid!);
        if (child === started) exited = true;
        log.write(`--- ${new Date().toISOString()} exit ${code ?? signal}\n`);
      });
      await waitUntil(
        async () => {
          if (exited) throw new Error(`${options.name} exited while starting:\n${output}`);
          return options.ready(output);
        },
        60_000,
        `${options.name} to start`,
      );
    },
    async stop() {
      if (!child?.pid || exited) return;
      const pid = child.pid;
      // As systemd stops the unit. KillMode=mixed: SIGTERM to the main process alone, which stops its
      // own children (a web instance drains first), and SIGKILL to whatever is left once it exited.
      // control-group (the default): SIGTERM to every process, then wait for all of them.
      const mixed = options.unit.killMode === 'mixed';
      signal(mixed ? pid : -pid, 'SIGTERM');
      await waitUntil(
        // A negative pid names the whole process group.
        () => exited && (mixed || !isAlive(-pid)),
        options.unit.stopTimeoutMs,
        `${options.name} to stop`,
      ).catch(() => {});
      signal(-pid, 'SIGKILL');
    },
  };
  return processes;
}

export type WebInstance = Processes & { url: string };

/** A release to run: its directory and how the report names it. */
export interface Release {
  dir: string;
  label: string;
}

export const THIS_CHECKOUT: Release = { dir: process.cwd(), label: 'this checkout' };

export async function webInstance(
  name: string,
  env: Record<string, string>,
  logs: string,
  options: { release?: Release; port?: number } = {},
): Promise<WebInstance> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const processes = service({
    name,
    // As deploy/systemd/payments-web.service starts one (scripts/start.ts: settings, migrations, next start).
    unit: readUnit('payments-web.service', (options.release ?? THIS_CHECKOUT).dir),
    cwd: (options.release ?? THIS_CHECKOUT).dir,
    env: { ...env, PORT: String(port) },
    logs,
    // Listening is enough: while the database is down it answers 503, which is what a balancer sees.
    ready: async () => {
      try {
        await fetch(`${url}/api/ping`, { signal: AbortSignal.timeout(1_000) });
        return true;
      } catch {
        return false;
      }
    },
  });
  return { ...processes, url };
}

export function workerProcess(name: string, env: Record<string, string>, logs: string, release = THIS_CHECKOUT) {
  return service({
    name,
    // As deploy/systemd/payments-worker.service does: Node with tsx as a loader, one process.
    unit: readUnit('payments-worker.service', release.dir),
    cwd: release.dir,
    env,
    logs,
    ready: (output) => /Worker \S+ running/.test(output),
  });
}

export async function waitUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
}
