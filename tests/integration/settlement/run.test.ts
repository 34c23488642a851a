import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { admin, newMerchant, paidCheckout, expectReconciled, wallet } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus, type DataOf } from '../../support/caller';
import { contract } from '../../support/contract';
import {
  RUN,
  DAY,
  DELAY_MS,
  BATCH_FIELDS,
  sql,
  ms,
  iso,
  run,
  transaction,
  depositRow,
  checkoutRow,
  eventTypes,
} from './helpers';

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
      const runRes = await caller(headers).call(contract.runSettlement, {
        body: { as_of: iso(2 * DAY), all_merchants: true },
      });
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
      // Which merchants is always said: never every merchant by leaving it out.
      {},
      { as_of: iso(0) },
      { all_merchants: false },
      { all_merchants: true, merchant_id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await admin().send(contract.runSettlement, { body });
      expectStatus(res, 422, JSON.stringify(body));
      expectErrorShape(res.body, 'validation_error');
    }
    // A time without a zone is UTC, as every timestamp of the API (spec 2.1).
    const local = new Date(Date.now() + 2 * DAY).toISOString().replace(/Z$/, '');
    const ghostMerchant = '00000000-0000-4000-8000-000000000000';
    const ghost = await admin().call(contract.runSettlement, { body: { as_of: local, merchant_id: ghostMerchant } });
    expectStatus(ghost, 404);
    const ok = await run({ as_of: local, merchant_id: (await newMerchant()).id });
    expect(ok.cutoff).toBe(new Date(new Date(`${local}Z`).getTime() - DELAY_MS).toISOString().replace(/Z$/, ''));
    expect(ok.batches).toEqual([]);
    expect((await admin().call(contract.getLedgerReconciliation, { query: { merchant_id: 'abc' } })).status).toBe(422);
    expect((await admin().send(contract.getLedgerReconciliation, { query: 'foo=1' })).status).toBe(422);
    expect((await admin().raw('GET', RUN)).status).toBe(405);
    // No body at all settled every merchant's due deposits before; now it is refused.
    const bare = await admin().raw('POST', RUN);
    expect(bare.status, bare.text).toBe(422);
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
