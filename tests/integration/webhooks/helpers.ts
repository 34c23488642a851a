import { type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { startReceiver } from '../../support/webhook-receiver';
import { caller, type BodyOf, type Caller, type ErrorBody, type QueryOf } from '../../support/caller';
import type { ApiKeyPermission } from '../../../lib/platform/vocabulary';
import { contract } from '../../support/contract';

/**
 * The webhook endpoint API (issue 6, spec 4.5): create, list, get, update, delete, rotate the secret,
 * send a test event, list deliveries with their attempts, redeliver; limits, validation (SSRF
 * included) and permissions. Deliveries are made by calling the dispatcher here (deliverDueNow), to real
 * receivers on 127.0.0.1 (endpoints created with the sandbox-only allow_loopback).
 */

/** A public address (no DNS at creation; never called: no delivery is run for these endpoints). */

export const PUBLIC_URL = 'https://93.184.215.14/hooks';

export const sql = testSql();

export const fieldsOf = (body: ErrorBody): string[] => body.error.fields.map((f) => f.field);

export async function createWebhook(api: Caller, body: BodyOf<typeof contract.createWebhook>) {
  const res = await api.call(contract.createWebhook, { body });
  if (!res.ok) throw new Error(`webhook creation failed: ${res.status} ${res.text}`);
  return res.body.data;
}

/** An endpoint pointing at a new receiver on 127.0.0.1. */
export async function receiverWebhook(
  m: Merchant,
  options: { events?: string[]; responder?: Parameters<typeof startReceiver>[0] } = {},
) {
  const receiver = await startReceiver(options.responder);
  const webhook = await createWebhook(m, {
    url: receiver.url,
    events: options.events ?? ['*'],
    allow_loopback: true,
  });
  return { receiver, webhook };
}

export async function createKey(m: Merchant, permissions: ApiKeyPermission[]) {
  const res = await m.call(contract.createApiKey, {
    body: { name: `Restricted ${permissions.join('+')}`, scope: 'RESTRICTED', permissions },
  });
  if (!res.ok) throw new Error(`key creation failed: ${res.text}`);
  return caller({ 'x-api-key': res.body.data.secret_key });
}

export async function deliveriesOf(
  m: Merchant,
  webhookId: string,
  query: QueryOf<typeof contract.listWebhookDeliveries> = {},
) {
  return (await m.ok(contract.listWebhookDeliveries, { params: { webhook_id: webhookId }, query })).body;
}
