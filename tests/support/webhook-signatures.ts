import type http from 'node:http';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { getDb } from '../../lib/platform/db/client';

/**
 * Every delivery a test receiver gets is verified with the libraries merchants use, not ours: Stripe's
 * `constructEvent` on `X-Webhook-Signature` and Standard Webhooks' `Webhook.verify` on `webhook-*`,
 * under the secrets its endpoint holds when it arrives. A delivery either refuses is kept here, and
 * the file's run fails (tests/support/database-per-file.ts).
 */

const stripe = new Stripe('sk_test_verification_only');
const TOLERANCE_SECONDS = 300;
const failures: string[] = [];

/** What no library verified, over the file's run (its deliveries' id and url, and why). */
export const signatureFailures = (): readonly string[] => failures;

const header = (headers: http.IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Stripe's check; a delivery signed under a test clock far from now is checked at its own time. */
function stripeVerifies(raw: string, signature: string, secret: string, timestamp: number): boolean {
  const now = Math.floor(Date.now() / 1000);
  const receivedAt = Math.abs(now - timestamp) <= TOLERANCE_SECONDS ? now : timestamp;
  try {
    stripe.webhooks.constructEvent(raw, signature, secret, TOLERANCE_SECONDS, undefined, receivedAt);
    return true;
  } catch {
    return false;
  }
}

/** Standard Webhooks' check; under a test clock, its own signing compared with what was sent. */
function standardVerifies(raw: string, headers: http.IncomingHttpHeaders, secret: string, timestamp: number): boolean {
  let hook: Webhook;
  try {
    hook = new Webhook(secret);
  } catch {
    return false; // not a secret its libraries read (not base64 after whsec_)
  }
  if (Math.abs(Math.floor(Date.now() / 1000) - timestamp) <= TOLERANCE_SECONDS) {
    try {
      hook.verify(raw, headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  }
  const expected = hook.sign(header(headers, 'webhook-id') ?? '', new Date(timestamp * 1000), raw);
  return (header(headers, 'webhook-signature') ?? '').split(' ').includes(expected);
}

/** The secrets of the endpoints at `url` and of those the event was queued for (as held now). */
async function secretsFor(url: string, eventId: string): Promise<string[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(eventId) ? eventId : null;
  const rows = await getDb().execute<{ secret: string; previous_secret: string | null }>(
    sql`select w.secret, w.previous_secret from webhook_endpoints w
        where w.url = ${url}
           or w.id in (select d.endpoint_id from webhook_deliveries d where d.event_id = ${uuid}::uuid)`,
  );
  return rows.flatMap((e) => [e.secret, ...(e.previous_secret ? [e.previous_secret] : [])]);
}

/** Checks one received request that carries our signature headers; requests without them are not ours. */
export async function checkDeliverySignatures(url: string, raw: string, headers: http.IncomingHttpHeaders) {
  const stripeHeader = header(headers, 'x-webhook-signature');
  const standardHeader = header(headers, 'webhook-signature');
  if (!stripeHeader && !standardHeader) return;
  const what = `delivery ${header(headers, 'x-webhook-id')} to ${url}`;
  const timestamp = Number(header(headers, 'webhook-timestamp'));
  if (!stripeHeader || !standardHeader || !Number.isInteger(timestamp)) {
    failures.push(`${what}: missing one of the two signatures or webhook-timestamp`);
    return;
  }
  if (stripeHeader.split(',')[0] !== `t=${timestamp}`) failures.push(`${what}: two different timestamps`);
  let secrets: string[];
  try {
    secrets = await secretsFor(url, header(headers, 'webhook-id') ?? '');
  } catch {
    return; // the database is away on purpose (database-outage.test.ts): nothing to check against
  }
  if (!secrets.some((secret) => stripeVerifies(raw, stripeHeader, secret, timestamp)))
    failures.push(`${what}: Stripe's library refused it`);
  if (!secrets.some((secret) => standardVerifies(raw, headers, secret, timestamp)))
    failures.push(`${what}: the Standard Webhooks library refused it`);
}
