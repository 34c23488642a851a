import { beforeAll, describe, expect, it } from 'vitest';
import { minimalCheckout, newMerchant, paidCheckout, settleEverything, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { allowHeader } from '../../lib/platform/http/methods';
import { caller, expectErrorShape, expectStatus } from '../support/caller';
import { contract } from '../support/contract';
import { routePatterns, type ApiResponse } from '../support/api';

/**
 * Every merchant route that takes a resource id: another merchant using that id gets the same 404 as
 * for an id that does not exist (no existence leak), and the resource is left exactly as it was.
 *
 * The table below must list every `/api/v1/merchants/**` route pattern with a [param]: a new route
 * without an entry here fails the coverage test.
 *
 * A few [params] are not ids of a resource one merchant owns but names every merchant has (the
 * `currency_code` of a wallet): for those (`callersOwn`), B using A's value must act on B's own
 * resource, never on A's.
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface OwnedResource {
  /** Values for the pattern's [params]. */
  params: Record<string, string>;
  /** Everything observable about the resource, to compare before and after B's attempts. */
  snapshot: () => Promise<unknown>;
  /** For `callersOwn` routes: the id of A's resource that the value names for A (never to be shown to B). */
  ownersId?: string;
}

interface RouteCase {
  /** Methods the route implements; every other method must answer 405. */
  methods: Method[];
  /** A request body the owner would send (undefined: none). */
  body?: (method: Method) => unknown;
  /** Creates merchant A's resource. */
  create: (owner: Merchant) => Promise<OwnedResource>;
  /** What the owner gets for the same call (a positive control: the 404 was about tenancy, not a bad id). */
  ownerStatus: number;
  /**
   * The [param] names something every merchant has: B's call succeeds on B's own resource. Checks that
   * B's response is about B (the caller), given A's resource as created.
   */
  callersOwn?: (caller: Merchant, response: ApiResponse, owned: OwnedResource) => Promise<void>;
}

const sql = testSql();

async function newCheckout(owner: Merchant): Promise<OwnedResource> {
  const res = await owner.call(contract.createCheckout, {
    body: {
      ...minimalCheckout,
      meta_data: { order_id: 'A-1' },
    },
  });
  if (!res.ok) throw new Error(`checkout creation failed: ${res.text}`);
  const id = res.body.data.id as string;
  return {
    params: { checkout_id: id },
    snapshot: async () => ({
      row: await sql`select * from checkouts where id = ${id}`,
      events: await sql`select event_type, data from events where resource_id = ${id} order by sequence`,
      jobs: await sql`select run_at, key from graphile_worker._private_jobs where key = ${`expire_checkout:${id}`}`,
    }),
  };
}

/** A's checkout button (embed session), with its state and the checkouts it created. */
async function newEmbedSession(owner: Merchant): Promise<OwnedResource> {
  const res = await owner.call(contract.createEmbedSession, {
    body: {
      amount: 40,
      currency_code: 'GHS',
      allowed_origins: ['https://a.example'],
    },
  });
  if (!res.ok) throw new Error(`embed session creation failed: ${res.text}`);
  const id = res.body.data.id as string;
  return {
    params: { embed_session_id: id },
    snapshot: async () => ({
      row: await sql`select * from embed_sessions where id = ${id}`,
      checkouts: await sql`select checkout_id from embed_session_checkouts where embed_session_id = ${id}`,
    }),
  };
}

async function newDeposit(owner: Merchant): Promise<OwnedResource> {
  const { deposit } = await paidCheckout(owner, { meta_data: { order_id: 'A-2' } });
  const id = deposit.transaction_id as string;
  return {
    params: { transaction_id: id },
    snapshot: async () => ({
      row: await sql`select * from customer_transactions where id = ${id}`,
      refunds: await sql`select id from customer_transactions where refunds_transaction_id = ${id}`,
    }),
  };
}

/** Gives the owner available GHS (a settled deposit) and converts some of it to USD. */
async function newConversion(owner: Merchant): Promise<OwnedResource> {
  await paidCheckout(owner, { amount: 100 });
  await settleEverything(owner.id);
  const quote = await owner.call(contract.createConversionQuote, {
    body: {
      from_currency: 'GHS',
      to_currency: 'USD',
      amount: 20,
    },
  });
  if (!quote.ok) throw new Error(`quote failed: ${quote.text}`);
  const converted = await owner.call(contract.convertCurrency, {
    body: {
      quote_id: quote.body.data.quote_id,
      idempotency_key: `iso-${crypto.randomUUID()}`,
    },
  });
  if (!converted.ok) throw new Error(`conversion failed: ${converted.text}`);
  const id = converted.body.data.conversion_id as string;
  return {
    params: { conversion_id: id },
    snapshot: async () => ({
      row: await sql`select * from conversions where id = ${id}`,
      wallets:
        await sql`select id, holding_balance, available_balance from wallets where merchant_id = ${owner.id} order by id`,
    }),
  };
}

const ghanaBankAccount = (suffix: string) => ({
  currency_code: 'GHS',
  account_type: 'bank_account',
  account_number: `00123456${suffix}`,
  bank_name: 'GCB Bank',
  account_holder_name: 'Merchant A Ltd',
});

/** A second (non-primary) GHS bank account of the owner, so deleting it is allowed. */
async function newPaymentAccount(owner: Merchant): Promise<OwnedResource> {
  for (const suffix of ['0001', '0002']) {
    const res = await owner.call(contract.createPaymentAccount, { body: ghanaBankAccount(suffix) });
    if (!res.ok) throw new Error(`payment account creation failed: ${res.text}`);
    if (suffix === '0002') {
      const id = res.body.data.id as string;
      return {
        params: { account_id: id },
        snapshot: async () => ({ row: await sql`select * from payment_accounts where id = ${id}` }),
      };
    }
  }
  throw new Error('unreachable');
}

/** A PENDING withdrawal (or payout) of 5.00 GHS from the owner's settled balance. */
const newMoneyOut =
  (kind: 'withdrawal' | 'payout') =>
  async (owner: Merchant): Promise<OwnedResource> => {
    await paidCheckout(owner, { amount: 20 });
    await settleEverything(owner.id);
    const recipient = {
      payout_type: 'mobile_money',
      recipient_details: { recipient_name: 'Ama Mensah', mobile_number: '0241234567', network_provider: 'mtn_momo' },
    };
    const res = await owner.api.post(`/api/v1/merchants/${kind}s`, {
      amount: 5,
      currency_code: 'GHS',
      ...recipient,
      ...(kind === 'payout' ? { payout_reason: 'Supplier invoice 17' } : {}),
    });
    if (res.status !== 200) throw new Error(`${kind} creation failed: ${res.text}`);
    const id = res.body.data.transaction_id as string;
    return {
      params: { transaction_id: id },
      snapshot: async () => ({
        row: await sql`select * from customer_transactions where id = ${id}`,
        wallet: await walletOf(owner.id, 'GHS'),
        events: await sql`select event_type from events where resource_id = ${id} order by sequence`,
      }),
    };
  };

/** A's webhook endpoint (never called: no dispatcher runs here) with one delivery, a test event's. */
async function newWebhook(owner: Merchant): Promise<OwnedResource> {
  const res = await owner.call(contract.createWebhook, {
    body: {
      url: 'https://93.184.215.14/hooks',
      events: ['checkout.paid'],
    },
  });
  if (!res.ok) throw new Error(`webhook creation failed: ${res.text}`);
  const id = res.body.data.id as string;
  const test = await owner.call(contract.sendWebhookTest, { params: { webhook_id: id } });
  if (!test.ok) throw new Error(`test event failed: ${test.text}`);
  return {
    params: { webhook_id: id, delivery_id: test.body.data.delivery_id as string },
    snapshot: async () => ({
      row: await sql`select * from webhook_endpoints where id = ${id}`,
      deliveries: await sql`select * from webhook_deliveries where endpoint_id = ${id} order by created_at, id`,
    }),
  };
}

const walletOf = async (merchantId: string, code: string) =>
  (
    await sql<
      { id: string; status: string; holding_balance: string; available_balance: string }[]
    >`select w.* from wallets w join currencies c on c.id = w.currency_id where w.merchant_id = ${merchantId} and c.code = ${code}`
  )[0]!;

/** A's wallet in `code`, with money in it, named by its currency code. */
const ownWallet =
  (code: string) =>
  async (owner: Merchant): Promise<OwnedResource> => {
    await paidCheckout(owner, { amount: 30, currency_code: code });
    const wallet = await walletOf(owner.id, code);
    return {
      params: { currency_code: code },
      ownersId: wallet.id as string,
      snapshot: async () => ({
        row: await walletOf(owner.id, code),
        events: await sql`select event_type, data from events where resource_id = ${wallet.id} order by sequence`,
      }),
    };
  };

/** B's response is B's own wallet in that currency: B's ids and B's balances, nothing of A's. */
async function isCallersWallet(caller: Merchant, res: ApiResponse, owned: OwnedResource) {
  const code = owned.params.currency_code!.toUpperCase();
  const mine = await walletOf(caller.id, code);
  expect(res.body.data).toMatchObject({ id: mine.id, merchant_id: caller.id, currency_name: code });
  expect(res.body.data.holding_balance).toBe(Number(mine.holding_balance) / 100);
  expect(res.body.data.available_balance).toBe(Number(mine.available_balance) / 100);
  expect(owned.ownersId).toBeDefined();
  expect(res.body.data.id).not.toBe(owned.ownersId);
  expect(res.text).not.toContain(owned.ownersId!);
}

const ROUTES: Record<string, RouteCase> = {
  '/api/v1/merchants/checkouts/[checkout_id]': { methods: ['GET'], create: newCheckout, ownerStatus: 200 },
  '/api/v1/merchants/checkouts/[checkout_id]/cancel': { methods: ['POST'], create: newCheckout, ownerStatus: 200 },
  '/api/v1/merchants/checkouts/embed-sessions/[embed_session_id]': {
    methods: ['GET'],
    create: newEmbedSession,
    ownerStatus: 200,
  },
  '/api/v1/merchants/checkouts/embed-sessions/[embed_session_id]/disable': {
    methods: ['POST'],
    create: newEmbedSession,
    ownerStatus: 200,
  },
  '/api/v1/merchants/api-keys/[key_id]': {
    methods: ['DELETE'],
    ownerStatus: 200,
    create: async (owner) => {
      const res = await owner.call(contract.createApiKey, { body: { name: 'Second key' } });
      if (!res.ok) throw new Error(`api key creation failed: ${res.text}`);
      const id = res.body.data.id as string;
      const secret = res.body.data.secret_key as string;
      return {
        params: { key_id: id },
        snapshot: async () => ({
          row: await sql`select status, revoked_at, revoked_by, updated_at, deleted_at from api_keys where id = ${id}`,
          // The key still authenticates (a GET that needs FULL_ACCESS).
          works: (await caller().call(contract.listApiKeys, { headers: { 'x-api-key': secret } })).status,
        }),
      };
    },
  },
  '/api/v1/merchants/customer/transactions/[transaction_id]': {
    methods: ['GET'],
    create: newDeposit,
    ownerStatus: 200,
  },
  '/api/v1/merchants/conversion/[conversion_id]': { methods: ['GET'], create: newConversion, ownerStatus: 200 },
  '/api/v1/merchants/payment-accounts/[account_id]': {
    methods: ['GET', 'PUT', 'DELETE'],
    create: newPaymentAccount,
    body: (method) => (method === 'PUT' ? { bank_name: 'Ecobank Ghana' } : undefined),
    ownerStatus: 200,
  },
  '/api/v1/merchants/withdrawals/[transaction_id]': {
    methods: ['GET'],
    create: newMoneyOut('withdrawal'),
    ownerStatus: 200,
  },
  '/api/v1/merchants/withdrawals/[transaction_id]/cancel': {
    methods: ['POST'],
    create: newMoneyOut('withdrawal'),
    body: () => ({ reason: 'Wrong amount' }),
    ownerStatus: 200,
  },
  '/api/v1/merchants/payouts/[transaction_id]': { methods: ['GET'], create: newMoneyOut('payout'), ownerStatus: 200 },
  '/api/v1/merchants/payouts/[transaction_id]/cancel': {
    methods: ['POST'],
    create: newMoneyOut('payout'),
    body: () => ({ reason: 'Wrong recipient' }),
    ownerStatus: 200,
  },
  '/api/v1/merchants/webhooks/[webhook_id]': {
    methods: ['GET', 'PUT', 'DELETE'],
    create: newWebhook,
    body: (method) => (method === 'PUT' ? { description: 'Changed by someone else' } : undefined),
    ownerStatus: 200,
  },
  '/api/v1/merchants/webhooks/[webhook_id]/rotate-secret': { methods: ['POST'], create: newWebhook, ownerStatus: 200 },
  '/api/v1/merchants/webhooks/[webhook_id]/test': { methods: ['POST'], create: newWebhook, ownerStatus: 200 },
  '/api/v1/merchants/webhooks/[webhook_id]/deliveries': { methods: ['GET'], create: newWebhook, ownerStatus: 200 },
  '/api/v1/merchants/webhooks/[webhook_id]/deliveries/[delivery_id]/redeliver': {
    methods: ['POST'],
    create: newWebhook,
    ownerStatus: 200,
  },
  '/api/v1/merchants/wallet/[currency_code]': {
    methods: ['GET'],
    create: ownWallet('GHS'),
    ownerStatus: 200,
    callersOwn: isCallersWallet,
  },
  '/api/v1/merchants/wallet/[currency_code]/status': {
    methods: ['PATCH'],
    // KES, so that A's GHS wallet (used by the other cases) stays active.
    create: ownWallet('KES'),
    body: () => ({ status: 'frozen' }),
    ownerStatus: 200,
    callersOwn: async (caller, res, owned) => {
      await isCallersWallet(caller, res, owned);
      expect(res.body.data.status).toBe('frozen');
      expect((await walletOf(caller.id, 'KES')).status).toBe('frozen');
    },
  },
};

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for [${name}] in ${pattern}`);
    return encodeURIComponent(value);
  });

const parameterisedMerchantPatterns = () =>
  routePatterns()
    .filter((p) => p.startsWith('/api/v1/merchants/') && p.includes('['))
    .sort();

let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  a = await newMerchant({ name: 'Merchant A' });
  b = await newMerchant({ name: 'Merchant B' });
});

describe('tenant isolation', () => {
  it('covers every /api/v1/merchants route with a [param]', () => {
    const patterns = parameterisedMerchantPatterns();
    expect(patterns.length).toBeGreaterThan(0);
    expect(Object.keys(ROUTES).sort()).toEqual(patterns);
  });

  describe.each(Object.entries(ROUTES))('%s', (pattern, route) => {
    if (route.callersOwn) {
      it.each(route.methods)("%s with A's value acts on B's own resource, never on A's", async (method) => {
        const owned = await route.create(a);
        const before = await owned.snapshot();
        const lower = Object.fromEntries(Object.entries(owned.params).map(([k, v]) => [k, v.toLowerCase()]));
        for (const params of [owned.params, lower]) {
          const res = await caller().raw(method, fill(pattern, params), {
            headers: { 'x-api-key': b.apiKey },
            body: route.body?.(method),
          });
          expectStatus(res, 200);
          await route.callersOwn!(b, res, owned);
          expect(await owned.snapshot()).toEqual(before);
        }
        // Positive control: the owner's identical call acts on the owner's resource.
        const own = await caller().raw(method, fill(pattern, owned.params), {
          headers: { 'x-api-key': a.apiKey },
          body: route.body?.(method),
        });
        expect(own.status, own.text).toBe(route.ownerStatus);
        expect(own.body.data).toMatchObject({ merchant_id: a.id, id: owned.ownersId });
      });
    } else {
      it.each(route.methods)("%s with another merchant's id → 404 not_found, resource unchanged", async (method) => {
        const owned = await route.create(a);
        const url = fill(pattern, owned.params);
        const before = await owned.snapshot();

        const res = await caller().raw(method, url, { headers: { 'x-api-key': b.apiKey }, body: route.body?.(method) });
        expectStatus(res, 404);
        expectErrorShape(res.body, 'not_found');
        for (const value of Object.values(owned.params)) expect(res.text).not.toContain(value);

        // Indistinguishable from an id that does not exist at all.
        const ghostParams = Object.fromEntries(
          Object.keys(owned.params).map((k) => [k, '00000000-0000-4000-8000-000000000000']),
        );
        const ghost = await caller().raw(method, fill(pattern, ghostParams), {
          headers: { 'x-api-key': b.apiKey },
          body: route.body?.(method),
        });
        expectStatus(ghost, 404);
        expect({ code: ghost.body.error.code, message: ghost.body.message, fields: ghost.body.error.fields }).toEqual({
          code: res.body.error.code,
          message: res.body.message,
          fields: res.body.error.fields,
        });

        // The same id in upper case is the same resource to PostgreSQL: still B's 404.
        const upper = fill(
          pattern,
          Object.fromEntries(Object.entries(owned.params).map(([k, v]) => [k, v.toUpperCase()])),
        );
        const upperRes = await caller().raw(method, upper, {
          headers: { 'x-api-key': b.apiKey },
          body: route.body?.(method),
        });
        expect([404, 422]).toContain(upperRes.status);

        expect(await owned.snapshot()).toEqual(before);

        // Positive control: the owner's identical call works.
        const own = await caller().raw(method, url, { headers: { 'x-api-key': a.apiKey }, body: route.body?.(method) });
        expect(own.status, own.text).toBe(route.ownerStatus);
      });
    }

    it('every other method answers 405, for the owner and for others alike', async () => {
      const owned = await route.create(a);
      const url = fill(pattern, owned.params);
      const before = await owned.snapshot();
      for (const method of METHODS.filter((x) => !route.methods.includes(x))) {
        for (const who of [a, b]) {
          const res = await caller().raw(method, url, { headers: { 'x-api-key': who.apiKey } });
          expectStatus(res, 405, `${method} ${pattern}`);
          expectErrorShape(res.body, 'method_not_allowed');
          expect(res.headers.get('allow')).toBe(allowHeader(route.methods));
        }
      }
      expect(await owned.snapshot()).toEqual(before);
    });
  });

  it("B's list never shows A's checkouts, and A's list never shows B's", async () => {
    const mine = await newCheckout(a);
    const theirs = await newCheckout(b);
    const listA = (await a.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data as {
      id: string;
      merchant_id: string;
    }[];
    const listB = (await b.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data as {
      id: string;
      merchant_id: string;
    }[];
    expect(listA.map((c) => c.id)).toContain(mine.params.checkout_id);
    expect(listA.map((c) => c.id)).not.toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).not.toContain(mine.params.checkout_id);
    expect(listA.every((c) => c.merchant_id === a.id)).toBe(true);
    expect(listB.every((c) => c.merchant_id === b.id)).toBe(true);
  });

  it("B's API key list never shows A's keys", async () => {
    const listB = (await b.ok(contract.listApiKeys)).body.data as { id: string; merchant_id: string }[];
    expect(listB.map((k) => k.id)).not.toContain(a.keyId);
    expect(listB.every((k) => k.merchant_id === b.id)).toBe(true);
  });

  describe("money: B never sees or moves A's", () => {
    const GHOST = '00000000-0000-4000-8000-000000000000';
    let aDeposit: { transaction_id: string };
    let aCheckoutId: string;
    let aConversionId: string;
    let aQuoteId: string;
    let bDepositId: string;
    let bConversionId: string;

    const convert = async (m: Merchant, amount: number) => {
      const quote = await m.call(contract.createConversionQuote, {
        body: {
          from_currency: 'GHS',
          to_currency: 'USD',
          amount,
        },
      });
      expectStatus(quote, 200);
      const done = await m.call(contract.convertCurrency, {
        body: {
          quote_id: quote.body.data.quote_id,
          idempotency_key: crypto.randomUUID(),
        },
      });
      expectStatus(done, 200);
      return done.body.data.conversion_id as string;
    };
    const money = async (merchantId: string) => ({
      wallets:
        await sql`select id, holding_balance, available_balance, status from wallets where merchant_id = ${merchantId} order by id`,
      transactions: await sql`
        select id, refunded_amount, settlement_status from customer_transactions where merchant_id = ${merchantId} order by id`,
      lines: await sql`select count(*)::int as n from ledger_lines where merchant_id = ${merchantId}`,
      quotes: await sql`select id, used_at from conversion_quotes where merchant_id = ${merchantId} order by id`,
    });

    beforeAll(async () => {
      const paidA = await paidCheckout(a, { amount: 200, meta_data: { order_id: 'A-money' } });
      aDeposit = paidA.deposit;
      aCheckoutId = paidA.checkout.id;
      const paidB = await paidCheckout(b, { amount: 80 });
      bDepositId = paidB.deposit.transaction_id;
      await settleEverything(a.id);
      await settleEverything(b.id);
      aConversionId = await convert(a, 10);
      bConversionId = await convert(b, 5);
      const quote = await a.call(contract.createConversionQuote, {
        body: {
          from_currency: 'GHS',
          to_currency: 'USD',
          amount: 3,
        },
      });
      expectStatus(quote, 200);
      aQuoteId = quote.body.data.quote_id;
    });

    it("B's customer transactions never show A's, and A's never show B's", async () => {
      for (const query of ['', '?currency_code=GHS', '?transaction_type=deposit', '?status=completed', '?size=100']) {
        const listB = (await b.api.get(`/api/v1/merchants/customer/transactions${query}`)).body;
        const idsB = listB.data.map((t) => t.transaction_id);
        expect(idsB, query).toContain(bDepositId);
        expect(idsB, query).not.toContain(aDeposit.transaction_id);
        expect(listB.data.every((t) => t.merchant_id === b.id)).toBe(true);
        const { n } = (await sql`select count(*)::int as n from customer_transactions where merchant_id = ${b.id}`)[0]!;
        if (query === '' || query === '?size=100') expect(listB.pagination.total).toBe(n);
        const listA = (await a.api.get(`/api/v1/merchants/customer/transactions${query}`)).body;
        expect(listA.data.map((t) => t.transaction_id)).not.toContain(bDepositId);
        expect(listA.data.every((t) => t.merchant_id === a.id)).toBe(true);
      }
    });

    it("B's wallet transactions are lines of B's wallets only", async () => {
      const bWallets = (await sql`select id from wallets where merchant_id = ${b.id}`).map((w) => w.id as string);
      const aEntries = (await sql`select id from ledger_entries where merchant_id = ${a.id}`).map(
        (e) => e.id as string,
      );
      expect(aEntries.length).toBeGreaterThan(0);
      const res = await b.call(contract.listWalletTransactions, { query: { size: 100 } });
      expectStatus(res, 200);
      const lines = res.body.data as {
        merchant_id: string;
        wallet_id: string;
        entry_id: string;
        customer_transaction_id: string | null;
      }[];
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((l) => l.merchant_id === b.id && bWallets.includes(l.wallet_id))).toBe(true);
      expect(lines.some((l) => aEntries.includes(l.entry_id))).toBe(false);
      expect(lines.map((l) => l.customer_transaction_id)).not.toContain(aDeposit.transaction_id);
      const { n } = (
        await sql`select count(*)::int as n from ledger_lines where merchant_id = ${b.id} and wallet_id is not null`
      )[0]!;
      expect(res.body.pagination.total).toBe(n);
    });

    it("B's settlement batches are B's only, with B's transactions only", async () => {
      const aBatches = (await sql`select id from settlement_batches where merchant_id = ${a.id}`).map(
        (x) => x.id as string,
      );
      expect(aBatches.length).toBeGreaterThan(0);
      const res = await b.call(contract.listSettlementBatches, { query: { size: 100 } });
      expectStatus(res, 200);
      const batches = res.body.data as {
        id: string;
        merchant_id: string;
        transactions: { transaction_id: string }[];
      }[];
      expect(batches.length).toBeGreaterThan(0);
      expect(batches.every((x) => x.merchant_id === b.id)).toBe(true);
      expect(batches.some((x) => aBatches.includes(x.id))).toBe(false);
      const inside = batches.flatMap((x) => x.transactions.map((t) => t.transaction_id));
      expect(inside).toContain(bDepositId);
      expect(inside).not.toContain(aDeposit.transaction_id);
    });

    it("B's conversions never show A's", async () => {
      for (const query of ['', '?from_currency=GHS', '?to_currency=usd', '?status=completed']) {
        const res = await b.api.get(`/api/v1/merchants/conversion${query}`);
        expect(res.status, query).toBe(200);
        const ids = res.body.data.map((c) => c.conversion_id);
        expect(ids, query).toContain(bConversionId);
        expect(ids, query).not.toContain(aConversionId);
        expect(res.body.data.every((c) => c.merchant_id === b.id)).toBe(true);
      }
      const listA = (await a.ok(contract.listConversions)).body.data.map((c) => c.conversion_id);
      expect(listA).toContain(aConversionId);
      expect(listA).not.toContain(bConversionId);
    });

    it("B cannot refund A's deposit or A's checkout: 404 like an unknown id, nothing moves", async () => {
      const beforeA = await money(a.id);
      const beforeB = await money(b.id);
      const attempts = [
        {
          body: { transaction_id: aDeposit.transaction_id, amount: 1, reason: 'steal' },
          ghost: { transaction_id: GHOST, amount: 1, reason: 'steal' },
        },
        {
          body: { transaction_id: aDeposit.transaction_id, reason: 'steal' },
          ghost: { transaction_id: GHOST, reason: 'steal' },
        },
        {
          body: { checkout_id: aCheckoutId, amount: 1, reason: 'steal' },
          ghost: { checkout_id: GHOST, amount: 1, reason: 'steal' },
        },
      ];
      for (const { body, ghost } of attempts) {
        const res = await b.call(contract.createRefund, { body });
        expectStatus(res, 404);
        expectErrorShape(res.body, 'not_found');
        expect(res.text).not.toContain(aDeposit.transaction_id);
        expect(res.text).not.toContain(aCheckoutId);
        const unknown = await b.call(contract.createRefund, { body: ghost });
        expectStatus(unknown, 404);
        expect(unknown.body.message).toBe(res.body.message);
        // With an Idempotency-Key too (the replay store must not leak or act across merchants).
        const keyed = await b.call(contract.createRefund, {
          body,
          headers: {
            'idempotency-key': crypto.randomUUID(),
          },
        });
        expectStatus(keyed, 404);
      }
      expect(await money(a.id)).toEqual(beforeA);
      expect(await money(b.id)).toEqual(beforeB);
      // Positive control: A can refund it.
      const own = await a.call(contract.createRefund, {
        body: {
          transaction_id: aDeposit.transaction_id,
          amount: 1,
          reason: 'ok',
        },
      });
      expectStatus(own, 200);
    });

    it("B cannot use A's quote (404); the quote stays usable by A", async () => {
      const beforeA = await money(a.id);
      const beforeB = await money(b.id);
      const res = await b.call(contract.convertCurrency, {
        body: {
          quote_id: aQuoteId,
          idempotency_key: crypto.randomUUID(),
        },
      });
      expectStatus(res, 404);
      expectErrorShape(res.body, 'not_found');
      expect(res.text).not.toContain(aQuoteId);
      const unknown = await b.call(contract.convertCurrency, {
        body: {
          quote_id: GHOST,
          idempotency_key: crypto.randomUUID(),
        },
      });
      expectStatus(unknown, 404);
      expect(unknown.body.message).toBe(res.body.message);
      expect(await money(a.id)).toEqual(beforeA);
      expect(await money(b.id)).toEqual(beforeB);
      const [row] = await sql`select used_at from conversion_quotes where id = ${aQuoteId}`;
      expect(row!.used_at).toBeNull();
      const own = await a.call(contract.convertCurrency, {
        body: {
          quote_id: aQuoteId,
          idempotency_key: crypto.randomUUID(),
        },
      });
      expectStatus(own, 200);
    });
  });
});
