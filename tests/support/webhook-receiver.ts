import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { envelopeOf } from '../../lib/notifications/webhooks/envelope';
import { checkTimestamps } from './timestamps';
import { checkDeliverySignatures } from './webhook-signatures';

/** The body of every delivery (lib/notifications/webhooks/envelope.ts). */
export type WebhookEnvelope = ReturnType<typeof envelopeOf>;

/**
 * A real HTTP server on 127.0.0.1 (a free port) standing in for a merchant's webhook receiver. It
 * records every request as received (raw body, headers, time) and answers with what `respond` says:
 * a status, headers and body, after an optional delay, or never (`hang`).
 */
export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as sent: what signatures are verified on. */
  raw: string;
  /** The body parsed as JSON: the service sends the envelope (null when it is not JSON). */
  json: WebhookEnvelope | null;
  receivedAt: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Never answer (the connection stays open until the client gives up or the receiver closes). */
  hang?: boolean;
  /** Send the status line, headers and `body`, then never finish the response. */
  stall?: boolean;
}

export type Responder = (request: ReceivedWebhook, index: number) => Reply | Promise<Reply>;

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Replaces how the receiver answers from now on. */
  respondWith(responder: Responder | Reply): void;
  /** Resolves when `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

const open = new Set<Receiver>();

export async function startReceiver(
  responder: Responder | Reply = { status: 200 },
  path = '/hooks',
): Promise<Receiver> {
  let respond: Responder = typeof responder === 'function' ? responder : () => responder;
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let json: WebhookEnvelope | null = null;
      try {
        json = JSON.parse(raw) as WebhookEnvelope;
      } catch {
        // not JSON
      }
      const entry: ReceivedWebhook = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        raw,
        json,
        receivedAt: Date.now(),
      };
      await checkDeliverySignatures(`http://127.0.0.1:${port}${entry.path}`, raw, req.headers);
      const index = received.push(entry) - 1;
      for (const w of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      let reply: Reply;
      try {
        reply = await respond(entry, index);
      } catch {
        reply = { status: 500 };
      }
      if (reply.hang) return;
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      if (reply.stall) res.write(reply.body ?? ' ');
      else res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    respondWith(next) {
      respond = typeof next === 'function' ? next : () => next;
    },
    waitFor(count, timeoutMs = 10_000) {
      // Deliveries are answers of the API too: a timestamp off spec 2.1's form fails the waiting test.
      const checked = () => {
        for (const r of received) checkTimestamps(r.json, `webhook delivery ${r.path}`);
        return received;
      };
      if (received.length >= count) return Promise.resolve().then(checked);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            try {
              resolve(checked());
            } catch (error) {
              reject(error);
            }
          },
        });
      });
    },
    async close() {
      open.delete(receiver);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.add(receiver);
  return receiver;
}

/** Closes every receiver still open (call in afterEach/afterAll). */
export async function closeAllReceivers(): Promise<void> {
  await Promise.all([...open].map((r) => r.close()));
}

/** A loopback port nothing listens on (a server was bound to it and closed). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
