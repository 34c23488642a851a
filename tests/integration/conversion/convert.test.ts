import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { newMerchant, paidCheckout, settleEverything, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, minor, quote, convert, merchantWith, conversionCount } from './helpers';

afterAll(async () => {
  await expectReconciled();
});

describe('POST /conversion', () => {
  it('debits from available by from_amount, credits to available by to_amount, the fee goes to the fees account', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100, holding_balance: 0 });
    const q = await quote(m, 'GHS', 'USD', 40);
    expect(q).toMatchObject({ from_amount: 40, fee_amount: 0.4, to_amount: 2.55 }); // 3960 × 100 / 1550 = 255.48

    const key = `conv-${crypto.randomUUID()}`;
    const res = await convert(m, q.quote_id, key);
    expectStatus(res, 200, res.text);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const c = res.body.data;
    expect(c.conversion_id).toMatch(UUID);
    expect(c).toMatchObject({
      merchant_id: m.id,
      quote_id: q.quote_id,
      from_currency: 'GHS',
      to_currency: 'USD',
      from_amount: 40,
      fee_amount: 0.4,
      to_amount: 2.55,
      rate: q.rate,
      status: 'completed',
      idempotency_key: key,
    });
    expect(c.created_at).toMatch(TIMESTAMP);

    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60, holding_balance: 0, balance: 60 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 2.55, holding_balance: 0, balance: 2.55 });

    const lines = await sql<{ line: string }[]>`
      select l.currency_code || ' ' || l.account || ' ' || l.direction || ' ' || l.amount::text as line
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.conversion_id = ${c.conversion_id}
       order by 1`;
    expect(lines.map((l) => l.line)).toEqual([
      'GHS fees credit 40',
      'GHS fx_position credit 3960',
      'GHS merchant_available debit 3960',
      'GHS merchant_available debit 40',
      'USD fx_position debit 255',
      'USD merchant_available credit 255',
    ]);
    const [quoteRow] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(quoteRow!.used_at).not.toBeNull();
    const events =
      await sql`select data from events where resource_id = ${c.conversion_id} and event_type = 'conversion.completed'`;
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ conversion_id: c.conversion_id, from_amount: 40, to_amount: 2.55 });

    // Replay: same key and quote → the same conversion, marked, and nothing moves again.
    const again = await convert(m, q.quote_id, key);
    expectStatus(again, 200, again.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data).toEqual(c);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 2.55 });
    expect(await conversionCount(m)).toBe(1);

    // The same key with another quote → 422; the used quote with a new key → 409 quote_used.
    const other = await quote(m, 'GHS', 'USD', 1);
    const reused = await convert(m, other.quote_id, key);
    expect(reused.status, reused.text).toBe(422);
    expectErrorShape(reused.body, 'idempotency_key_reused');
    const used = await convert(m, q.quote_id, `conv-${crypto.randomUUID()}`);
    expect(used.status, used.text).toBe(409);
    expectErrorShape(used.body, 'quote_used');
    expect(await conversionCount(m)).toBe(1);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 60 });
    // The other quote is still good.
    expect((await convert(m, other.quote_id)).status).toBe(200);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 59 });
    await expectReconciled(m.id);
  });

  it('a quote with no fee (0.49 GHS) converts without a fee line', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 10.1 }]);
    const q = await quote(m, 'GHS', 'USD', 0.49);
    expect(q).toMatchObject({ fee_amount: 0, to_amount: 0.03 }); // 49 × 100 / 1550 = 3.16
    const res = await convert(m, q.quote_id);
    expectStatus(res, 200, res.text);
    const lines = await sql<{ account: string }[]>`
      select l.account from ledger_lines l join ledger_entries e on e.id = l.entry_id where e.conversion_id = ${res.body.data.conversion_id}`;
    expect(lines.map((l) => l.account).sort()).toEqual([
      'fx_position',
      'fx_position',
      'merchant_available',
      'merchant_available',
    ]);
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 9.51 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0.03 });
  });

  it('an expired quote → 409 quote_expired, nothing moves', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(m, 'GHS', 'EUR', 10);
    await sql`update conversion_quotes set expires_at = now() - interval '1 second' where id = ${q.quote_id}`;
    const res = await convert(m, q.quote_id);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'quote_expired');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(m, 'EUR')).toMatchObject({ available_balance: 0 });
    expect(await conversionCount(m)).toBe(0);
  });

  it('money only in holding → 409 insufficient_funds; the quote stays usable once the money is available', async () => {
    const m = await newMerchant();
    await paidCheckout(m, { amount: 101.01 });
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 100 });
    const q = await quote(m, 'GHS', 'USD', 20);
    const key = `conv-${crypto.randomUUID()}`;
    const res = await convert(m, q.quote_id, key);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'insufficient_funds');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 0, holding_balance: 100 });
    expect(await wallet(m, 'USD')).toMatchObject({ available_balance: 0 });
    expect(await conversionCount(m)).toBe(0);
    const [row] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(row!.used_at).toBeNull();

    await settleEverything(m.id);
    const retry = await convert(m, q.quote_id, key);
    expectStatus(retry, 200, retry.text);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 80 });
    await expectReconciled(m.id);
  });

  it('a frozen source wallet → 409 wallet_frozen; money may still come into a frozen wallet', async () => {
    const m = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const toUsd = await convert(m, (await quote(m, 'GHS', 'USD', 50)).quote_id);
    expectStatus(toUsd, 200);
    const usd = (await wallet(m, 'USD')).available_balance;

    const frozen = await m.call(contract.updateWalletStatus, {
      params: { currency_code: 'GHS' },
      body: { status: 'frozen' },
    });
    expectStatus(frozen, 200);
    const q = await quote(m, 'GHS', 'USD', 10);
    const res = await convert(m, q.quote_id);
    expect(res.status, res.text).toBe(409);
    expectErrorShape(res.body, 'wallet_frozen');
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 50, status: 'frozen' });
    const [row] = await sql`select used_at from conversion_quotes where id = ${q.quote_id}`;
    expect(row!.used_at).toBeNull();

    const back = await convert(m, (await quote(m, 'USD', 'GHS', 1)).quote_id);
    expectStatus(back, 200, back.text);
    expect(back.body.data.to_amount).toBe(15.34); // (1.00 − 0.01) USD × 15.50 = 15.345 → 15.34
    expect(await wallet(m, 'GHS')).toMatchObject({ available_balance: 65.34, status: 'frozen' });
    expect(minor((await wallet(m, 'USD')).available_balance)).toBe(minor(usd) - 100n);

    expect(
      (await m.call(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body: { status: 'active' } }))
        .status,
    ).toBe(200);
    expect((await convert(m, q.quote_id)).status).toBe(200);
    await expectReconciled(m.id);
  });

  it("another merchant's quote → 404, and an unknown one too", async () => {
    const a = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const b = await merchantWith([{ currency: 'GHS', amount: 101.01 }]);
    const q = await quote(a, 'GHS', 'USD', 10);
    const res = await convert(b, q.quote_id);
    expect(res.status, res.text).toBe(404);
    expectErrorShape(res.body, 'not_found');
    const unknown = await convert(b, crypto.randomUUID());
    expectStatus(unknown, 404);
    expect(await wallet(a, 'GHS')).toMatchObject({ available_balance: 100 });
    expect(await wallet(b, 'GHS')).toMatchObject({ available_balance: 100 });
    // The owner can still use it.
    expect((await convert(a, q.quote_id)).status).toBe(200);
  });

  it.each([
    ['no idempotency_key', (id: string) => ({ quote_id: id }), 'idempotency_key'],
    ['no quote_id', () => ({ idempotency_key: 'k1' }), 'quote_id'],
    ['a quote_id that is not a UUID', () => ({ quote_id: 'quote-1', idempotency_key: 'k1' }), 'quote_id'],
    [
      'an idempotency_key with a space',
      (id: string) => ({ quote_id: id, idempotency_key: 'has space' }),
      'idempotency_key',
    ],
    ['an empty idempotency_key', (id: string) => ({ quote_id: id, idempotency_key: '' }), 'idempotency_key'],
    [
      'an idempotency_key of 256 characters',
      (id: string) => ({ quote_id: id, idempotency_key: 'k'.repeat(256) }),
      'idempotency_key',
    ],
    ['an unknown field', (id: string) => ({ quote_id: id, idempotency_key: 'k1', amount: 5 }), 'amount'],
  ])('%s → 422', async (_label, body, field) => {
    const m = await newMerchant();
    const q = await quote(m, 'GHS', 'USD', 10);
    const res = await m.send(contract.convertCurrency, { body: body(q.quote_id) });
    expect(invalidFields(res)).toContain(field);
  });
});
