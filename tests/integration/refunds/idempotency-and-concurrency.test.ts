import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { sql, refund, transaction, refundRows, refundedEvents, merchantWithCushion } from './helpers';

afterAll(async () => {
  // Everything this file did, across every merchant, still reconciles.
  await expectReconciled();
});

describe('Idempotency-Key', () => {
  it('the same key and body replay the same refund; another body → 422; one refund row, one event', async () => {
    const m = await newMerchant();
    const { checkout, deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const body = { transaction_id: deposit.transaction_id, amount: 5, reason: 'damaged' };

    const first = await refund(m, body, { 'idempotency-key': key });
    expectStatus(first, 200, first.text);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data.idempotency_key).toBe(key);

    const again = await refund(
      m,
      { reason: 'damaged', amount: 5, transaction_id: deposit.transaction_id },
      { 'idempotency-key': key },
    );
    expectStatus(again, 200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);

    const other = await refund(m, { ...body, amount: 6 }, { 'idempotency-key': key });
    expectStatus(other, 422);
    expectErrorShape(other.body, 'idempotency_key_reused');

    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
    expect(await refundedEvents(checkout.id)).toHaveLength(1);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(5);
    expect(await wallet(m)).toMatchObject({ holding_balance: 24.7 });

    // A new key is a new refund.
    const next = await refund(m, body, { 'idempotency-key': `${key}-2` });
    expectStatus(next, 200);
    expect(next.body.data.transaction_id).not.toBe(first.body.data.transaction_id);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(10);
  });

  it('10 parallel requests with one key make one refund; the rest replay it or get 409 idempotency_key_in_use', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const body = { transaction_id: deposit.transaction_id, amount: 2, reason: 'parallel retry' };
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(m, body, { 'idempotency-key': key })));
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const ok = results.filter((r) => r.ok);
    expect(new Set(ok.map((r) => r.body.data.transaction_id)).size).toBe(1);
    expect(ok.filter((r) => r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'idempotency_key_in_use');
    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(2);
  });

  it('a refused refund is not stored: a corrected retry with the same key succeeds', async () => {
    const m = await newMerchant();
    const { deposit } = await paidCheckout(m, { amount: 30 });
    const key = `refund-${crypto.randomUUID()}`;
    const tooMuch = await refund(
      m,
      { transaction_id: deposit.transaction_id, amount: 31, reason: 'x' },
      { 'idempotency-key': key },
    );
    expectStatus(tooMuch, 409);
    expectErrorShape(tooMuch.body, 'refund_exceeds_deposit');
    const ok = await refund(
      m,
      { transaction_id: deposit.transaction_id, amount: 3, reason: 'x' },
      { 'idempotency-key': key },
    );
    expectStatus(ok, 200, ok.text);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(await refundRows(deposit.transaction_id)).toHaveLength(1);
  });
});

describe('concurrency (real PostgreSQL)', () => {
  it('50 parallel refunds of 3.00 of a 100.00 deposit: exactly 33 succeed, the rest 409, never a 5xx', async () => {
    const m = await merchantWithCushion();
    const { checkout, deposit } = await paidCheckout(m, { amount: 100 });
    await settleEverything(m.id);
    expect(await wallet(m)).toMatchObject({ available_balance: 199 });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        refund(m, { transaction_id: deposit.transaction_id, amount: 3, reason: `item ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(33);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'refund_exceeds_deposit');

    const rows = await refundRows(deposit.transaction_id);
    expect(rows).toHaveLength(33);
    const total = rows.reduce((sum, r) => sum + BigInt(r.amount), 0n);
    expect(total).toBe(9900n);
    expect((await transaction(m, deposit.transaction_id)).refunded_amount).toBe(99);
    expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
    expect(await refundedEvents(checkout.id)).toHaveLength(33);

    const last = await refund(m, { transaction_id: deposit.transaction_id, reason: 'the last 1.00' });
    expectStatus(last, 200);
    expect(last.body.data.amount).toBe(1);
    await expectReconciled(m.id);
  });

  it('refunds racing a settlement run: each deposit settled once, the books balance, nothing negative', async () => {
    const m = await newMerchant();
    const deposits = [];
    for (let i = 0; i < 3; i++) deposits.push((await paidCheckout(m, { amount: 100 })).deposit);
    expect(await wallet(m)).toMatchObject({ holding_balance: 297, available_balance: 0 });
    const results = await Promise.all([
      ...deposits.flatMap((d) =>
        Array.from({ length: 5 }, () => refund(m, { transaction_id: d.transaction_id, amount: 7, reason: 'race' })),
      ),
      settleEverything(m.id).then(() => ({ status: 200 })),
      ...deposits.map((d) => refund(m, { transaction_id: d.transaction_id, amount: 7, reason: 'race' })),
    ]);
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const settled = await sql<{ n: number }[]>`
      select count(*)::int as n from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit' and settlement_status = 'settled'`;
    expect(settled[0]!.n).toBe(3);
    // 18 refunds of 7.00 = 126.00 out of 297.00.
    const w = await wallet(m);
    expect(w.balance).toBe(171);
    expect(w.holding_balance).toBeGreaterThanOrEqual(0);
    expect(w.available_balance).toBeGreaterThanOrEqual(0);
    await expectReconciled(m.id);
  });

  it('parallel refunds of two deposits sharing a short wallet: limited by each deposit and by the wallet, never negative', async () => {
    const m = await newMerchant();
    const one = await paidCheckout(m, { amount: 100 });
    const two = await paidCheckout(m, { amount: 100 });
    expect(await wallet(m)).toMatchObject({ holding_balance: 198 });

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        refund(m, { transaction_id: one.deposit.transaction_id, amount: 10, reason: `one ${i}` }),
        refund(m, { checkout_id: two.checkout.id, amount: 10, reason: `two ${i}` }),
      ]).flat(),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // 20 refunds of 10.00 would fit the deposits (2 × 100.00) but not the wallet (198.00): 19 succeed.
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const codes = new Set(results.flatMap((r) => (r.ok ? [] : [r.body.error.code])));

    for (const code of codes)
      expect(['refund_exceeds_deposit', 'already_refunded', 'insufficient_funds']).toContain(code);

    const refunded1 = BigInt(Math.round((await transaction(m, one.deposit.transaction_id)).refunded_amount! * 100));
    const refunded2 = BigInt(Math.round((await transaction(m, two.deposit.transaction_id)).refunded_amount! * 100));
    expect(refunded1).toBeLessThanOrEqual(10000n);
    expect(refunded2).toBeLessThanOrEqual(10000n);
    expect(refunded1 + refunded2).toBe(19000n);
    expect(await wallet(m)).toMatchObject({ holding_balance: 8, available_balance: 0 });
    await expectReconciled(m.id);
  });
});
