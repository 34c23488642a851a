import type { Db } from '../../platform/db/client';
import { getDb, getSql } from '../../platform/db/client';
import { config } from '../../platform/config';
import { failureFields } from '../../platform/db/unavailable';
import { log } from '../../platform/log';
import { inCallSpan } from '../../platform/tracing/spans';
import { computeStandardSignature, computeWebhookSignature } from './verify';
import { sendWebhook, type SendResult } from './send';
import { envelopeOf } from './envelope';
import { reservedLoopbackPorts } from './loopback';
import {
  leaseNeededToSend,
  claimDue,
  PER_ENDPOINT_CLAIM,
  PER_ENDPOINT_IN_FLIGHT,
  releaseClaims,
  type ClaimedDelivery,
} from './claim';
import { AttemptRecorder, recordAttempt } from './record';

export { claimDue, PER_ENDPOINT_IN_FLIGHT, type ClaimedDelivery } from './claim';

export const USER_AGENT = 'MerchantPayments-Webhooks/1';

/** The signature header: one `v1` per secret (two during a rotation), over this attempt's timestamp. */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${computeWebhookSignature(s, timestamp, body)}`)].join(',');
}

/** The Standard Webhooks signature header: `v1,<base64>` per secret, separated by spaces. */
export function standardSignatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => `v1,${computeStandardSignature(s, id, timestamp, body)}`).join(' ');
}

/**
 * The attributes of an attempt's span. It is a trace of its own, linked to nothing: the dispatcher
 * sends from the delivery rows, seconds to days after the request or job that recorded the event, in
 * whichever worker claims it. Continuing that trace would mean storing its context on every event or
 * delivery (a column, a migration, bytes per row) for one link; the event id names the event instead.
 */
const sendAttributes = (delivery: ClaimedDelivery) => ({
  'webhook.endpoint.id': delivery.endpointId,
  'webhook.event.id': delivery.event.id,
  'webhook.event.type': delivery.event.eventType,
  'webhook.delivery.id': delivery.id,
  'webhook.delivery.attempt': delivery.attemptCount + 1,
});

/** Sends one claimed delivery (signed with a fresh timestamp); records nothing. */
export function sendClaimed(delivery: ClaimedDelivery, now: Date = new Date()): Promise<SendResult> {
  const body = JSON.stringify(envelopeOf(delivery.event));
  const timestamp = Math.floor(now.getTime() / 1000);
  return inCallSpan('webhook.send', sendAttributes(delivery), () => postSigned(delivery, body, timestamp));
}

function postSigned(delivery: ClaimedDelivery, body: string, timestamp: number): Promise<SendResult> {
  return sendWebhook(
    delivery.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-webhook-id': delivery.event.id,
      'x-webhook-event': delivery.event.eventType,
      'x-webhook-attempt': String(delivery.attemptCount + 1),
      'x-webhook-signature': signatureHeader(delivery.secrets, timestamp, body),
      // The same delivery signed as Standard Webhooks says (its id is the event's, the same on every retry).
      'webhook-id': delivery.event.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': standardSignatureHeader(delivery.secrets, delivery.event.id, timestamp, body),
    },
    {
      // Only test endpoints may opt in (the claim reads allow_loopback as false for a live one).
      allowLoopback: delivery.allowLoopback,
      reservedLoopbackPorts: reservedLoopbackPorts(),
      timeoutMs: config().WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
  );
}

/** Sends one claimed delivery and records the attempt; returns what happened. */
export async function deliverClaimed(
  db: Db,
  delivery: ClaimedDelivery,
  options: { now?: () => Date } = {},
): Promise<SendResult> {
  const clock = options.now ?? (() => new Date());
  const result = await sendClaimed(delivery, clock());
  await recordAttempt(db, { delivery, result, at: clock() });
  return result;
}

/** Claims and delivers everything due now, waiting for all of it (tests, scripts). */
export async function deliverDueNow(
  db: Db = getDb(),
  options: { now?: Date; limit?: number } = {},
): Promise<SendResult[]> {
  const claimed = await claimDue(db, { limit: options.limit ?? 100, now: options.now });
  return Promise.all(claimed.map((d) => deliverClaimed(db, d, options.now ? { now: () => options.now! } : {})));
}

export interface RunningDispatcher {
  stop(): Promise<void>;
}

/** A dispatcher holds at most this many claimed deliveries per allowed in-flight one. */
const HELD_PER_SLOT = 4;

/**
 * The delivery loop of a worker process.
 *
 * - It claims deliveries in batches (up to PER_ENDPOINT_CLAIM per endpoint) and keeps them in a
 *   queue per endpoint, sending at most PER_ENDPOINT_IN_FLIGHT of an endpoint and
 *   WEBHOOK_CONCURRENCY in all at once; a finished send starts the next one straight away.
 * - Attempts are recorded by group commit (AttemptRecorder), apart from the sending: a finished
 *   attempt leaves its endpoint's line at once, and its lease holds until it is recorded.
 * - It is woken by NOTIFY webhook_deliveries (a new event), by an endpoint's line running short, by a
 *   recording when it held all it may, or once a second (retries due). A queued delivery whose lease
 *   would run out before its attempt could finish is given back.
 */
export async function startWebhookDispatcher(): Promise<RunningDispatcher> {
  const db = getDb();
  const claimer = crypto.randomUUID();
  const concurrency = config().WEBHOOK_CONCURRENCY;
  const queues = new Map<string, ClaimedDelivery[]>();
  const sendingTo = new Map<string, number>();
  const unfinished = new Set<Promise<unknown>>(); // sent or being sent, not yet recorded
  let sending = 0;
  let held = 0; // claimed and not yet recorded or given back
  let stopped = false;
  // Set by every wake-up; a wake-up while claiming is not lost, the loop just does not sleep.
  let signalled = false;
  let waiter: (() => void) | null = null;
  const wake = () => {
    signalled = true;
    waiter?.();
  };
  // Recording frees room only when the process holds all it may.
  const recorder = new AttemptRecorder(db, () => {
    if (held >= concurrency * HELD_PER_SLOT) wake();
  });
  /** Each endpoint's line here: queued and sending (finished attempts waiting to be recorded are not in it). */
  const lines = () => {
    const counts = new Map(sendingTo);
    for (const [endpointId, queue] of queues) counts.set(endpointId, (counts.get(endpointId) ?? 0) + queue.length);
    return counts;
  };
  const listener = await getSql().listen('webhook_deliveries', () => wake());

  const giveBack = (deliveries: ClaimedDelivery[]) => {
    held -= deliveries.length;
    releaseClaims(db, deliveries).catch((error: unknown) =>
      log.warn('webhook claims not given back', failureFields(error)),
    );
  };

  const send = (delivery: ClaimedDelivery) => {
    sending += 1;
    sendingTo.set(delivery.endpointId, (sendingTo.get(delivery.endpointId) ?? 0) + 1);
    const work: Promise<unknown> = sendClaimed(delivery)
      .then((result) => {
        sending -= 1;
        const stillSending = sendingTo.get(delivery.endpointId)! - 1;
        if (stillSending > 0) sendingTo.set(delivery.endpointId, stillSending);
        else sendingTo.delete(delivery.endpointId);
        startSends();
        // Half this endpoint's line is gone: claim more before it runs dry (a claim takes milliseconds).
        if ((queues.get(delivery.endpointId)?.length ?? 0) + stillSending <= PER_ENDPOINT_CLAIM / 2) wake();
        return recorder.record({ delivery, result, at: new Date() });
      })
      .catch((error: unknown) =>
        log.warn('webhook delivery failed to record', { delivery_id: delivery.id, ...failureFields(error) }),
      )
      .finally(() => {
        held -= 1;
        unfinished.delete(work);
      });
    unfinished.add(work);
  };

  /** Starts every queued delivery the limits allow, endpoints taking turns. */
  const startSends = () => {
    if (stopped) return;
    const tooLate: ClaimedDelivery[] = [];
    let started = true;
    while (started && sending < concurrency) {
      started = false;
      for (const [endpointId, queue] of queues) {
        if (sending >= concurrency) break;
        if ((sendingTo.get(endpointId) ?? 0) >= PER_ENDPOINT_IN_FLIGHT) continue;
        const next = queue.shift();
        if (queue.length === 0) queues.delete(endpointId);
        if (!next) continue;
        if (next.lockedUntil.getTime() - Date.now() < leaseNeededToSend()) tooLate.push(next);
        else send(next);
        started = true;
      }
    }
    if (tooLate.length > 0) giveBack(tooLate);
  };

  const loop = (async () => {
    while (!stopped) {
      signalled = false;
      const room = concurrency * HELD_PER_SLOT - held;
      let claimed: ClaimedDelivery[] = [];
      if (room > 0) {
        try {
          claimed = await claimDue(db, { limit: room, claimer, perEndpoint: PER_ENDPOINT_CLAIM, queued: lines() });
        } catch (error) {
          // The database away (a restart): the next round, a second later, tries again.
          log.warn('webhook claim failed', failureFields(error));
        }
      }
      held += claimed.length;
      for (const delivery of claimed) {
        const queue = queues.get(delivery.endpointId);
        if (queue) queue.push(delivery);
        else queues.set(delivery.endpointId, [delivery]);
      }
      startSends();
      if ((room > 0 && claimed.length === room) || signalled) continue; // there may be more waiting
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiter = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
      const unsent = [...queues.values()].flat();
      queues.clear();
      await releaseClaims(db, unsent).catch(() => {});
      await Promise.allSettled([...unfinished]);
      await listener.unlisten().catch(() => {});
    },
  };
}
