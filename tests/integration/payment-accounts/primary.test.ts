import { describe, expect, it } from 'vitest';
import { newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { bank, momo, add, get, primaries, accountEvents } from './helpers';

describe('one primary account per currency', () => {
  it('the first account of each currency becomes its primary; later ones do not unless asked', async () => {
    const m = await newMerchant();
    const ghs1 = await add(m, bank());
    const ghs2 = await add(m, momo());
    const ghs3 = await add(m, bank({ account_number: '1111222233', is_primary: false }));
    const kes1 = await add(m, momo({ currency_code: 'KES', phone_number: '0712345678', network_provider: 'mpesa' }));
    expect([ghs1.is_primary, ghs2.is_primary, ghs3.is_primary, kes1.is_primary]).toEqual([true, false, false, true]);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: ghs1.id }]);
    expect(await primaries(m.id, 'KES')).toEqual([{ id: kes1.id }]);
  });

  it('is_primary: true on add demotes the old primary in the same transaction: exactly one primary', async () => {
    const m = await newMerchant();
    const first = await add(m, bank());
    const second = await add(m, momo({ is_primary: true }));
    expect(second.is_primary).toBe(true);
    expect((await get(m, first.id)).is_primary).toBe(false);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: second.id }]);
    // Another currency's primary is untouched.
    const kes = await add(m, momo({ currency_code: 'KES', phone_number: '0712345678', network_provider: 'mpesa' }));
    const third = await add(m, bank({ account_number: '5555666677', is_primary: true }));
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: third.id }]);
    expect(await primaries(m.id, 'KES')).toEqual([{ id: kes.id }]);
    const list = await m.ok(contract.listPaymentAccounts, { query: { currency_code: 'GHS' } });
    expect(list.body.data.filter((a) => a.is_primary).map((a) => a.id)).toEqual([third.id]);
  });

  it('PUT is_primary: true moves the primary; is_primary: false on the primary is 409 primary_account_required', async () => {
    const m = await newMerchant();
    const a = await add(m, bank());
    const b = await add(m, bank({ account_number: '9876543210' }));
    expect(b.is_primary).toBe(false);

    const promoted = await m.call(contract.updatePaymentAccount, {
      params: { account_id: b.id },
      body: { is_primary: true },
    });
    expectStatus(promoted, 200);
    expect(promoted.body).toMatchObject({ status: 'success', message: 'Payment account updated' });
    expect(promoted.body.data).toMatchObject({ id: b.id, is_primary: true, account_number: '9876543210' });
    expect((await get(m, a.id)).is_primary).toBe(false);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: b.id }]);

    // Asking again changes nothing.
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: b.id }, body: { is_primary: true } }))
        .status,
    ).toBe(200);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: b.id }]);

    const refused = await m.call(contract.updatePaymentAccount, {
      params: { account_id: b.id },
      body: { is_primary: false },
    });
    expectStatus(refused, 409);
    expectErrorShape(refused.body, 'primary_account_required');
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: b.id }]);

    // is_primary: false on a non-primary account is a no-op.
    const noop = await m.call(contract.updatePaymentAccount, {
      params: { account_id: a.id },
      body: { is_primary: false },
    });
    expectStatus(noop, 200);
    expect(noop.body.data.is_primary).toBe(false);
    expect(await primaries(m.id, 'GHS')).toEqual([{ id: b.id }]);
  });

  it('a demoted primary gets its own payment_account.updated event (every state change writes its event)', async () => {
    const m = await newMerchant();
    const a = await add(m, bank());
    const b = await add(m, bank({ account_number: '9876543210', is_primary: true }));
    const c = await add(m, bank({ account_number: '1212343456' }));
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: c.id }, body: { is_primary: true } }))
        .status,
    ).toBe(200);

    expect((await accountEvents(b.id)).map((e) => [e.event_type, e.data.is_primary])).toEqual([
      ['payment_account.created', true],
      ['payment_account.updated', false],
    ]);
    expect((await accountEvents(a.id)).map((e) => [e.event_type, e.data.is_primary])).toEqual([
      ['payment_account.created', true],
      ['payment_account.updated', false],
    ]);
  });
});
