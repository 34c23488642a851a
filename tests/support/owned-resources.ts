import crypto from 'node:crypto';
import { expect } from 'vitest';
import { caller, type BodyOf, type DataOf } from './caller';

import { contract } from './contract';
import type { TestSql } from './database';
import { minimalCheckout, paidCheckout, settleEverything, type Merchant } from './fixtures';

/**
 * A resource of one merchant, made through the API, for tests that point other callers at it: the
 * values of its path parameters, and everything observable about it, to compare before and after
 * (tests/integration/security.test.ts: another merchant's id is a 404 and changes nothing).
 */
export interface OwnedResource<P extends Record<string, string> = Record<string, string>> {
  /** Values for the operation's path parameters. */
  params: P;
  /** Everything observable about the resource, to compare before and after someone else's attempts. */
  snapshot: () => Promise<unknown>;
  /** For parameters every merchant has (a wallet's currency code): the owner's resource they name. */
  ownersId?: string;
}

/** Makes owned resources with the test file's own database connection (`testSql()`). */
export function ownedResources(sql: TestSql) {
  async function newCheckout(owner: Merchant): Promise<OwnedResource<{ checkout_id: string }>> {
    const res = await owner.call(contract.createCheckout, {
      body: { ...minimalCheckout, meta_data: { order_id: 'A-1' } },
    });
    if (!res.ok) throw new Error(`checkout creation failed: ${res.text}`);
    const id = res.body.data.id;
    return {
      params: { checkout_id: id },
      snapshot: async () => ({
        row: await sql`select * from checkouts where id = ${id}`,
        events: await sql`select event_type, data from events where resource_id = ${id} order by sequence`,
        jobs: await sql`select run_at, key from graphile_worker._private_jobs where payload->>'checkout_id' = ${id}`,
      }),
    };
  }

  /** The owner's checkout button (embed session), with its state and the checkouts it created. */
  async function newEmbedSession(owner: Merchant): Promise<OwnedResource<{ embed_session_id: string }>> {
    const res = await owner.call(contract.createEmbedSession, {
      body: { amount: 40, currency_code: 'GHS', allowed_origins: ['https://a.example'] },
    });
    if (!res.ok) throw new Error(`embed session creation failed: ${res.text}`);
    const id = res.body.data.id;
    return {
      params: { embed_session_id: id },
      snapshot: async () => ({
        row: await sql`select * from embed_sessions where id = ${id}`,
        checkouts: await sql`select checkout_id from embed_session_checkouts where embed_session_id = ${id}`,
      }),
    };
  }

  /** The owner's payment link, with its row and the checkouts started from it. */
  async function newPaymentLink(owner: Merchant): Promise<OwnedResource<{ payment_link_id: string }>> {
    const res = await owner.call(contract.createPaymentLink, {
      body: { currency_code: 'GHS', description: 'Haircut', amount: 40 },
    });
    if (!res.ok) throw new Error(`payment link creation failed: ${res.text}`);
    const id = res.body.data.id;
    return {
      params: { payment_link_id: id },
      snapshot: async () => ({
        row: await sql`select * from payment_links where id = ${id}`,
        checkouts: await sql`select id from checkouts where payment_link_id = ${id}`,
      }),
    };
  }

  /** A second API key of the owner, and whether it still authenticates. */
  async function newApiKey(owner: Merchant): Promise<OwnedResource<{ key_id: string }>> {
    const res = await owner.call(contract.createApiKey, { body: { name: 'Second key' } });
    if (!res.ok) throw new Error(`api key creation failed: ${res.text}`);
    const { id, secret_key } = res.body.data;
    return {
      params: { key_id: id },
      snapshot: async () => ({
        row: await sql`select status, revoked_at, revoked_by, updated_at, deleted_at from api_keys where id = ${id}`,
        // The key still authenticates (a GET that needs FULL_ACCESS).
        works: (await caller({ 'x-api-key': secret_key }).call(contract.listApiKeys)).status,
      }),
    };
  }

  async function newDeposit(owner: Merchant): Promise<OwnedResource<{ transaction_id: string }>> {
    const { deposit } = await paidCheckout(owner, { meta_data: { order_id: 'A-2' } });
    const id = deposit.transaction_id;
    return {
      params: { transaction_id: id },
      snapshot: async () => ({
        row: await sql`select * from customer_transactions where id = ${id}`,
        refunds: await sql`select id from customer_transactions where refunds_transaction_id = ${id}`,
      }),
    };
  }

  /** Gives the owner available GHS (a settled deposit) and converts some of it to USD. */
  async function newConversion(owner: Merchant): Promise<OwnedResource<{ conversion_id: string }>> {
    await paidCheckout(owner, { amount: 100 });
    await settleEverything(owner.id);
    const quote = await owner.call(contract.createConversionQuote, {
      body: { from_currency: 'GHS', to_currency: 'USD', amount: 20 },
    });
    if (!quote.ok) throw new Error(`quote failed: ${quote.text}`);
    const converted = await owner.call(contract.convertCurrency, {
      body: { quote_id: quote.body.data.quote_id, idempotency_key: `iso-${crypto.randomUUID()}` },
    });
    if (!converted.ok) throw new Error(`conversion failed: ${converted.text}`);
    const id = converted.body.data.conversion_id;
    return {
      params: { conversion_id: id },
      snapshot: async () => ({
        row: await sql`select * from conversions where id = ${id}`,
        wallets:
          await sql`select id, holding_balance, available_balance from wallets where tenant_id = ${owner.tenant.id} order by id`,
      }),
    };
  }

  /** A second (non-primary) GHS bank account of the owner, so deleting it is allowed. */
  async function newPaymentAccount(owner: Merchant): Promise<OwnedResource<{ account_id: string }>> {
    let id = '';
    for (const suffix of ['0001', '0002']) {
      const res = await owner.call(contract.createPaymentAccount, {
        body: {
          currency_code: 'GHS',
          account_type: 'bank_account',
          account_number: `00123456${suffix}`,
          bank_name: 'GCB Bank',
          account_holder_name: 'Merchant A Ltd',
        },
      });
      if (!res.ok) throw new Error(`payment account creation failed: ${res.text}`);
      id = res.body.data.id;
    }
    return {
      params: { account_id: id },
      snapshot: async () => ({ row: await sql`select * from payment_accounts where id = ${id}` }),
    };
  }

  /** A PENDING withdrawal (or payout) of 5.00 GHS from the owner's settled balance. */
  const newMoneyOut =
    (kind: 'withdrawal' | 'payout') =>
    async (owner: Merchant): Promise<OwnedResource<{ transaction_id: string }>> => {
      await paidCheckout(owner, { amount: 20 });
      await settleEverything(owner.id);
      const withdrawal = {
        amount: 5,
        currency_code: 'GHS',
        payout_type: 'mobile_money',
        recipient_details: { recipient_name: 'Ama Mensah', mobile_number: '0241234567', network_provider: 'mtn_momo' },
      } satisfies BodyOf<typeof contract.createWithdrawal>;
      const res =
        kind === 'payout'
          ? await owner.call(contract.createPayout, { body: { ...withdrawal, payout_reason: 'Supplier invoice 17' } })
          : await owner.call(contract.createWithdrawal, { body: withdrawal });
      if (!res.ok) throw new Error(`${kind} creation failed: ${res.text}`);
      const id = res.body.data.transaction_id;
      return {
        params: { transaction_id: id },
        snapshot: async () => ({
          row: await sql`select * from customer_transactions where id = ${id}`,
          wallet: await walletOf(owner.tenant.id, 'GHS'),
          events: await sql`select event_type from events where resource_id = ${id} order by sequence`,
        }),
      };
    };

  /** The owner's webhook endpoint (never called: no dispatcher runs) with one delivery, a test event's. */
  async function newWebhook(owner: Merchant): Promise<OwnedResource<{ webhook_id: string; delivery_id: string }>> {
    const res = await owner.call(contract.createWebhook, {
      body: { url: 'https://93.184.215.14/hooks', events: ['checkout.paid'] },
    });
    if (!res.ok) throw new Error(`webhook creation failed: ${res.text}`);
    const id = res.body.data.id;
    const test = await owner.call(contract.sendWebhookTest, { params: { webhook_id: id } });
    if (!test.ok) throw new Error(`test event failed: ${test.text}`);
    return {
      params: { webhook_id: id, delivery_id: test.body.data.delivery_id },
      snapshot: async () => ({
        row: await sql`select * from webhook_endpoints where id = ${id}`,
        deliveries: await sql`select * from webhook_deliveries where endpoint_id = ${id} order by created_at, id`,
      }),
    };
  }

  const walletOf = async (tenantId: string, code: string) =>
    (
      await sql<
        { id: string; status: string; holding_balance: string; available_balance: string }[]
      >`select w.* from wallets w join currencies c on c.id = w.currency_id where w.tenant_id = ${tenantId} and c.code = ${code}`
    )[0]!;

  /** The owner's wallet in `code`, with money in it, named by its currency code. */
  const ownWallet =
    (code: string) =>
    async (owner: Merchant): Promise<OwnedResource<{ currency_code: string }>> => {
      await paidCheckout(owner, { amount: 30, currency_code: code });
      const wallet = await walletOf(owner.tenant.id, code);
      return {
        params: { currency_code: code },
        ownersId: wallet.id,
        snapshot: async () => ({
          row: await walletOf(owner.tenant.id, code),
          events: await sql`select event_type, data from events where resource_id = ${wallet.id} order by sequence`,
        }),
      };
    };

  /** `answer` shows the caller's own wallet in that currency: its ids and balances, nothing of the owner's. */
  async function expectCallersWallet(
    who: Merchant,
    answer: { body: { data: DataOf<typeof contract.getWallet> }; text: string },
    owned: OwnedResource,
  ) {
    const code = owned.params.currency_code!.toUpperCase();
    const mine = await walletOf(who.tenant.id, code);
    const wallet = answer.body.data;
    expect(wallet).toMatchObject({ id: mine.id, merchant_id: who.id, currency_name: code });
    expect(wallet.holding_balance).toBe(Number(mine.holding_balance) / 100);
    expect(wallet.available_balance).toBe(Number(mine.available_balance) / 100);
    expect(owned.ownersId).toBeDefined();
    expect(wallet.id).not.toBe(owned.ownersId);
    expect(answer.text).not.toContain(owned.ownersId!);
  }

  return {
    newCheckout,
    newEmbedSession,
    newPaymentLink,
    newApiKey,
    newDeposit,
    newConversion,
    newPaymentAccount,
    newMoneyOut,
    newWebhook,
    walletOf,
    ownWallet,
    expectCallersWallet,
  };
}
