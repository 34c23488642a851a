import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../lib/notifications/webhooks/verify';

/**
 * Merchants' webhook receivers on 127.0.0.1, each with a temperament:
 * - `steady` answers 200 at once;
 * - `slow` takes 0.1–0.7 s (with the dispatcher's 4 deliveries in flight per endpoint, about 10 a second);
 * - `flaky` fails (500) for 3 s every 20 s, then recovers;
 * - `hangable` is steady until a fault makes it hang: it then holds every request without answering.
 * Each keeps the ids of the events it received with a valid signature, per endpoint secret.
 */
export type Temperament = 'steady' | 'slow' | 'flaky' | 'hangable';

export interface Receiver {
  name: string;
  temperament: Temperament;
  url: string;
  /** Signing secrets of the endpoints that post here, by URL path (one path per endpoint). */
  secrets: Map<string, string>;
  /** Event ids received with a valid signature, by URL path. */
  received: Map<string, Set<string>>;
  badSignatures: number;
  answered: { ok: number; failed: number; held: number };
  /** Arrival times (ms since the epoch) of signed deliveries, for recovery times. */
  arrivals: number[];
  hang(untilMs: number): void;
  stop(): Promise<void>;
}

const FLAKY_PERIOD_MS = 20_000;
const FLAKY_DOWN_MS = 3_000;

export async function startReceiver(name: string, temperament: Temperament, random: () => number): Promise<Receiver> {
  let hangUntil = 0;
  const held = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    name,
    temperament,
    url: '',
    secrets: new Map(),
    received: new Map(),
    badSignatures: 0,
    answered: { ok: 0, failed: 0, held: 0 },
    arrivals: [],
    hang: (untilMs) => (hangUntil = untilMs),
    stop: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (Date.now() < hangUntil) {
        // Holds the request: the dispatcher's time-out is what ends it.
        receiver.answered.held++;
        held.add(res);
        res.on('close', () => held.delete(res));
        return;
      }
      if (temperament === 'flaky' && Date.now() % FLAKY_PERIOD_MS < FLAKY_DOWN_MS) {
        receiver.answered.failed++;
        res.writeHead(500).end('down for a moment');
        return;
      }
      const raw = Buffer.concat(chunks);
      const route = new URL(req.url ?? '/', 'http://x').pathname;
      const secret = receiver.secrets.get(route);
      if (!secret || !verifyWebhookSignature(raw, req.headers['x-webhook-signature'] as string | undefined, secret)) {
        receiver.badSignatures++;
        res.writeHead(400).end('bad signature');
        return;
      }
      const eventId = String(req.headers['x-webhook-id']);
      const answer = () => {
        let seen = receiver.received.get(route);
        if (!seen) receiver.received.set(route, (seen = new Set()));
        seen.add(eventId);
        receiver.arrivals.push(Date.now());
        receiver.answered.ok++;
        res.writeHead(200).end('ok');
      };
      if (temperament === 'slow') setTimeout(answer, 100 + random() * 600);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
