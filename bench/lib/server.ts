import { spawn } from 'node:child_process';
import { freePort } from '../../lib/platform/db/embedded';
import { require_next } from '../../scripts/lib/next-build';

export interface BenchServer {
  baseUrl: string;
  pid: number;
  /** The last lines next wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_LIMIT = 16_384;

/**
 * `next start` on a free port of 127.0.0.1, with request logging off (LOG_LEVEL=silent) so the
 * benchmark measures the service, not stdout. Resolves once `readyPath` answers 200.
 */
export async function startServer(options: {
  readyPath: string;
  env?: Record<string, string>;
  /** Flags for node itself, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), require_next(), 'start', '-p', String(port), '-H', '127.0.0.1'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The per-key rate limit stays on (its counter is part of every merchant request's cost) but out of reach.
      env: {
        API_KEY_RATE_LIMIT_PER_MINUTE: '100000000',
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS).unref());
    if ((await Promise.race([exited, timer])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`next start exited before it was ready:\n${output}`);
    const status = await statusOf(`${baseUrl}${options.readyPath}`);
    if (status === 200) return { baseUrl, pid: child.pid!, output: () => output, stop };
    if (status !== null) {
      await stop();
      throw new Error(`GET ${options.readyPath} answered ${status}: is the route in the build?\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`next start did not answer ${options.readyPath} within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/** The status of a GET, or null while nothing listens (or it does not answer within 2 s). */
async function statusOf(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}
