import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { stopServer } from '../../scripts/lib/graceful-stop';
import { DRAIN_MESSAGE } from '../../lib/platform/ops/draining';

/**
 * A real child process with an IPC channel stands in for `next start`: it notes when it is told to
 * drain and when SIGTERM comes, and exits 7 a moment after SIGTERM (or never, if told to ignore it).
 */
function child(options: { ignoreTerm?: boolean } = {}): Promise<{ process: ChildProcess; lines: string[] }> {
  const code = `
    let drainedAt = null;
    process.on('message', (m) => { if (m === ${JSON.stringify(DRAIN_MESSAGE)}) { drainedAt = Date.now(); console.log('drain'); } });
    process.on('SIGTERM', () => {
      console.log('term ' + (drainedAt === null ? -1 : Date.now() - drainedAt));
      if (!${options.ignoreTerm === true}) setTimeout(() => process.exit(7), 50);
    });
    setInterval(() => {}, 1000);
    process.send('ready');
  `;
  const started = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  running.push(started);
  const lines: string[] = [];
  started.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  return new Promise((resolve) => started.once('message', () => resolve({ process: started, lines })));
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.kill('SIGKILL');
});

describe('stopServer: the web server leaves the balancer before it closes', () => {
  it('tells it to drain, waits the drain, then SIGTERM, and resolves with its exit code', async () => {
    const { process: server, lines } = await child();
    const began = Date.now();
    const code = await stopServer(server, { drainMs: 300, graceMs: 5_000 });
    expect(code).toBe(7);
    expect(Date.now() - began).toBeGreaterThanOrEqual(300);
    expect(lines[0]).toBe('drain');
    const [, afterDrain] = lines[1]!.split(' ');
    // SIGTERM came only once the drain had run its course.
    expect(Number(afterDrain)).toBeGreaterThanOrEqual(280);
  });

  it('kills a server that does not stop within the grace time', async () => {
    const { process: server } = await child({ ignoreTerm: true });
    const code = await stopServer(server, { drainMs: 50, graceMs: 300 });
    expect(code).toBeNull();
    expect(server.signalCode).toBe('SIGKILL');
  });

  it('with no drain time, SIGTERM at once', async () => {
    const { process: server, lines } = await child();
    expect(await stopServer(server, { drainMs: 0, graceMs: 5_000 })).toBe(7);
    expect(lines).toEqual(['term -1']);
  });

  it('a server already gone: nothing to do', async () => {
    const { process: server } = await child();
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    expect(await stopServer(server, { drainMs: 1_000, graceMs: 1_000 })).toBeNull();
  });
});
