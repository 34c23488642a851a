import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { require_next } from '../../scripts/lib/next-build';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A second `next start` of the same build and database, on a port of its own, with some settings
 * changed (its public URL `http://<host>:<port>`, the host `127.0.0.1` unless said): for what the
 * shared server's settings cannot show (a domain name for passkeys, a database started by hand).
 */
export async function startSecondServer(
  options: { host?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [require_next(), 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), API_BASE_URL: url, CHECKOUT_BASE_URL: url, ...options.env },
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((res) => res.status < 500)
      .catch(() => false);
    if (up) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the second server did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
