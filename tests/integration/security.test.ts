import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../lib/platform/http/error-codes';
import { allowHeader } from '../../lib/platform/http/methods';
import type { Operation } from '../../lib/platform/http/operation';
import { resetConfigForTests } from '../../lib/platform/config';
import { OPERATIONS } from '../../lib/surfaces/openapi/operations';
import type { RawAnswer } from '../support/api';
import { caller, expectErrorShape, urlOf, type Caller, type LooseRequest, type RequestOf } from '../support/caller';
import { contract } from '../support/contract';
import { testSql } from '../support/database';
import {
  adminHeaders,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  settleEverything,
  tokenOf,
  type Merchant,
} from '../support/fixtures';
import { ownedResources, type OwnedResource } from '../support/owned-resources';

/**
 * One security suite for every operation of the service (`OPERATIONS`, lib/surfaces/openapi/operations.ts),
 * by the credential it takes: a new operation is covered as soon as it is documented, and one without a
 * case below does not compile.
 *
 * - merchant operations (`x-api-key`): no key and a malformed key are 401; a read-only key is 403 on
 *   anything a `read` key may not call (every write, and the FULL_ACCESS-only key management); another
 *   merchant naming the owner's resource in the path gets the 404 of an id that does not exist (or, for
 *   names every merchant has, such as a wallet's currency code, acts on its own resource); every method
 *   a route with an id does not serve is a 405.
 * - operator operations (`Authorization: Bearer`): no bearer, a wrong one and a merchant's key are 401.
 * - hosted-page operations (`X-Checkout-Token`): no token, another checkout's token and a merchant's key
 *   are 401 (lib/collections/hosted-page/authenticate.ts: never a 404, so a token learns nothing).
 * - checkout-button operations (`X-Embed-Token`): no token and a malformed one are 401; the right token
 *   from a page the session does not allow is 403.
 * - public operations are listed as such below; the sandbox's simulations answer 404 outside the sandbox.
 *
 * Every refusal is the shared error shape with its code, and changes nothing in the database. Each
 * operation ends with its owner's identical request succeeding: the refusals were about the credential.
 */
const sql = testSql();
const owned = ownedResources(sql);

// One busy client per credential: the rate limits are tested elsewhere (rate-limits.test.ts).
for (const name of [
  'API_KEY_RATE_LIMIT_PER_MINUTE',
  'CHECKOUT_WRITE_LIMIT_PER_MINUTE',
  'CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE',
  'EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_IP_READ_LIMIT_PER_MINUTE',
  'EMBED_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_READ_LIMIT_PER_MINUTE',
]) {
  process.env[name] = '100000';
}
resetConfigForTests();

type Contract = typeof contract;
type OperationId = keyof Contract;

/** Operations anyone may call. Adding one to the service means adding it here, on purpose. */
const PUBLIC: OperationId[] = [
  'ping',
  'getHealth',
  'getReadiness',
  'getOpenApiDocument',
  'simulateBankTransfer',
  'simulateMobileMoneyOutcome',
];
/** Public only in sandbox mode: elsewhere they answer like an unknown route. */
const SANDBOX_ONLY: OperationId[] = ['simulateBankTransfer', 'simulateMobileMoneyOutcome'];

interface Fixtures {
  /** The owner of every resource the requests name, with money available in GHS. */
  a: Merchant;
  /** Another merchant. */
  b: Merchant;
  /** A's RESTRICTED key holding only `read`. */
  readOnly: Caller;
  /** A's settled deposit (refunds). */
  depositId: string;
  /** The checkout token of another checkout of A's. */
  otherCheckoutToken: string;
}
let fx: Fixtures;

/** A request its owner's credential gets the operation's success for. */
interface Prepared<O> {
  request: RequestOf<O, Record<never, string>>;
  /** The credential that may make it, when not the owner's API key or the operator's token. */
  credential?: Record<string, string>;
  /** The resource the path names (merchant operations with path parameters), with its snapshot. */
  owned?: OwnedResource;
}
type Cases = { [Id in OperationId]: () => Promise<Prepared<Contract[Id]>> };

const GHOST = '00000000-0000-4000-8000-000000000000';
const ORIGIN = 'https://a.example';

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

const CASES: Cases = {
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
const CALLERS_OWN: Partial<Record<OperationId, (who: Merchant, wallet: OwnedResource) => Promise<void>>> = {
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
      expect((await owned.walletOf(who.id, code)).status).toBe('frozen');
    }
  },
};

/** What the database holds, table by table: a row count and a digest of the rows. */
async function databaseState(): Promise<Record<string, string>> {
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
function send(op: Operation, request: LooseRequest, headers: Record<string, string>): Promise<RawAnswer> {
  return caller(headers).raw(op.method, urlOf(op, request.params, request.query), {
    body: request.body,
    headers: request.headers,
  });
}

/** A refusal in the shared shape with `code`, which changed nothing in the database. */
async function expectRefused(attempt: () => Promise<RawAnswer>, status: number, code: ErrorCode) {
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
const readable = (op: Operation) => typeof op.permission === 'object' && op.permission.anyOf.includes('read');
const successOf = (op: Operation) => op.status ?? 200;
const merchantKey = (m: Merchant) => ({ 'x-api-key': m.apiKey });

beforeAll(async () => {
  const a = await newMerchant({ name: 'Merchant A' });
  const b = await newMerchant({ name: 'Merchant B' });
  const readKey = await a.ok(contract.createApiKey, {
    body: { name: 'Read only', scope: 'RESTRICTED', permissions: ['read'] },
  });
  const { deposit } = await paidCheckout(a, { amount: 500 });
  await settleEverything(a.id);
  const other = (await a.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
  fx = {
    a,
    b,
    readOnly: caller({ 'x-api-key': readKey.body.data.secret_key }),
    depositId: deposit.transaction_id,
    otherCheckoutToken: tokenOf(other.checkout_url),
  };
});

it('knows every operation: each takes a credential this suite checks, or is listed as public', () => {
  const kinds = new Set(OPERATIONS.map((op) => op.security));
  expect([...kinds].sort()).toEqual(['adminBearer', 'apiKey', 'checkoutToken', 'embedToken', 'none']);
  expect(
    OPERATIONS.filter((op) => op.security === 'none')
      .map((op) => op.operationId)
      .sort(),
  ).toEqual([...PUBLIC].sort());
  for (const op of OPERATIONS) expect(CASES[op.operationId as OperationId], op.operationId).toBeTypeOf('function');
  for (const id of Object.keys(CALLERS_OWN)) {
    expect(OPERATIONS.find((op) => op.operationId === id)?.params, id).toBeDefined();
  }
});

describe.each(OPERATIONS.map((op) => [`${op.operationId} (${op.method} ${op.path})`, op] as const))('%s', (_, op) => {
  const id = op.operationId as OperationId;
  let prepared: Prepared<Operation>;
  beforeAll(async () => {
    prepared = await (CASES[id] as () => Promise<Prepared<Operation>>)();
  });
  const request = () => prepared.request as LooseRequest;

  switch (op.security) {
    case 'apiKey':
      it('without an API key: 401 missing_api_key', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_api_key');
      });
      it('with a malformed API key: 401 invalid_api_key', async () => {
        await expectRefused(() => send(op, request(), { 'x-api-key': 'sk_test_not-a-key' }), 401, 'invalid_api_key');
      });
      if (readable(op)) {
        it('with a read-only key: answered (it only reads), nothing changes', async () => {
          const before = await databaseState();
          const res = await send(op, request(), fx.readOnly.headers);
          expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
          expect(await databaseState()).toEqual(before);
        });
      } else {
        it('with a read-only key: 403 insufficient_permissions', async () => {
          await expectRefused(() => send(op, request(), fx.readOnly.headers), 403, 'insufficient_permissions');
        });
      }
      if (op.params && CALLERS_OWN[id]) {
        it("another merchant with the owner's value acts on its own resource, never the owner's", async () => {
          const resource = prepared.owned!;
          const before = await resource.snapshot();
          await CALLERS_OWN[id]!(fx.b, resource);
          expect(await resource.snapshot()).toEqual(before);
        });
      } else if (op.params) {
        it("another merchant's id: 404 not_found, as for an id that does not exist; resource unchanged", async () => {
          const resource = prepared.owned;
          expect(resource, 'a merchant operation with path parameters needs the resource they name').toBeDefined();
          const before = await resource!.snapshot();
          const res = await expectRefused(() => send(op, request(), merchantKey(fx.b)), 404, 'not_found');
          for (const value of Object.values(resource!.params)) expect(res.text).not.toContain(value);

          const ghostParams = Object.fromEntries(Object.keys(resource!.params).map((k) => [k, GHOST]));
          const ghost = await expectRefused(
            () => send(op, { ...request(), params: ghostParams }, merchantKey(fx.b)),
            404,
            'not_found',
          );
          expect([ghost.body.message, ghost.body.error.fields]).toEqual([res.body.message, res.body.error.fields]);

          // The same id in upper case is the same resource to PostgreSQL: still not B's.
          const upperParams = Object.fromEntries(
            Object.entries(resource!.params).map(([k, v]) => [k, v.toUpperCase()]),
          );
          const upper = await send(op, { ...request(), params: upperParams }, merchantKey(fx.b));
          expect([404, 422], upper.text).toContain(upper.status);

          expect(await resource!.snapshot()).toEqual(before);
        });
      }
      it("the owner's identical request succeeds", async () => {
        const res = await send(op, request(), prepared.credential ?? merchantKey(fx.a));
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
        const resource = prepared.owned;
        if (CALLERS_OWN[id]) expect(res.body).toMatchObject({ data: { merchant_id: fx.a.id, id: resource?.ownersId } });
      });
      break;

    case 'adminBearer':
      it('without a bearer token: 401 missing_admin_token', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_admin_token');
      });
      it('with a wrong bearer token: 401 invalid_admin_token', async () => {
        await expectRefused(
          () => send(op, request(), { authorization: 'Bearer not-the-operator-token' }),
          401,
          'invalid_admin_token',
        );
      });
      it("with a merchant's API key: 401 missing_admin_token", async () => {
        await expectRefused(() => send(op, request(), merchantKey(fx.a)), 401, 'missing_admin_token');
      });
      it("the operator's identical request succeeds", async () => {
        const res = await send(op, request(), adminHeaders());
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;

    case 'checkoutToken':
      it('without a checkout token: 401 missing_checkout_token', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_checkout_token');
      });
      it("with another checkout's token: 401 invalid_checkout_token (never a 404)", async () => {
        await expectRefused(
          () => send(op, request(), { 'x-checkout-token': fx.otherCheckoutToken }),
          401,
          'invalid_checkout_token',
        );
      });
      it("with the merchant's API key: 401 missing_checkout_token", async () => {
        await expectRefused(() => send(op, request(), merchantKey(fx.a)), 401, 'missing_checkout_token');
      });
      it("the checkout's own token succeeds", async () => {
        const res = await send(op, request(), prepared.credential!);
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;

    case 'embedToken':
      it('without an embed token: 401 missing_embed_token', async () => {
        await expectRefused(() => send(op, request(), { origin: ORIGIN }), 401, 'missing_embed_token');
      });
      it('with a malformed embed token: 401 invalid_embed_token', async () => {
        await expectRefused(
          () => send(op, request(), { 'x-embed-token': 'pk_embed_nope', origin: ORIGIN }),
          401,
          'invalid_embed_token',
        );
      });
      it('with the right token from a page the session does not allow: 403 origin_not_allowed', async () => {
        const credential = { ...prepared.credential!, origin: 'https://elsewhere.example' };
        await expectRefused(() => send(op, request(), credential), 403, 'origin_not_allowed');
      });
      it("the button's own token, from its page, succeeds", async () => {
        const res = await send(op, request(), prepared.credential!);
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;

    case 'none':
      if (SANDBOX_ONLY.includes(id)) {
        it('outside the sandbox: 404 route_not_found', async () => {
          process.env.PAYMENT_RAILS = 'live';
          resetConfigForTests();
          try {
            await expectRefused(() => send(op, request(), {}), 404, 'route_not_found');
          } finally {
            process.env.PAYMENT_RAILS = 'sandbox';
            resetConfigForTests();
          }
        });
      }
      it('answers without any credential', async () => {
        const res = await send(op, request(), {});
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;
  }
});

/** Merchant routes with an id: one per path, with the operations it serves. */
const MERCHANT_ROUTES = [
  ...OPERATIONS.filter((op) => op.security === 'apiKey' && op.params)
    .reduce((routes, op) => routes.set(op.path, [...(routes.get(op.path) ?? []), op]), new Map<string, Operation[]>())
    .entries(),
];

describe.each(MERCHANT_ROUTES)('%s', (_path, ops) => {
  it('every other method answers 405 with Allow, for the owner and for others alike; nothing changes', async () => {
    const methods = ops.map((op) => op.method);
    const first = ops[0]!;
    const prepared = await (CASES[first.operationId as OperationId] as () => Promise<Prepared<Operation>>)();
    const resource = prepared.owned!;
    const before = await resource.snapshot();
    for (const method of (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((m) => !methods.includes(m))) {
      for (const who of [fx.a, fx.b]) {
        const res = await expectRefused(
          () => send({ ...first, method }, { params: resource.params }, merchantKey(who)),
          405,
          'method_not_allowed',
        );
        expect(res.headers.get('allow')).toBe(allowHeader(methods));
      }
    }
    expect(await resource.snapshot()).toEqual(before);
  });
});
