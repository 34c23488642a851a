import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopServer } from '../../scripts/lib/graceful-stop';
import { DRAIN_MESSAGE, FLUSH_MESSAGE, FLUSHED_MESSAGE } from '../../lib/platform/ops/draining';

/**
 * A real child process with an IPC channel stands in for `next start`: it notes when it is told to
 * drain, to flush (and answers) and when SIGTERM comes, and exits 7 a moment after SIGTERM (or never, if
 * told to ignore it).
 */
function child(
  options: { ignoreTerm?: boolean; silent?: boolean } = {},
): Promise<{ process: ChildProcess; lines: string[] }> {
  const code = `
    let drainedAt = null;
    process.on('message', (m) => {
      if (m === ${JSON.stringify(DRAIN_MESSAGE)}) { drainedAt = Date.now(); console.log('drain'); }
      if (m === ${JSON.stringify(FLUSH_MESSAGE)}) { console.log('flush'); if (!${options.silent === true}) process.send(${JSON.stringify(FLUSHED_MESSAGE)}); }
    });
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
    expect(lines.slice(0, 2)).toEqual(['drain', 'flush']);
    const [, afterDrain] = lines[2]!.split(' ');
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
    expect(lines).toEqual(['flush', 'term -1']);
  });

  it('a server already gone: nothing to do', async () => {
    const { process: server } = await child();
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    expect(await stopServer(server, { drainMs: 1_000, graceMs: 1_000 })).toBeNull();
  });

  it('a server that never answers the flush gets SIGTERM 2 s later all the same', async () => {
    const { process: server, lines } = await child({ silent: true });
    const began = Date.now();
    expect(await stopServer(server, { drainMs: 0, graceMs: 5_000 })).toBe(7);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_900);
    expect(lines).toEqual(['flush', 'term -1']);
  });

  it("sends the server's buffered spans before SIGTERM, on which it exits at once as Next does", async () => {
    const received: string[] = [];
    const collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    // The real tracer and drain listener, as instrumentation.ts wires them; the batch processor
    // waits 5 s before it sends, so without the flush the span dies with the process.
    const code = `
      const { startTracing } = await import(${JSON.stringify(path.resolve('lib/platform/ops/tracing.ts'))});
      const { listenForDrain } = await import(${JSON.stringify(path.resolve('lib/platform/ops/draining.ts'))});
      const { trace } = await import('@opentelemetry/api');
      const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: ${JSON.stringify(endpoint)} }, 'web');
      listenForDrain(async () => tracing.flush());
      process.on('SIGTERM', () => process.exit(143));
      trace.getTracer('probe').startSpan('the last request').end();
      setInterval(() => {}, 1000);
      process.send('ready');
    `;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    running.push(server);
    try {
      await new Promise((resolve) => server.once('message', resolve));
      expect(await stopServer(server, { drainMs: 50, graceMs: 5_000 })).toBe(143);
      expect(received.join('\n')).toContain('the last request');
    } finally {
      collector.close();
    }
  }, 30_000);
});
