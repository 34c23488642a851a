import { describe, expect, it } from 'vitest';
import { expectReconciled, wallet, customerTransaction } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { bankWithdrawal, fundedMerchant, events, transactionRows, pickUp } from './helpers';

describe('Idempotency-Key on initiate', () => {
  it('replays the first response and debits once; another body → 422 idempotency_key_reused; refusals are not stored', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'withdrawal-2026-03-01' };
    const first = await m.call(contract.createWithdrawal, { body: bankWithdrawal(30), headers: key });
    expectStatus(first, 200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.data.idempotency_key).toBe('withdrawal-2026-03-01');

    // Same body (keys in another order): the same response, no second debit.
    const { recipient_details, ...rest } = bankWithdrawal(30);
    const retry = await m.call(contract.createWithdrawal, {
      body: { recipient_details: { ...recipient_details }, ...rest },
      headers: key,
    });
    expectStatus(retry, 200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await wallet(m)).toMatchObject({ available_balance: 70 });
    expect(await transactionRows(m.id)).toHaveLength(1);
    expect((await events(first.body.data.transaction_id)).map((e) => e.event_type)).toEqual(['withdrawal.created']);
    expect(await customerTransaction(m, first.body.data.transaction_id)).toMatchObject({
      idempotency_key: 'withdrawal-2026-03-01',
    });

    // Another body with the same key is refused and changes nothing.
    const reused = await m.call(contract.createWithdrawal, { body: bankWithdrawal(31), headers: key });
    expectStatus(reused, 422);
    expectErrorShape(reused.body, 'idempotency_key_reused');
    expect(await wallet(m)).toMatchObject({ available_balance: 70 });
    expect(await transactionRows(m.id)).toHaveLength(1);

    // A refused request (409) is not remembered: the corrected retry with the same key goes through.
    const other = { 'idempotency-key': 'withdrawal-2026-03-02' };
    const short = await m.call(contract.createWithdrawal, { body: bankWithdrawal(500), headers: other });
    expectStatus(short, 409);
    const corrected = await m.call(contract.createWithdrawal, { body: bankWithdrawal(50), headers: other });
    expectStatus(corrected, 200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await wallet(m)).toMatchObject({ available_balance: 20 });

    // After the withdrawal moved on, a retry still replays the first response (not a second withdrawal).
    await pickUp();
    const later = await m.call(contract.createWithdrawal, { body: bankWithdrawal(30), headers: key });
    expectStatus(later, 200);
    expect(later.body).toEqual(first.body);
    expect(await transactionRows(m.id)).toHaveLength(2);

    const badKey = await m.call(contract.createWithdrawal, {
      body: bankWithdrawal(1),
      headers: { 'idempotency-key': 'has space' },
    });
    expect(invalidFields(badKey)).toEqual(['Idempotency-Key']);
    expect(await wallet(m)).toMatchObject({ available_balance: 20 });
    await expectReconciled(m.id);
  });
});

describe('Idempotency-Key under concurrency', () => {
  it('ten simultaneous retries with one key: one withdrawal, one debit; the others replay it or get 409 idempotency_key_in_use', async () => {
    const m = await fundedMerchant();
    const key = { 'idempotency-key': 'burst-1' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => m.call(contract.createWithdrawal, { body: bankWithdrawal(15), headers: key })),
    );
    expect(
      results.map((r) => r.status).filter((s) => s !== 200 && s !== 409),
      results.map((r) => r.text).join('\n'),
    ).toEqual([]);
    const ok = results.filter((r) => r.ok);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.body.data.transaction_id)).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expectErrorShape(r.body, 'idempotency_key_in_use');
    expect(await transactionRows(m.id)).toHaveLength(1);
    expect(await wallet(m)).toMatchObject({ available_balance: 85 });
    // Once the first has finished, a retry replays it.
    const after = await m.call(contract.createWithdrawal, { body: bankWithdrawal(15), headers: key });
    expectStatus(after, 200);
    expect(after.body.data.transaction_id).toBe(ok[0]!.body.data.transaction_id);
    await expectReconciled(m.id);
  });
});
