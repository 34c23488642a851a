import { adminHeaders, minimalCheckout, newMerchant, paidCheckout, settleEverything, tokenOf } from './fixtures';
import { caller } from './caller';
import { contract } from './contract';
import type { JsonSchema, OpenApiDocument, Parameter } from './openapi-document';

/**
 * What the generated-request tests (fuzz-operations, schema-both-ways) share: every operation of the
 * served OpenAPI document, and a merchant with one of everything (money settled, a checkout to pay, a
 * button, a webhook and a delivery, a payout account, a prompt), so that requests reach past
 * authentication and lookups.
 */
export interface DocumentOperation {
  method: string;
  path: string;
  id: string;
  security: string | null;
  parameters: Parameter[];
  body: JsonSchema | null;
  /** Its success is the success envelope (all but the OpenAPI document itself, which is served bare). */
  enveloped: boolean;
}

export const isFinal = (op: { method: string; path: string }) =>
  op.method === 'DELETE' || /\/(cancel|disable|approve|reject)$/.test(op.path);

export async function servedDocument(): Promise<OpenApiDocument> {
  const response = await caller().raw('GET', '/api/openapi.json');
  if (response.status !== 200)
    throw new Error(`GET /api/openapi.json answered ${response.status}: ${response.text.slice(0, 300)}`);
  // What the service serves, held to its own schema by the contract check; typed as the suite reads it.
  return response.body as OpenApiDocument;
}

/** Every operation; those that end something (delete, revoke, cancel, disable, decide) last, so that the fixtures the others reach through are still there for them. */
export function documentOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        id: op.operationId,
        security: op.security?.[0] ? Object.keys(op.security[0])[0]! : null,
        parameters: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        enveloped: Object.values(op.responses).some(
          (r) => r.content?.['application/json']?.schema.properties?.status?.const === 'success',
        ),
      })),
    )
    .sort((a, b) => Number(isFinal(a)) - Number(isFinal(b)));
}

/** The per-minute limits a test that is one very busy client raises out of its way. */
export const BUSY_CLIENT_LIMITS = [
  'API_KEY_RATE_LIMIT_PER_MINUTE',
  'CHECKOUT_WRITE_LIMIT_PER_MINUTE',
  'CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE',
  'EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_IP_READ_LIMIT_PER_MINUTE',
  'EMBED_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_READ_LIMIT_PER_MINUTE',
] as const;

/** Real ids (by path parameter name) and credentials (by security scheme). */
export interface OperationFixtures {
  merchantId: string;
  victimId: string;
  ids: Record<string, string[]>;
  credentials: Record<string, Record<string, string>>;
  /** Values for body fields of these names: real ids. */
  hints: Record<string, string[]>;
}

export async function operationFixtures(): Promise<OperationFixtures> {
  const m = await newMerchant({ name: 'Fuzzed Shop' });
  const victim = await newMerchant({ name: 'Operator Target' });
  const spareKey = (await m.ok(contract.createApiKey, { body: { name: 'spare' } })).body.data.id;
  // Money in the available balance, so that refunds, conversions, withdrawals and payouts get as far as the rails.
  const { checkout, deposit } = await paidCheckout(m, { amount: 50_000 });
  await settleEverything(m.id);
  const page = (await m.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  const session = (
    await m.ok(contract.createEmbedSession, {
      body: { amounts: [10, 25.5], currency_code: 'GHS', allowed_origins: ['https://shop.example'] },
    })
  ).body.data;
  const webhook = (
    await m.ok(contract.createWebhook, {
      body: { url: 'http://127.0.0.1:9/hooks', events: ['*'], allow_loopback: true },
    })
  ).body.data;
  const delivery = (await m.ok(contract.sendWebhookTest, { params: { webhook_id: webhook.id } })).body.data;
  const account = (
    await m.ok(contract.createPaymentAccount, {
      body: {
        currency_code: 'GHS',
        account_type: 'mobile_money',
        phone_number: '0244123456',
        network_provider: 'mtn_momo',
      },
    })
  ).body.data;
  const token = tokenOf(page.checkout_url);
  const prompt = await caller().call(contract.startMobileMoneyPayment, {
    params: { payment_reference: page.payment_reference },
    body: { network: 'mtn_momo', phone: '0244123456' },
    headers: { 'x-checkout-token': token },
  });
  const ids = {
    checkout_id: [checkout.id, page.id],
    transaction_id: [deposit.transaction_id],
    payment_reference: [page.payment_reference],
    embed_session_id: [session.id],
    webhook_id: [webhook.id],
    delivery_id: [delivery.delivery_id],
    account_id: [account.id],
    key_id: [spareKey],
    merchant_id: [victim.id],
    attempt_id: prompt.ok && prompt.body.data.latest_attempt ? [prompt.body.data.latest_attempt.id] : [],
    currency_code: ['GHS', 'usd', 'KES'],
  };
  return {
    merchantId: m.id,
    victimId: victim.id,
    ids,
    credentials: {
      apiKey: { 'x-api-key': m.apiKey },
      adminBearer: adminHeaders(),
      checkoutToken: { 'x-checkout-token': token },
      embedToken: { 'x-embed-token': session.public_token, origin: 'https://shop.example' },
    },
    hints: {
      checkout_id: ids.checkout_id,
      transaction_id: ids.transaction_id,
      payment_account_id: ids.account_id,
      merchant_id: ids.merchant_id,
      payment_reference: ids.payment_reference,
    },
  };
}
