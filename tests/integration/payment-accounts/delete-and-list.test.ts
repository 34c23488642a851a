import { describe, expect, it } from 'vitest';
import { newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { ACCOUNT_FIELDS, sql, bank, momo, add, get, primaries, accountEvents } from './helpers';

describe('DELETE /api/v1/merchants/payment-accounts/{account_id}', () => {
  it('the primary → 409 primary_account; another → 200, then 404 everywhere; the row is kept, marked deleted', async () => {
    const m = await newMerchant();
    const primary = await add(m, bank());
    const other = await add(m, momo());

    const refused = await m.call(contract.deletePaymentAccount, { params: { account_id: primary.id } });
    expectStatus(refused, 409);
    expectErrorShape(refused.body, 'primary_account');
    expect(await get(m, primary.id)).toEqual(primary);

    const deleted = await m.call(contract.deletePaymentAccount, { params: { account_id: other.id } });
    expectStatus(deleted, 200);
    expect(deleted.body).toMatchObject({ status: 'success', message: 'Payment account deleted' });
    expect(deleted.body.data).toMatchObject({ id: other.id, deleted: true, is_primary: false });

    for (const res of [
      await m.call(contract.getPaymentAccount, { params: { account_id: other.id } }),
      await m.call(contract.updatePaymentAccount, { params: { account_id: other.id }, body: { status: 'inactive' } }),
      await m.call(contract.updatePaymentAccount, { params: { account_id: other.id }, body: { is_primary: true } }),
      await m.call(contract.deletePaymentAccount, { params: { account_id: other.id } }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    const list = await m.ok(contract.listPaymentAccounts);
    expect(list.body.data.map((a) => a.id)).toEqual([primary.id]);
    const [row] = await sql`select deleted_at, is_primary from payment_accounts where id = ${other.id}`;
    expect(row!.deleted_at).toBeInstanceOf(Date);
    expect(row!.is_primary).toBe(false);
    expect((await accountEvents(other.id)).map((e) => e.event_type)).toEqual([
      'payment_account.created',
      'payment_account.deleted',
    ]);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: primary.id }]);

    // Once another account is primary, the old primary can go.
    const next = await add(m, bank({ account_number: '4444555566', is_primary: true }));
    const gone = await m.call(contract.deletePaymentAccount, { params: { account_id: primary.id } });
    expectStatus(gone, 200);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: next.id }]);
    // The only account left is the primary: it cannot be deleted.
    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: next.id } })).status).toBe(409);
  });

  it('an account added after a deletion can still become primary (the deleted row does not count)', async () => {
    const m = await newMerchant();
    const a = await add(m, bank());
    const b = await add(m, bank({ account_number: '2222333344' }));
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: b.id }, body: { is_primary: true } }))
        .status,
    ).toBe(200);
    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: a.id } })).status).toBe(200);
    const c = await add(m, bank({ account_number: '3333444455', is_primary: true }));
    expect(c.is_primary).toBe(true);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: c.id }]);
  });
});

describe('GET /api/v1/merchants/payment-accounts', () => {
  it('lists live accounts, account numbers masked to the last 4 digits; get shows them in full', async () => {
    const m = await newMerchant();
    const ghsBank = await add(m, bank());
    const ghsMomo = await add(m, momo());
    const eur = await add(
      m,
      bank({ currency_code: 'EUR', account_number: 'GB29 NWBK 6016 1331 9268 19', bank_name: 'NatWest' }),
    );
    const kes = await add(m, momo({ currency_code: 'KES', phone_number: '0712345678', network_provider: 'mpesa' }));
    const ghsBank2 = await add(m, bank({ account_number: '5555', bank_name: 'Short Bank' }));

    const res = await m.call(contract.listPaymentAccounts);
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Payment accounts retrieved' });
    expect('pagination' in res.body).toBe(false);

    const list = res.body.data;
    // By currency, the primary first, then oldest first.
    expect(list.map((a) => a.id)).toEqual([eur.id, ghsBank.id, ghsMomo.id, ghsBank2.id, kes.id]);
    for (const a of list) expect(Object.keys(a)).toEqual(ACCOUNT_FIELDS);
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(ghsBank.id)).toEqual({ ...ghsBank, account_number: '******6789' });
    expect(byId.get(eur.id)!.account_number).toBe('******************6819');
    // Four characters or fewer: nothing to hide.
    expect(byId.get(ghsBank2.id)!.account_number).toBe('5555');
    expect(byId.get(ghsMomo.id)).toEqual(ghsMomo);
    // No full account number appears anywhere in the listing.
    expect(res.text).not.toContain('0123456789');
    expect(res.text).not.toContain('GB29NWBK60161331926819');

    expect((await get(m, ghsBank.id)).account_number).toBe('0123456789');
    expect((await get(m, eur.id)).account_number).toBe('GB29NWBK60161331926819');
  });

  it('filters by currency_code in any case; unknown currency or query parameter → 422', async () => {
    const m = await newMerchant();
    await add(m, bank());
    const kes1 = await add(m, momo({ currency_code: 'KES', phone_number: '0712345678', network_provider: 'mpesa' }));
    const kes2 = await add(m, bank({ currency_code: 'KES', account_number: '7777888899' }));
    for (const code of ['KES', 'kes', 'Kes']) {
      const res = await m.call(contract.listPaymentAccounts, { query: { currency_code: code } });
      expectStatus(res, 200);
      expect(res.body.data.map((a) => a.id)).toEqual([kes1.id, kes2.id]);
      expect(res.body.data.every((a) => a.currency_code === 'KES')).toBe(true);
    }
    const none = await m.ok(contract.listPaymentAccounts, { query: { currency_code: 'usd' } });
    expect(none.body.data).toEqual([]);
    expect(invalidFields(await m.send(contract.listPaymentAccounts, { query: { currency_code: 'XYZ' } }))).toEqual([
      'currency_code',
    ]);
    expect(invalidFields(await m.send(contract.listPaymentAccounts, { query: 'currency=GHS' }))).toEqual(['currency']);
    expect(
      invalidFields(await m.send(contract.listPaymentAccounts, { query: 'currency_code=GHS&currency_code=KES' })),
    ).toEqual(['currency_code']);
  });

  it('GET one: unknown → 404, malformed id → 422', async () => {
    const m = await newMerchant();
    const missing = await m.call(contract.getPaymentAccount, {
      params: { account_id: '00000000-0000-4000-8000-000000000000' },
    });
    expectStatus(missing, 404);
    expectErrorShape(missing.body, 'not_found');
    expect(invalidFields(await m.send(contract.getPaymentAccount, { params: { account_id: '12345' } }))).toEqual([
      'account_id',
    ]);
  });
});

describe('tenant isolation', () => {
  it("B never sees, changes or deletes A's accounts (404 like an unknown id), and lists only its own", async () => {
    const a = await newMerchant({ name: 'Shop A' });
    const b = await newMerchant({ name: 'Shop B' });
    const aPrimary = await add(a, bank());
    const aOther = await add(a, momo());
    const bOwn = await add(b, bank({ account_number: '2468013579' }));

    const bList = await b.ok(contract.listPaymentAccounts);
    expect(bList.body.data.map((x) => x.id)).toEqual([bOwn.id]);
    const bGhs = await b.ok(contract.listPaymentAccounts, { query: { currency_code: 'GHS' } });
    expect(bGhs.body.data.map((x) => x.id)).toEqual([bOwn.id]);
    const aList = await a.ok(contract.listPaymentAccounts);
    expect(aList.body.data.map((x) => x.id).sort()).toEqual([aPrimary.id, aOther.id].sort());

    for (const res of [
      await b.call(contract.getPaymentAccount, { params: { account_id: aPrimary.id } }),
      await b.call(contract.updatePaymentAccount, { params: { account_id: aOther.id }, body: { status: 'suspended' } }),
      await b.call(contract.updatePaymentAccount, { params: { account_id: aOther.id }, body: { is_primary: true } }),
      await b.call(contract.deletePaymentAccount, { params: { account_id: aOther.id } }),
      await b.call(contract.deletePaymentAccount, { params: { account_id: aPrimary.id } }),
    ]) {
      expect(res.status, res.text).toBe(404);
      expectErrorShape(res.body, 'not_found');
    }
    // Nothing of A's changed, and B's primary is still B's.
    expect(await get(a, aPrimary.id)).toEqual(aPrimary);
    expect(await get(a, aOther.id)).toEqual(aOther);
    expect(await primaries(a.id, 'GHS')).toEqual([{ id: aPrimary.id }]);
    expect(await primaries(b.id, 'GHS')).toEqual([{ id: bOwn.id }]);
    const [row] = await sql<
      { n: number }[]
    >`select count(*)::int as n from events where resource_id in ${sql([aPrimary.id, aOther.id])}`;
    expect(row!.n).toBe(2);
  });
});
