import { beforeAll, describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectErrorShape, expectStatus, successBody } from '../support/caller';
import { contract } from '../support/contract';
import { ownedResources } from '../support/owned-resources';

/**
 * Merchant lists and money: another merchant's rows never appear in a listing, and ids met in a body
 * (a refund's deposit or checkout, a conversion's quote) are the 404 of an unknown id, moving nothing.
 * Every merchant operation that names a resource in its path is checked in tests/integration/security.test.ts
 * (another merchant's id is a 404, the resource unchanged), with the resources of tests/support/owned-resources.ts.
 */
const sql = testSql();
const owned = ownedResources(sql);

let a: Merchant;
let b: Merchant;

beforeAll(async () => {
  a = await newMerchant({ name: 'Merchant A' });
  b = await newMerchant({ name: 'Merchant B' });
});

describe('tenant isolation', () => {
  it("B's list never shows A's checkouts, and A's list never shows B's", async () => {
    const mine = await owned.newCheckout(a);
    const theirs = await owned.newCheckout(b);
    const listA = (await a.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data;
    const listB = (await b.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data;
    expect(listA.map((c) => c.id)).toContain(mine.params.checkout_id);
    expect(listA.map((c) => c.id)).not.toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).toContain(theirs.params.checkout_id);
    expect(listB.map((c) => c.id)).not.toContain(mine.params.checkout_id);
    expect(listA.every((c) => c.merchant_id === a.id)).toBe(true);
    expect(listB.every((c) => c.merchant_id === b.id)).toBe(true);
  });

  it("B's API key list never shows A's keys", async () => {
    const listB = (await b.ok(contract.listApiKeys)).body.data;
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
      return done.body.data.conversion_id;
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
      for (const query of ['', 'currency_code=GHS', 'transaction_type=deposit', 'status=completed', 'size=100']) {
        const listB = successBody(await b.send(contract.listCustomerTransactions, { query }));
        const idsB = listB.data.map((t) => t.transaction_id);
        expect(idsB, query).toContain(bDepositId);
        expect(idsB, query).not.toContain(aDeposit.transaction_id);
        expect(listB.data.every((t) => t.merchant_id === b.id)).toBe(true);
        const { n } = (await sql`select count(*)::int as n from customer_transactions where merchant_id = ${b.id}`)[0]!;
        if (query === '' || query === 'size=100') expect(listB.pagination.total).toBe(n);
        const listA = successBody(await a.send(contract.listCustomerTransactions, { query }));
        expect(listA.data.map((t) => t.transaction_id)).not.toContain(bDepositId);
        expect(listA.data.every((t) => t.merchant_id === a.id)).toBe(true);
      }
    });

    it("B's wallet transactions are lines of B's wallets only", async () => {
      const bWallets = (await sql<{ id: string }[]>`select id from wallets where merchant_id = ${b.id}`).map(
        (w) => w.id,
      );
      const aEntries = (await sql<{ id: string }[]>`select id from ledger_entries where merchant_id = ${a.id}`).map(
        (e) => e.id,
      );
      expect(aEntries.length).toBeGreaterThan(0);
      const res = await b.call(contract.listWalletTransactions, { query: { size: 100 } });
      expectStatus(res, 200);
      const lines = res.body.data;
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
      const aBatches = (await sql<{ id: string }[]>`select id from settlement_batches where merchant_id = ${a.id}`).map(
        (x) => x.id,
      );
      expect(aBatches.length).toBeGreaterThan(0);
      const res = await b.call(contract.listSettlementBatches, { query: { size: 100 } });
      expectStatus(res, 200);
      const batches = res.body.data;
      expect(batches.length).toBeGreaterThan(0);
      expect(batches.every((x) => x.merchant_id === b.id)).toBe(true);
      expect(batches.some((x) => aBatches.includes(x.id))).toBe(false);
      const inside = batches.flatMap((x) => x.transactions.map((t) => t.transaction_id));
      expect(inside).toContain(bDepositId);
      expect(inside).not.toContain(aDeposit.transaction_id);
    });

    it("B's conversions never show A's", async () => {
      for (const query of ['', 'from_currency=GHS', 'to_currency=usd', 'status=completed']) {
        const res = await b.send(contract.listConversions, { query });
        expectStatus(res, 200, query);
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
