import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from './api';

/**
 * The service over real HTTP on a free port of 127.0.0.1: each request handed to its route handler,
 * as `next start` would. For programs run in their own process (the docs' samples, the packed client).
 */
export async function startHttpService(): Promise<{ base: string; close: () => Promise<void> }> {
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await dispatch(new Request(`${base}${req.url}`, { method: req.method, headers, body }));
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
