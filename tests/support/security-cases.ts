import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import type { Operation } from '../../lib/platform/http/operation';
import type { RawAnswer } from './api';
import { caller, expectErrorShape, urlOf, type Caller, type LooseRequest, type RequestOf } from './caller';
import { contract } from './contract';
import { testSql } from './database';
import {
  liveKeyOf,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  settleEverything,
  tokenOf,
  type Merchant,
} from './fixtures';
import { ownedResources, type OwnedResource } from './owned-resources';
import { callbackUrl, payoutCallbackUrl, payoutStatusUrl } from '../../lib/rails/callback-address';
/**
 * The cases of the security suite (tests/integration/security.test.ts): for every operation, a request its
 * owner's credential gets the success for, and what the refusals are compared with.
 */
const sql = testSql();
const owned = ownedResources(sql);

type Contract = typeof contract;
export type OperationId = keyof Contract;

/** Operations anyone may call. Adding one to the service means adding it here, on purpose. */
export const PUBLIC: OperationId[] = [
  'ping',
  'getHealth',
  'getReadiness',
  'getOpenApiDocument',
  'simulateBankTransfer',
  'simulateMobileMoneyOutcome',
  // Their credential is the address itself (an attempt id and its HMAC): another address is a 404.
  'receiveMobileMoneyCallback',
  'receiveMobileMoneyCallbackPut',
  'receivePayoutCallback',
  'receivePayoutCallbackPut',
  'receivePayoutStatusAnswer',
  // Airtel calls one fixed address: matched by the id it names; the enquiry decides.
  'receiveAirtelCallback',
];
/** Public, for test-mode objects only: a live object is unknown to them (404). */
export const SANDBOX_ONLY: OperationId[] = ['simulateBankTransfer', 'simulateMobileMoneyOutcome'];

/** A sandbox operation's request aimed at a live checkout of A's, and what must not change. */
export async function liveSandboxRequest(
  id: OperationId,
): Promise<{ request: LooseRequest; snapshot: () => Promise<unknown> }> {
  const checkout = (await fx.aLive.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  const snapshot = async () => ({
    checkout: await sql`select status, updated_at from checkouts where id = ${checkout.id}`,
    attempts: await sql`select status, updated_at from payment_attempts where checkout_id = ${checkout.id}`,
    collections: await sql`select id from collections where checkout_id = ${checkout.id}`,
  });
  if (id === 'simulateBankTransfer') {
    return { request: { body: { payment_reference: checkout.payment_reference, scenario: 'exact' } }, snapshot };
  }
  const attemptId = await liveAttempt(checkout.id);
  return { request: { params: { attempt_id: attemptId }, body: { outcome: 'success' } }, snapshot };
}

/** A live MTN MoMo attempt of a live checkout, written as the page would (no rail is configured in the suite). */
async function liveAttempt(checkoutId: string): Promise<string> {
  const [attempt] = await sql<{ id: string }[]>`
    insert into payment_attempts (checkout_id, merchant_id, tenant_id, method, network, phone, amount, currency_code,
                                  status, provider, respond_by)
    select id, merchant_id, tenant_id, 'mobile_money', 'mtn_momo', '+233241234567', amount, currency_code,
           'processing', 'mtn_momo', now() + interval '3 minutes'
      from checkouts where id = ${checkoutId}
    returning id`;
  return attempt!.id;
}

/** A payout callback address we issued (for a payout that is not in flight: nothing to do, answered). */
async function issuedPayoutCallback() {
  const token = payoutCallbackUrl(crypto.randomUUID()).split('/').pop()!;
  return { request: { params: { token }, body: { externalId: 'anything', status: 'SUCCESSFUL' } } };
}

/** A status address we issued, for a payout that does not exist (nothing is processing there). */
async function issuedPayoutStatusAddress() {
  const token = payoutStatusUrl(crypto.randomUUID()).split('/').pop()!;
  return {
    request: {
      params: { token },
      body: { Result: { ResultCode: 0, ResultDesc: 'The service request is processed successfully.' } },
    },
  };
}

/** A callback address we issued for a live attempt of A's. */
async function issuedCallback() {
  const checkout = (await fx.aLive.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  const token = callbackUrl(await liveAttempt(checkout.id))
    .split('/')
    .pop()!;
  return { request: { params: { token }, body: { externalId: 'anything', status: 'SUCCESSFUL' } } };
}

interface Fixtures {
  /** The owner of every resource the requests name, with money available in GHS. */
  a: Merchant;
  /** Another merchant. */
  b: Merchant;
  /** A itself in live mode, holding a live key: for A's test resources it is one more other tenant. */
  aLive: Merchant;
  /** A's RESTRICTED key holding only `read`. */
  readOnly: Caller;
  /** A's settled deposit (refunds). */
  depositId: string;
  /** The checkout token of another checkout of A's. */
  otherCheckoutToken: string;
}
/** Filled by prepareFixtures (the suite's beforeAll); the cases read it when they run. */
export const fx = {} as Fixtures;

/** A request its owner's credential gets the operation's success for. */
export interface Prepared<O> {
  request: RequestOf<O, Record<never, string>>;
  /** The credential that may make it, when not the owner's API key or the operator's token. */
  credential?: Record<string, string>;
  /** The resource the path names (merchant operations with path parameters), with its snapshot. */
  owned?: OwnedResource;
}
type Cases = { [Id in OperationId]: () => Promise<Prepared<Contract[Id]>> };

export const GHOST = '00000000-0000-4000-8000-000000000000';
export const ORIGIN = 'https://a.example';

/** A resource of A's and a request naming it. */
const naming = async <P extends Record<string, string>>(resource: Promise<OwnedResource<P>>) => {
  const made = await resource;
  return { request: { params: made.params }, owned: made };
};
const withBody = async <P extends Record<string, string>, B>(resource: Promise<OwnedResource<P>>, body: B) => {
  const made = await resource;
  return { request: { params: made.params, body }, owned: made };
};

/** A new checkout of A's with the hosted page's credential for it. */
async function pageCheckout() {
  const checkout = (await fx.a.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  const credential = { 'x-checkout-token': tokenOf(checkout.checkout_url) };
  return { checkout, credential, params: { payment_reference: checkout.payment_reference } };
}

/** A checkout of A's waiting for the operator: the customer chose bank transfer and says it is sent. */
async function awaitingApproval() {
  const { checkout, credential, params } = await pageCheckout();
  await caller(credential).ok(contract.chooseBankTransferPayment, { params });
  await caller(credential).ok(contract.claimBankTransferPayment, { params });
  return { checkout_id: checkout.id };
}

/** A new checkout button of A's, allowed on ORIGIN, with the button's credential. */
async function button() {
  const session = (
    await fx.a.ok(contract.createEmbedSession, {
      body: { amount: 40, currency_code: 'GHS', allowed_origins: [ORIGIN] },
    })
  ).body.data;
  return { 'x-embed-token': session.public_token, origin: ORIGIN };
}

const withdrawal = {
  amount: 1,
  currency_code: 'GHS',
  payout_type: 'mobile_money',
  recipient_details: { recipient_name: 'Ama Mensah', mobile_number: '0241234567', network_provider: 'mtn_momo' },
} as const;

export const CASES: Cases = {
  // Checkouts and their button.
  createCheckout: async () => ({ request: { body: minimalCheckout } }),
  listCheckouts: async () => ({ request: {} }),
  getCheckout: () => naming(owned.newCheckout(fx.a)),
  cancelCheckout: () => naming(owned.newCheckout(fx.a)),
  createEmbedSession: async () => ({
    request: { body: { amount: 40, currency_code: 'GHS', allowed_origins: [ORIGIN] } },
  }),
  listEmbedSessions: async () => ({ request: {} }),
  getEmbedSession: () => naming(owned.newEmbedSession(fx.a)),
  disableEmbedSession: () => naming(owned.newEmbedSession(fx.a)),
  createPaymentLink: async () => ({
    request: { body: { currency_code: 'GHS', description: 'Haircut', amount: 40 } },
  }),
  listPaymentLinks: async () => ({ request: {} }),
  getPaymentLink: () => naming(owned.newPaymentLink(fx.a)),
  updatePaymentLink: () => withBody(owned.newPaymentLink(fx.a), { active: false }),
  listPaymentLinkCheckouts: () => naming(owned.newPaymentLink(fx.a)),
  getEmbedButton: async () => ({ request: {}, credential: await button() }),
  createEmbedCheckout: async () => ({
    request: { body: { amount: 40, customer_email: 'ama@example.com' } },
    credential: await button(),
  }),

  // The hosted page.
  getCheckoutSession: async () => {
    const { params, credential } = await pageCheckout();
    return { request: { params }, credential };
  },
  getCheckoutSessionStatus: async () => {
    const { params, credential } = await pageCheckout();
    return { request: { params }, credential };
  },
  startMobileMoneyPayment: async () => {
    const { params, credential } = await pageCheckout();
    return { request: { params, body: { network: 'mtn_momo', phone: '0244123456' } }, credential };
  },
  chooseBankTransferPayment: async () => {
    const { params, credential } = await pageCheckout();
    return { request: { params }, credential };
  },
  claimBankTransferPayment: async () => {
    const { params, credential } = await pageCheckout();
    await caller(credential).ok(contract.chooseBankTransferPayment, { params });
    return { request: { params }, credential };
  },

  // The sandbox's rails.
  receivePayoutCallback: issuedPayoutCallback,
  receivePayoutCallbackPut: issuedPayoutCallback,
  receivePayoutStatusAnswer: issuedPayoutStatusAddress,
  receiveMobileMoneyCallback: issuedCallback,
  receiveMobileMoneyCallbackPut: issuedCallback,
  // A callback naming an id of nothing of ours: answered, nothing changes.
  receiveAirtelCallback: async () => ({
    request: { body: { transaction: { id: crypto.randomUUID(), status_code: 'TS', message: 'Paid' } } },
  }),
  receivePaystackNotification: async () => {
    // A verified notice about a reference we never issued: answered, nothing recorded, Paystack never asked.
    const raw = JSON.stringify({
      event: 'charge.success',
      data: { reference: `unknown-${crypto.randomUUID()}`, amount: 2550, currency: 'NGN', status: 'success' },
    });
    return { request: { body: raw as never }, credential: { 'x-paystack-signature': paystackSignature(raw) } };
  },
  simulateBankTransfer: async () => {
    const { params } = await pageCheckout();
    return { request: { body: { payment_reference: params.payment_reference, scenario: 'exact' } } };
  },
  simulateMobileMoneyOutcome: async () => {
    const { params, credential } = await pageCheckout();
    const started = await caller(credential).ok(contract.startMobileMoneyPayment, {
      params,
      body: { network: 'mtn_momo', phone: '0244123333' },
    });
    return {
      request: { params: { attempt_id: started.body.data.latest_attempt!.id }, body: { outcome: 'success' } },
    };
  },

  // Books.
  listWallets: async () => ({ request: {} }),
  getWallet: () => naming(owned.ownWallet('GHS')(fx.a)),
  // KES, so that A's GHS wallet stays active for everything else.
  updateWalletStatus: () => withBody(owned.ownWallet('KES')(fx.a), { status: 'frozen' as const }),
  listWalletTransactions: async () => ({ request: {} }),
  listSettlementBatches: async () => ({ request: {} }),
  createRefund: async () => ({
    request: { body: { transaction_id: fx.depositId, amount: 1, reason: 'returned' } },
  }),
  listCustomerTransactions: async () => ({ request: {} }),
  getCustomerTransaction: () => naming(owned.newDeposit(fx.a)),
  createConversionQuote: async () => ({
    request: { body: { from_currency: 'GHS', to_currency: 'USD', amount: 5 } },
  }),
  convertCurrency: async () => {
    const quote = await fx.a.ok(contract.createConversionQuote, {
      body: { from_currency: 'GHS', to_currency: 'USD', amount: 5 },
    });
    return { request: { body: { quote_id: quote.body.data.quote_id, idempotency_key: crypto.randomUUID() } } };
  },
  listConversions: async () => ({ request: {} }),
  getConversion: () => naming(owned.newConversion(fx.a)),

  // Money out.
  createPaymentAccount: async () => ({
    request: {
      body: {
        currency_code: 'GHS',
        account_type: 'mobile_money',
        phone_number: '0244123456',
        network_provider: 'mtn_momo',
      },
    },
  }),
  listPaymentAccounts: async () => ({ request: {} }),
  getPaymentAccount: () => naming(owned.newPaymentAccount(fx.a)),
  updatePaymentAccount: () => withBody(owned.newPaymentAccount(fx.a), { bank_name: 'Ecobank Ghana' }),
  deletePaymentAccount: () => naming(owned.newPaymentAccount(fx.a)),
  createWithdrawal: async () => ({ request: { body: withdrawal } }),
  listWithdrawals: async () => ({ request: {} }),
  getWithdrawal: () => naming(owned.newMoneyOut('withdrawal')(fx.a)),
  cancelWithdrawal: () => withBody(owned.newMoneyOut('withdrawal')(fx.a), { reason: 'Wrong amount' }),
  createPayout: async () => ({ request: { body: { ...withdrawal, payout_reason: 'Supplier invoice 17' } } }),
  listPayouts: async () => ({ request: {} }),
  getPayout: () => naming(owned.newMoneyOut('payout')(fx.a)),
  cancelPayout: () => withBody(owned.newMoneyOut('payout')(fx.a), { reason: 'Wrong recipient' }),

  // Webhooks.
  createWebhook: async () => ({ request: { body: { url: 'https://93.184.215.14/hooks', events: ['*'] } } }),
  listWebhooks: async () => ({ request: {} }),
  getWebhook: () => naming(owned.newWebhook(fx.a)),
  updateWebhook: () => withBody(owned.newWebhook(fx.a), { description: 'Changed by someone else' }),
  deleteWebhook: () => naming(owned.newWebhook(fx.a)),
  rotateWebhookSecret: () => naming(owned.newWebhook(fx.a)),
  sendWebhookTest: () => naming(owned.newWebhook(fx.a)),
  listWebhookDeliveries: () => naming(owned.newWebhook(fx.a)),
  redeliverWebhookDelivery: () => naming(owned.newWebhook(fx.a)),

  // The merchant's account.
  createApiKey: async () => ({ request: { body: { name: 'Another key' } } }),
  listApiKeys: async () => ({ request: {} }),
  revokeApiKey: () => naming(owned.newApiKey(fx.a)),
  getBranding: async () => ({ request: {} }),
  updateBranding: async () => ({ request: { body: { primary_color: '#102030' } } }),

  // The operator: on merchants of their own, so that A is left alone.
  createMerchant: async () => ({ request: { body: { name: 'Operator made', email: 'ops@made.test' } } }),
  getMerchant: async () => ({ request: { params: { merchant_id: (await newMerchant()).id } } }),
  updateMerchant: async () => ({
    request: { params: { merchant_id: (await newMerchant()).id }, body: { name: 'Renamed' } },
  }),
  createMerchantApiKey: async () => ({
    request: { params: { merchant_id: (await newMerchant()).id }, body: { name: 'Issued by the operator' } },
  }),
  listMerchantWallets: async () => ({ request: { params: { merchant_id: (await newMerchant()).id } } }),
  updateMerchantWallet: async () => ({
    request: {
      params: { merchant_id: (await newMerchant()).id, currency_code: 'GHS' },
      body: { settlement_hold: true, settlement_hold_reason: 'Review' },
    },
  }),
  runSettlement: async () => ({
    request: {
      body: { as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(), merchant_id: (await newMerchant()).id },
    },
  }),
  getLedgerReconciliation: async () => ({ request: {} }),
  listUnresolvedOnRails: async () => ({ request: {} }),
  listCheckoutsAwaitingApproval: async () => ({ request: {} }),
  approveCheckout: async () => ({ request: { params: await awaitingApproval(), body: { admin_notes: 'Seen' } } }),
  rejectCheckout: async () => ({
    request: { params: await awaitingApproval(), body: { rejection_reason: 'No transfer found' } },
  }),

  // Operations.
  ping: async () => ({ request: {} }),
  getHealth: async () => ({ request: {} }),
  getReadiness: async () => ({ request: {} }),
  getOpenApiDocument: async () => ({ request: {} }),
};

/**
 * Merchant operations whose path names something every merchant has (a wallet by its currency code):
 * another merchant using the owner's value must act on its own resource, never on the owner's.
 */
export const CALLERS_OWN: Partial<Record<OperationId, (who: Merchant, wallet: OwnedResource) => Promise<void>>> = {
  getWallet: async (who, wallet) => {
    const code = wallet.params.currency_code!;
    for (const currency_code of [code, code.toLowerCase()]) {
      const res = await who.ok(contract.getWallet, { params: { currency_code } });
      await owned.expectCallersWallet(who, res, wallet);
    }
  },
  updateWalletStatus: async (who, wallet) => {
    const code = wallet.params.currency_code!;
    for (const currency_code of [code, code.toLowerCase()]) {
      const res = await who.ok(contract.updateWalletStatus, { params: { currency_code }, body: { status: 'frozen' } });
      await owned.expectCallersWallet(who, res, wallet);
      expect(res.body.data.status).toBe('frozen');
      expect((await owned.walletOf(who.tenant.id, code)).status).toBe('frozen');
    }
  },
};

/** What the database holds, table by table: a row count and a digest of the rows. */
export async function databaseState(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'
       -- Counters of the rate limits move with every request, refused or not (by design).
       and table_name <> 'rate_limit_counters'
     order by table_name`;
  // An API key's last_used_at is written when the key authenticates, before the permission check.
  const digest = (table: string) =>
    `select '${table}' as name, count(*) || ':' || md5(coalesce(string_agg(r, '|' order by r), '')) as state
       from (select (to_jsonb(t) - 'last_used_at')::text as r from ${table} t) s`;
  const rows = await sql.unsafe<{ name: string; state: string }[]>(
    [...tables.map((t) => `public.${t.name}`), 'graphile_worker._private_jobs'].map(digest).join(' union all '),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.state]));
}

/** Sends a prepared request to `op` with `headers` (every answer is held to the OpenAPI document). */
export function send(op: Operation, request: LooseRequest, headers: Record<string, string>): Promise<RawAnswer> {
  return caller(headers).raw(op.method, urlOf(op, request.params, request.query), {
    body: request.body,
    headers: request.headers,
  });
}

/** A refusal in the shared shape with `code`, which changed nothing in the database. */
export async function expectRefused(attempt: () => Promise<RawAnswer>, status: number, code: ErrorCode) {
  const before = await databaseState();
  const res = await attempt();
  expect(res.status, res.text.slice(0, 400)).toBe(status);
  expectErrorShape(res.body, code);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message', 'request_id', 'status']);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  expect(await databaseState(), 'the refused request changed the database').toEqual(before);
  return { ...res, body: res.body };
}

/** What a `read`-only key may call: an operation any one of whose permissions is `read`. */
export const readable = (op: Operation) => typeof op.permission === 'object' && op.permission.anyOf.includes('read');
export const successOf = (op: Operation) => op.status ?? 200;
export const merchantKey = (m: Merchant) => ({ 'x-api-key': m.apiKey });

/** The merchants, keys and resources every case names. */
export async function prepareFixtures(): Promise<void> {
  const a = await newMerchant({ name: 'Merchant A' });
  const b = await newMerchant({ name: 'Merchant B' });
  const readKey = await a.ok(contract.createApiKey, {
    body: { name: 'Read only', scope: 'RESTRICTED', permissions: ['read'] },
  });
  const { deposit } = await paidCheckout(a, { amount: 500 });
  await settleEverything(a.id);
  const other = (await a.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  const aLive = await liveKeyOf(a);
  Object.assign(fx, {
    a,
    b,
    aLive,
    readOnly: caller({ 'x-api-key': readKey.body.data.secret_key }),
    depositId: deposit.transaction_id,
    otherCheckoutToken: tokenOf(other.checkout_url),
  } satisfies Fixtures);
}

/** Paystack's signature of a body: HMAC-SHA512 with the secret key, hex (`key` to forge one). */
export const paystackSignature = (raw: string, key = process.env.PAYSTACK_SECRET_KEY!) =>
  crypto.createHmac('sha512', key).update(raw).digest('hex');
