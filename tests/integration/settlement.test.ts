import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import { admin, newMerchant, paidCheckout, expectReconciled, wallet, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { caller, expectErrorShape, expectStatus, successBody, type BodyOf, type DataOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Settlement (spec 3.2, 4.2; issue 4 "Settlement"): a run moves completed deposits older than
 * SETTLEMENT_DELAY_MINUTES (default 1440) before `as_of` from holding to available, one batch per
 * merchant and currency, marks them settled and completes their checkouts; exactly once, even when
 * runs overlap. Then the merchant's views of it (settlement batches, wallet transactions), the
 * operator's reconciliation, and the database's own guards on the journal.
 *
 * Deposits here are sandbox bank transfers: fee 1.00 % half up (100.00 → 99.00 net, 25.50 → 25.24).
 */
const RUN = '/api/admin/v1/settlements/run';
const DAY = 86_400_000;
const DELAY_MS = 1440 * 60_000;

const BATCH_FIELDS = [
  'id',
  'merchant_id',
  'wallet_id',
  'currency_code',
  'transaction_count',
  'gross_amount',
  'fee_amount',
  'net_amount',
  'settled_amount',
  'cutoff_at',
  'created_at',
];

const sql = testSql();
const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function run(body: BodyOf<typeof contract.runSettlement> = {}) {
  const res = await admin().call(contract.runSettlement, { body });
  expectStatus(res, 200);
  return res.body.data;
}

async function transaction(m: Merchant, id: string) {
  const res = await m.call(contract.getCustomerTransaction, { params: { transaction_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

const depositRow = async (id: string) => (await sql`select * from customer_transactions where id = ${id}`)[0]!;
const checkoutRow = async (id: string) => (await sql`select * from checkouts where id = ${id}`)[0]!;
const eventTypes = async (resourceId: string) =>
  (await sql`select event_type from events where resource_id = ${resourceId} order by sequence`).map(
    (e) => e.event_type as string,
  );

describe('operator endpoints need the admin bearer token', () => {
  it('401 without it, with a wrong one, or with a merchant key; nothing is settled', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop);
    const wrong: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: process.env.ADMIN_API_TOKEN! }, // without "Bearer"
      { 'x-api-key': shop.apiKey },
    ];
    for (const headers of wrong) {
      const runRes = await caller(headers).call(contract.runSettlement, { body: { as_of: iso(2 * DAY) } });
      expectStatus(runRes, 401);
      expectErrorShape(runRes.body);
      const recon = await caller(headers).call(contract.getLedgerReconciliation);
      expectStatus(recon, 401);
      expectErrorShape(recon.body);
    }
    expect((await depositRow(deposit.transaction_id)).settlement_status).toBe('unsettled');
  });

  it('validates the run body', async () => {
    for (const body of [
      { as_of: 'yesterday' },
      { as_of: 12 },
      { as_of: iso(400 * DAY) },
      { merchant_id: 'abc' },
      { as_of: iso(0), dry_run: true },
    ]) {
      const res = await admin().send(contract.runSettlement, { body });
      expectStatus(res, 422, JSON.stringify(body));
      expectErrorShape(res.body, 'validation_error');
    }
    // A time without a zone is UTC, as every timestamp of the API (spec 2.1).
    const local = new Date(Date.now() + 2 * DAY).toISOString().replace(/Z$/, '');
    const ghostMerchant = '00000000-0000-4000-8000-000000000000';
    const ok = await run({ as_of: local, merchant_id: ghostMerchant });
    expect(ok.cutoff).toBe(new Date(new Date(`${local}Z`).getTime() - DELAY_MS).toISOString().replace(/Z$/, ''));
    expect(ok.batches).toEqual([]);
    expect((await admin().call(contract.getLedgerReconciliation, { query: { merchant_id: 'abc' } })).status).toBe(422);
    expect((await admin().send(contract.getLedgerReconciliation, { query: 'foo=1' })).status).toBe(422);
    expect((await admin().raw('GET', RUN)).status).toBe(405);
  });
});

describe('POST /api/admin/v1/settlements/run', () => {
  it('settles deposits older than the delay before as_of, and not newer ones', async () => {
    const shop = await newMerchant();
    const { checkout, deposit } = await paidCheckout(shop, { amount: 100 });

    // As of now, a deposit made now is not a day old.
    const now = await run({ merchant_id: shop.id });
    expect(now.batches).toEqual([]);
    expect(Math.abs(ms(now.cutoff) - (Date.now() - DELAY_MS))).toBeLessThan(60_000);
    expect((await depositRow(deposit.transaction_id)).settlement_status).toBe('unsettled');
    expect(await wallet(shop)).toMatchObject({ holding_balance: 99, available_balance: 0, last_settlement_at: null });

    // As of two days from now, it is.
    const asOf = iso(2 * DAY);
    const later = await run({ as_of: asOf, merchant_id: shop.id });
    expect(ms(later.cutoff)).toBe(new Date(asOf).getTime() - DELAY_MS);
    expect(later.batches).toHaveLength(1);
    expect(later.checkouts_completed).toBe(1);
    const batch = later.batches[0]!;
    expect(Object.keys(batch).sort()).toEqual([...BATCH_FIELDS].sort());
    expect(batch).toMatchObject({
      merchant_id: shop.id,
      currency_code: 'GHS',
      transaction_count: 1,
      gross_amount: 100,
      fee_amount: 1,
      net_amount: 99,
      settled_amount: 99,
      cutoff_at: later.cutoff,
    });
    expect(batch.id).toMatch(UUID);
    expect(batch.wallet_id).toBe((await wallet(shop)).id);
    expect(batch.created_at).toMatch(TIMESTAMP);

    // The transaction: settled, when, in which batch.
    const t = await transaction(shop, deposit.transaction_id);
    expect(t).toMatchObject({ settlement_status: 'settled', settlement_batch_id: batch.id, status: 'completed' });
    expect(t.settled_at).toMatch(TIMESTAMP);
    expect(Math.abs(ms(t.settled_at!) - Date.now())).toBeLessThan(60_000);

    // The wallet: holding → available, last_settlement_at.
    const w = await wallet(shop);
    expect(w).toMatchObject({ holding_balance: 0, available_balance: 99, balance: 99 });
    expect(w.last_settlement_at).toMatch(TIMESTAMP);

    // The checkout: paid → completed, with checkout.completed.
    const c = await checkoutRow(checkout.id);
    expect(c.status).toBe('completed');
    expect(c.completed_at).not.toBeNull();
    const events = await eventTypes(checkout.id);
    expect(events.filter((e) => e === 'checkout.completed')).toHaveLength(1);
    expect(events.at(-1)).toBe('checkout.completed');
    const [completed] =
      await sql`select data, merchant_id from events where resource_id = ${checkout.id} and event_type = 'checkout.completed'`;
    expect(completed!.merchant_id).toBe(shop.id);
    expect(completed!.data).toMatchObject({ id: checkout.id, status: 'completed' });
    const read = await shop.ok(contract.getCheckout, { params: { checkout_id: checkout.id } });
    expect(read.body.data.status).toBe('completed');
    // The batch is announced too.
    expect(await eventTypes(batch.id)).toEqual(['settlement.completed']);

    await expectReconciled(shop.id);
  });

  it('the delay is measured from completion: 1441 minutes old is due, 1439 is not', async () => {
    const shop = await newMerchant();
    const old = await paidCheckout(shop, { amount: 10 });
    const young = await paidCheckout(shop, { amount: 20 });
    await sql`update customer_transactions set completed_at = now() - interval '1441 minutes' where id = ${old.deposit.transaction_id}`;
    await sql`update customer_transactions set completed_at = now() - interval '1439 minutes' where id = ${young.deposit.transaction_id}`;
    const res = await run({ merchant_id: shop.id });
    expect(res.batches).toHaveLength(1);
    expect(res.batches[0]).toMatchObject({
      transaction_count: 1,
      gross_amount: 10,
      net_amount: 9.9,
      settled_amount: 9.9,
    });
    expect((await depositRow(old.deposit.transaction_id)).settlement_status).toBe('settled');
    expect((await depositRow(young.deposit.transaction_id)).settlement_status).toBe('unsettled');
    expect(await wallet(shop)).toMatchObject({ available_balance: 9.9, holding_balance: 19.8 });
    expect((await checkoutRow(old.checkout.id)).status).toBe('completed');
    expect((await checkoutRow(young.checkout.id)).status).toBe('paid');
  });

  it('one batch per merchant and currency; a merchant filter settles only that merchant', async () => {
    const a = await newMerchant({ name: 'A' });
    const b = await newMerchant({ name: 'B' });
    await paidCheckout(a, { amount: 100 });
    await paidCheckout(a, { amount: 50 });
    await paidCheckout(a, { amount: 10, currency_code: 'USD' });
    const bDeposit = await paidCheckout(b, { amount: 30 });

    const onlyA = await run({ as_of: iso(2 * DAY), merchant_id: a.id });
    const byCurrency = Object.fromEntries(onlyA.batches.map((x) => [x.currency_code, x]));
    expect(Object.keys(byCurrency).sort()).toEqual(['GHS', 'USD']);
    const totals = (x: DataOf<typeof contract.runSettlement>['batches'][number]) =>
      [x.merchant_id, x.transaction_count, x.gross_amount, x.fee_amount, x.net_amount, x.settled_amount] as unknown[];
    expect(totals(byCurrency.GHS!)).toEqual([a.id, 2, 150, 1.5, 148.5, 148.5]);
    expect(totals(byCurrency.USD!)).toEqual([a.id, 1, 10, 0.1, 9.9, 9.9]);
    expect(onlyA.checkouts_completed).toBe(3);
    expect(await wallet(a, 'GHS')).toMatchObject({ holding_balance: 0, available_balance: 148.5 });
    expect(await wallet(a, 'USD')).toMatchObject({ holding_balance: 0, available_balance: 9.9 });
    // B untouched.
    expect((await depositRow(bDeposit.deposit.transaction_id)).settlement_status).toBe('unsettled');
    expect((await checkoutRow(bDeposit.checkout.id)).status).toBe('paid');
    expect(await wallet(b)).toMatchObject({ holding_balance: 29.7, available_balance: 0 });

    const onlyB = await run({ as_of: iso(2 * DAY), merchant_id: b.id });
    expect(onlyB.batches.map((x) => [x.merchant_id, x.currency_code, x.settled_amount])).toEqual([[b.id, 'GHS', 29.7]]);
  });

  it('a duplicate deposit settles with the rest; its checkout completes once', async () => {
    const shop = await newMerchant();
    const { checkout } = await paidCheckout(shop, { amount: 40, scenario: 'duplicate' });
    const res = await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    expect(res.batches).toHaveLength(1);
    expect(res.batches[0]).toMatchObject({
      transaction_count: 2,
      gross_amount: 80,
      net_amount: 79.2,
      settled_amount: 79.2,
    });
    expect(res.checkouts_completed).toBe(1);
    expect((await eventTypes(checkout.id)).filter((e) => e === 'checkout.completed')).toHaveLength(1);
    const unsettled =
      await sql`select id from customer_transactions where merchant_id = ${shop.id} and settlement_status <> 'settled'`;
    expect(unsettled).toHaveLength(0);
  });

  it('running again settles nothing and changes nothing', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    await paidCheckout(shop, { amount: 20, currency_code: 'EUR' });
    const first = await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    expect(first.batches).toHaveLength(2);
    const snapshot = async () => ({
      wallets: await sql`
        select id, holding_balance, available_balance, last_settlement_at, updated_at from wallets where merchant_id = ${shop.id} order by id`,
      batches: await sql`select * from settlement_batches where merchant_id = ${shop.id} order by id`,
      entries: await sql`select count(*)::int as n from ledger_entries where merchant_id = ${shop.id}`,
      transactions: await sql`
        select id, settlement_status, settled_at, settlement_batch_id, updated_at
          from customer_transactions where merchant_id = ${shop.id} order by id`,
      events: await sql`select count(*)::int as n from events where merchant_id = ${shop.id}`,
    });
    const before = await snapshot();
    for (const asOf of [iso(2 * DAY), iso(3 * DAY), undefined]) {
      const again = await run({ ...(asOf ? { as_of: asOf } : {}), merchant_id: shop.id });
      expect(again.batches).toEqual([]);
      expect(again.checkouts_completed).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/v1/merchants/wallet/settlements', () => {
  it('lists batches newest first with their totals and their transactions', async () => {
    const shop = await newMerchant();
    const first = await paidCheckout(shop, { amount: 100 });
    const second = await paidCheckout(shop, { amount: 25.5 });
    const usd = await paidCheckout(shop, { amount: 10, currency_code: 'USD' });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    const third = await paidCheckout(shop, { amount: 50 });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });

    const res = await shop.call(contract.listSettlementBatches);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(res.body.pagination).toEqual({ total: 3, page: 1, size: 20, total_pages: 1, has_more: false });
    const batches = res.body.data;
    expect(batches).toHaveLength(3);
    expect(batches.every((b) => b.merchant_id === shop.id)).toBe(true);
    // Newest first: the lone 50.00 batch.
    expect(batches[0]).toMatchObject({
      currency_code: 'GHS',
      transaction_count: 1,
      gross_amount: 50,
      fee_amount: 0.5,
      net_amount: 49.5,
    });
    expect(batches[0]!.settled_amount).toBe(49.5);
    expect(batches[0]!.transactions.map((t) => t.transaction_id)).toEqual([third.deposit.transaction_id]);
    for (let i = 1; i < batches.length; i++)
      expect(ms(batches[i - 1]!.created_at)).toBeGreaterThanOrEqual(ms(batches[i]!.created_at));

    const ghs = batches.find((b) => b.currency_code === 'GHS' && b.transaction_count === 2)!;
    expect(ghs).toMatchObject({ gross_amount: 125.5, fee_amount: 1.26, net_amount: 124.24, settled_amount: 124.24 });
    expect(ghs.transactions).toHaveLength(2);
    const members = ghs.transactions.map((t) => t.transaction_id).sort();
    expect(members).toEqual([first.deposit.transaction_id, second.deposit.transaction_id].sort());
    expect(ghs.transactions.find((t) => t.transaction_id === second.deposit.transaction_id)).toMatchObject({
      checkout_session_id: second.checkout.id,
      amount: 25.5,
      fee_amount: 0.26,
      net_amount: 25.24,
    });
    // Totals are the sums of their transactions.
    for (const b of batches) {
      const sum = (k: 'amount' | 'fee_amount' | 'net_amount') =>
        Math.round(b.transactions.reduce((s, t) => s + t[k] * 100, 0)) / 100;

      expect(b.transactions).toHaveLength(b.transaction_count);
      expect([sum('amount'), sum('fee_amount'), sum('net_amount')]).toEqual([
        b.gross_amount,
        b.fee_amount,
        b.net_amount,
      ]);
      for (const t of b.transactions)
        expect((await transaction(shop, t.transaction_id)).settlement_batch_id).toBe(b.id);
    }
    const usdBatch = batches.find((b) => b.currency_code === 'USD')!;
    expect(usdBatch.transactions.map((t) => t.transaction_id)).toEqual([usd.deposit.transaction_id]);

    // Filter and paging.
    const onlyUsd = await shop.ok(contract.listSettlementBatches, { query: { currency_code: 'usd' } });
    expect(onlyUsd.body.data.map((b) => b.id)).toEqual([usdBatch.id]);
    const page2 = await shop.ok(contract.listSettlementBatches, { query: { size: 1, page: 2 } });
    expect(page2.body.pagination).toEqual({ total: 3, page: 2, size: 1, total_pages: 3, has_more: true });
    expect(page2.body.data.map((b) => b.id)).toEqual([batches[1]!.id]);
    for (const query of ['currency_code=XYZ', 'size=101', 'page=0', 'foo=1']) {
      const bad = await shop.send(contract.listSettlementBatches, { query });
      expectStatus(bad, 422, query);
      expectErrorShape(bad.body, 'validation_error');
    }
    // A merchant without settlements has none.
    const fresh = await newMerchant();
    expect((await fresh.ok(contract.listSettlementBatches)).body.data).toEqual([]);
    expect((await caller().call(contract.listSettlementBatches)).status).toBe(401);
  });
});

describe('GET /api/v1/merchants/wallet/transactions', () => {
  it('shows deposit, fee and settlement lines with signed amounts and the balance after each', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 25.5 });
    const settled = await run({ as_of: iso(2 * DAY), merchant_id: shop.id });
    const batchId = settled.batches[0]!.id;
    const ghsWallet = await wallet(shop);

    const res = await shop.call(contract.listWalletTransactions);
    expectStatus(res, 200);
    expect(res.body.pagination).toEqual({ total: 4, page: 1, size: 50, total_pages: 1, has_more: false });
    const lines = res.body.data;
    expect(lines.map((l) => [l.transaction_type, l.balance_type, l.amount, l.balance_after])).toEqual([
      ['settlement', 'available', 25.24, 25.24],
      ['settlement', 'holding', -25.24, 0],
      ['fee', 'holding', -0.26, 25.24],
      ['deposit', 'holding', 25.5, 25.5],
    ]);
    for (const l of lines) {
      expect(l).toMatchObject({ merchant_id: shop.id, wallet_id: ghsWallet.id, currency_code: 'GHS' });
      expect(l.direction).toBe(l.amount > 0 ? 'credit' : 'debit');
      expect(l.created_at).toMatch(TIMESTAMP);
      expect(typeof l.description).toBe('string');
    }
    expect(lines[0]!.settlement_batch_id).toBe(batchId);
    expect(lines[1]!.settlement_batch_id).toBe(batchId);
    expect(lines[2]!.customer_transaction_id).toBe(deposit.transaction_id);
    expect(lines[3]!.customer_transaction_id).toBe(deposit.transaction_id);
    // The latest balance_after of each bucket is the wallet's balance.
    expect(ghsWallet).toMatchObject({ available_balance: 25.24, holding_balance: 0 });
  });

  it('filters by transaction_type and currency_code (any case), pages, and refuses bad filters', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    await paidCheckout(shop, { amount: 10, currency_code: 'USD' });
    await run({ as_of: iso(2 * DAY), merchant_id: shop.id });

    const get = async (query: string) => {
      const res = await shop.send(contract.listWalletTransactions, { query });
      expectStatus(res, 200, `${query}: ${res.text}`);
      return res.body;
    };
    expect((await get('')).pagination.total).toBe(8);
    const settlements = await get('transaction_type=settlement');
    expect(settlements.data).toHaveLength(4);
    expect(settlements.data.every((l) => l.transaction_type === 'settlement')).toBe(true);
    const fees = await get('transaction_type=FEE');
    expect(fees.data.map((l) => [l.currency_code, l.amount])).toEqual([
      ['USD', -0.1],
      ['GHS', -1],
    ]);
    const usd = await get('currency_code=usd');
    expect(usd.data).toHaveLength(4);
    expect(usd.data.every((l) => l.currency_code === 'USD')).toBe(true);
    const both = await get('currency_code=GHS&transaction_type=deposit');
    expect(both.data.map((l) => [l.currency_code, l.amount, l.balance_after])).toEqual([['GHS', 100, 100]]);
    expect((await get('transaction_type=refund')).data).toEqual([]);

    const p1 = await get('size=3&page=1');
    const p2 = await get('size=3&page=2');
    const p3 = await get('size=3&page=3');
    expect(p1.pagination).toEqual({ total: 8, page: 1, size: 3, total_pages: 3, has_more: true });
    expect(p3.pagination.has_more).toBe(false);
    const walked = [...p1.data, ...p2.data, ...p3.data].map((l) => l.id);
    expect(walked).toEqual((await get('size=100')).data.map((l) => l.id));
    expect(new Set(walked).size).toBe(8);

    for (const query of ['transaction_type=bonus', 'currency_code=XYZ', 'size=101', 'page=0', 'status=completed']) {
      const bad = await shop.send(contract.listWalletTransactions, { query });
      expectStatus(bad, 422, query);
      expectErrorShape(bad.body, 'validation_error');
    }
    expect((await caller().call(contract.listWalletTransactions)).status).toBe(401);
  });
});

describe('overlapping runs', () => {
  async function shopsWithDeposits(n: number) {
    const shops: Merchant[] = [];
    const checkouts: string[] = [];
    for (let i = 0; i < n; i++) {
      const shop = await newMerchant({ name: `Overlap ${i}` });
      shops.push(shop);
      for (const [amount, currency_code] of [
        [10 + i, 'GHS'],
        [20 + i, 'GHS'],
        [5 + i, 'USD'],
      ] as const) {
        checkouts.push((await paidCheckout(shop, { amount, currency_code })).checkout.id);
      }
    }
    return { shops, checkouts };
  }

  async function expectSettledExactlyOnce(shops: Merchant[], checkouts: string[]) {
    const ids = shops.map((s) => s.id);
    // Every deposit is settled, in exactly one batch, and each batch counts exactly its deposits.
    const deposits = await sql`
      select id, settlement_status, settlement_batch_id, net_amount from customer_transactions
       where merchant_id = any(${ids}::uuid[]) and transaction_type = 'deposit'`;
    expect(deposits.every((d) => d.settlement_status === 'settled' && d.settlement_batch_id)).toBe(true);
    const batches = await sql<
      {
        id: string;
        wallet_id: string;
        transaction_count: number;
        net_amount: string;
        settled_amount: string;
        members: number;
      }[]
    >`
      select b.id, b.wallet_id, b.transaction_count, b.net_amount, b.settled_amount,
             (select count(*)::int from customer_transactions t where t.settlement_batch_id = b.id) as members
        from settlement_batches b where b.merchant_id = any(${ids}::uuid[])`;
    for (const b of batches) expect(b.members, `batch ${b.id}`).toBe(b.transaction_count);
    expect(batches.reduce((s, b) => s + b.transaction_count, 0)).toBe(deposits.length);
    // Each wallet: the batches moved exactly what is now available, and holding is empty.
    const wallets = await sql`
      select w.id, w.holding_balance, w.available_balance,
             coalesce((select sum(settled_amount) from settlement_batches b where b.wallet_id = w.id), 0)::bigint as settled,
             (select count(*)::int from ledger_entries e join settlement_batches b on b.id = e.settlement_batch_id
               where b.wallet_id = w.id and e.kind = 'settlement') as settlement_entries,
             (select count(*)::int from settlement_batches b where b.wallet_id = w.id) as batch_count
        from wallets w where w.merchant_id = any(${ids}::uuid[])`;
    for (const w of wallets) {
      expect(String(w.settled), `wallet ${w.id}`).toBe(String(w.available_balance));
      expect(String(w.holding_balance)).toBe('0');
      expect(w.settlement_entries).toBe(w.batch_count);
    }
    // Each checkout completed once.
    const completions = await sql`
      select resource_id, count(*)::int as n from events
       where event_type = 'checkout.completed' and resource_id = any(${checkouts}::uuid[]) group by resource_id`;
    expect(completions).toHaveLength(checkouts.length);
    expect(completions.every((c) => c.n === 1)).toBe(true);
    const statuses = await sql`select distinct status from checkouts where id = any(${checkouts}::uuid[])`;
    expect(statuses.map((s) => s.status)).toEqual(['completed']);
  }

  it('two runs at once settle each transaction exactly once', async () => {
    const { shops, checkouts } = await shopsWithDeposits(4);
    const asOf = iso(2 * DAY);
    const [r1, r2] = await Promise.all([
      admin().call(contract.runSettlement, { body: { as_of: asOf } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf } }),
    ]);
    expectStatus(r1, 200);
    expectStatus(r2, 200);
    const ids = new Set(shops.map((s) => s.id));
    const mine = [...r1.body.data.batches, ...r2.body.data.batches].filter((b) => ids.has(b.merchant_id));
    // One batch per merchant and currency between the two runs, none twice.
    expect(mine).toHaveLength(8);
    expect(new Set(mine.map((b) => b.wallet_id)).size).toBe(8);
    await expectSettledExactlyOnce(shops, checkouts);
    await expectReconciled();
  });

  it('three runs at once, with and without a merchant filter, still settle each transaction once', async () => {
    const { shops, checkouts } = await shopsWithDeposits(3);
    const asOf = iso(2 * DAY);
    const results = await Promise.all([
      admin().call(contract.runSettlement, { body: { as_of: asOf } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf, merchant_id: shops[0]!.id } }),
      admin().call(contract.runSettlement, { body: { as_of: asOf } }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const completed = results.map(successBody).reduce((s, body) => s + body.data.checkouts_completed, 0);
    expect(completed).toBe(checkouts.length);
    await expectSettledExactlyOnce(shops, checkouts);
    await expectReconciled();
  });
});

describe('settlement after a refund taken from holding', () => {
  it('moves only what is left of the due deposit, never a newer deposit’s money', async () => {
    const shop = await newMerchant();
    const older = await paidCheckout(shop, { amount: 100 }); // net 99.00 in holding
    const refund = await shop.call(contract.createRefund, {
      body: {
        transaction_id: older.deposit.transaction_id,
        amount: 40,
        reason: 'partial',
      },
    });
    expectStatus(refund, 200);
    expect(await wallet(shop)).toMatchObject({ holding_balance: 59, available_balance: 0 }); // nothing available: from holding
    const newer = await paidCheckout(shop, { amount: 100 }); // net 99.00, not yet due
    await sql`update customer_transactions set completed_at = now() - interval '2 days' where id = ${older.deposit.transaction_id}`;

    const res = await run({ merchant_id: shop.id });
    expect(res.batches).toHaveLength(1);
    expect((await depositRow(newer.deposit.transaction_id)).settlement_status).toBe('unsettled');
    // 59.00 is what remains of the older deposit; the newer deposit's 99.00 must stay in holding until it is due.
    expect(res.batches[0]).toMatchObject({ transaction_count: 1, net_amount: 99, settled_amount: 59 });
    expect(await wallet(shop)).toMatchObject({ available_balance: 59, holding_balance: 99 });
    await expectReconciled(shop.id);
  });
});

describe('GET /api/admin/v1/ledger/reconciliation', () => {
  it('notices a wallet that disagrees with the journal', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    const ghs = await wallet(shop);
    await sql`update wallets set holding_balance = holding_balance + 1 where id = ${ghs.id}`;
    try {
      const res = await admin().call(contract.getLedgerReconciliation, { query: { merchant_id: shop.id } });
      expectStatus(res, 200);
      expect(res.body.data.balanced).toBe(false);
      expect(res.body.data.wallet_differences).toEqual([
        {
          wallet_id: ghs.id,
          merchant_id: shop.id,
          currency_code: 'GHS',
          bucket: 'holding',
          wallet_balance: '9901',
          journal_balance: '9900',
        },
      ]);
    } finally {
      await sql`update wallets set holding_balance = holding_balance - 1 where id = ${ghs.id}`;
    }
    await expectReconciled(shop.id);
  });
});

describe('database guards on the journal', () => {
  it('refuses UPDATE and DELETE of ledger lines and entries', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 10 });
    const [line] = await sql<{ id: string; amount: string }[]>`
      select l.id, l.amount::text as amount from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.customer_transaction_id = ${deposit.transaction_id} limit 1`;
    const [entry] = await sql<
      { id: string; description: string }[]
    >`select id, description from ledger_entries where customer_transaction_id = ${deposit.transaction_id}`;

    const attempts = [
      () => sql`update ledger_lines set amount = amount + 1 where id = ${line!.id}`,
      () => sql`delete from ledger_lines where id = ${line!.id}`,
      () => sql`update ledger_entries set description = 'edited' where id = ${entry!.id}`,
      () => sql`delete from ledger_entries where id = ${entry!.id}`,
      () => sql`update ledger_lines set purpose = purpose`,
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ message: expect.stringContaining('append-only') });
    }
    const [after] = await sql`select amount::text as amount from ledger_lines where id = ${line!.id}`;
    expect(after!.amount).toBe(line!.amount);
    const [entryAfter] = await sql`select description from ledger_entries where id = ${entry!.id}`;
    expect(entryAfter!.description).toBe(entry!.description);
  });

  it('an unbalanced entry is refused at COMMIT; a balanced one written line by line commits', async () => {
    const shop = await newMerchant();
    const countEntries = async () =>
      (await sql`select count(*)::int as n from ledger_entries where merchant_id = ${shop.id}`)[0]!.n as number;
    const before = await countEntries();

    let insertedInside = false;
    const unbalanced = sql.begin(async (tx) => {
      const [entry] = await tx`
        insert into ledger_entries (merchant_id, kind, description) values (${shop.id}, 'deposit', 'unbalanced') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      // The statement itself is accepted: the check is deferred to COMMIT.
      const [seen] = await tx`select count(*)::int as n from ledger_lines where entry_id = ${entry!.id}`;
      insertedInside = seen!.n === 1;
    });
    await expect(unbalanced).rejects.toMatchObject({
      code: '23514',
      message: expect.stringContaining('does not balance'),
    });
    expect(insertedInside).toBe(true);
    expect(await countEntries()).toBe(before);

    // Balanced in total but not per currency: still refused.
    const crossCurrency = sql.begin(async (tx) => {
      const [entry] =
        await tx`insert into ledger_entries (merchant_id, kind, description) values (${shop.id}, 'deposit', 'cross') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      await tx`insert into ledger_lines (entry_id, merchant_id, account, currency_code, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, 'fees', 'USD', 'credit', 500, 'fee')`;
    });
    await expect(crossCurrency).rejects.toMatchObject({ code: '23514' });
    expect(await countEntries()).toBe(before);

    // Positive control: two lines, two statements, balanced at COMMIT (no wallet involved).
    await sql.begin(async (tx) => {
      const [entry] = await tx`
        insert into ledger_entries (merchant_id, kind, description) values (${shop.id}, 'deposit', 'balanced') returning id`;
      await tx`insert into ledger_lines (entry_id, merchant_id, account, currency_code, rail, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, 'rail_clearing', 'GHS', 'manual', 'debit', 500, 'deposit')`;
      await tx`insert into ledger_lines (entry_id, merchant_id, account, currency_code, direction, amount, purpose)
               values (${entry!.id}, ${shop.id}, 'fees', 'GHS', 'credit', 500, 'fee')`;
    });
    expect(await countEntries()).toBe(before + 1);
  });
});

describe('after all of the above', () => {
  it('the whole ledger reconciles: balanced, no differences', async () => {
    const report = await expectReconciled();
    expect(report.entries_checked).toBeGreaterThan(0);
    const { n } = (await sql`select count(*)::int as n from wallets`)[0]!;
    expect(report.wallets_checked).toBe(n);
    expect(report.checked_at).toMatch(TIMESTAMP);
    // And the journal agrees with the wallets from the database's own point of view.
    const [sums] = await sql`
      select coalesce(sum(case when direction = 'debit' then amount else -amount end), 0)::text as net from ledger_lines`;
    expect(sums!.net).toBe('0');
  });
});
