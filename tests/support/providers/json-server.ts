import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP part every provider contract server shares: a real server on 127.0.0.1 (a free port) that
 * records each request and answers what the provider's handler says. Faults a test injects (a 5xx,
 * a delay, a hang) are applied here, before the handler, so each provider's file is only its contract.
 */
export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The caller's IP address as the socket saw it (for providers that allow-list callers). */
  remoteAddress: string;
  raw: string;
  /** The body parsed as JSON, or null. */
  json: unknown;
}

export interface ProviderReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Fault =
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'delay'; ms: number }
  /** Never answer: the client must time out. */
  | { kind: 'hang' }
  /** Do the work, then never answer: the request took effect but the caller cannot know. */
  | { kind: 'hang_after' }
  /** Do the work, then cut the connection: the answer is lost on the way (a fault injection, not provider behaviour). */
  | { kind: 'drop_after' };

export interface JsonServer {
  url: string;
  requests: ProviderRequest[];
  /** The next `times` requests whose path matches get `fault`. */
  inject(fault: Fault, options?: { times?: number; path?: RegExp }): void;
  /** Injected faults as they were applied, in order (which request each one hit, and when). */
  applied: { fault: Fault; method: string; path: string; at: number }[];
  close(): Promise<void>;
}

export async function startJsonServer(
  handle: (request: ProviderRequest) => ProviderReply | Promise<ProviderReply>,
  /** A fixed port, for a server another process was told about in advance (browser tests); any free one by default. */
  port = 0,
): Promise<JsonServer> {
  const requests: ProviderRequest[] = [];
  const faults: { fault: Fault; times: number; path?: RegExp }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const applied: JsonServer['applied'] = [];

  const takeFault = (path: string): Fault | null => {
    const found = faults.find((f) => !f.path || f.path.test(path));
    if (!found) return null;
    if (--found.times <= 0) faults.splice(faults.indexOf(found), 1);
    return found.fault;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const raw = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = raw ? JSON.parse(raw) : null;
        } catch {
          json = null;
        }
        const request = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          remoteAddress: req.socket.remoteAddress ?? '',
          raw,
          json,
        };
        requests.push(request);
        const fault = takeFault(url.pathname);
        if (fault) applied.push({ fault, method: request.method, path: request.path, at: Date.now() });
        if (fault?.kind === 'hang') return void hanging.add(res);
        if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms));
        if (fault?.kind === 'status')
          return send(res, { status: fault.status, body: fault.body ?? { message: 'fault injected' } });
        const reply = await handle(request);
        if (fault?.kind === 'hang_after') return void hanging.add(res);
        if (fault?.kind === 'drop_after') return void res.socket?.destroy();
        send(res, reply);
      })().catch((error: unknown) => send(res, { status: 500, body: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    inject: (fault, options = {}) => faults.push({ fault, times: options.times ?? 1, path: options.path }),
    applied,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: http.ServerResponse, reply: ProviderReply) {
  const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(body);
}
