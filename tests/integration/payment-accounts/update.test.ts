import { describe, expect, it } from 'vitest';
import { newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, bank, momo, add, get, accountEvents } from './helpers';

describe('PUT /api/v1/merchants/payment-accounts/{account_id}', () => {
  it('changes only the fields given, normalised; writes payment_account.updated; status active/inactive/suspended', async () => {
    const m = await newMerchant();
    const a = await add(m, bank({ bank_routing_number: 'GH030100' }));
    const res = await m.call(contract.updatePaymentAccount, {
      params: { account_id: a.id },
      body: { account_number: '9876 5432-10', bank_name: 'Ecobank' },
    });
    expectStatus(res, 200);
    const updated = res.body.data;
    expect(updated).toEqual({
      ...a,
      account_number: '9876543210',
      bank_name: 'Ecobank',
      updated_at: updated.updated_at,
    });
    expect(updated.updated_at >= a.updated_at).toBe(true);
    expect(await get(m, a.id)).toEqual(updated);

    // bank_routing_number can be cleared with null.
    const cleared = await m.ok(contract.updatePaymentAccount, {
      params: { account_id: a.id },
      body: { bank_routing_number: null },
    });
    expect(cleared.body.data.bank_routing_number).toBeNull();

    for (const status of ['inactive', 'suspended', 'active'] as const) {
      const changed = await m.call(contract.updatePaymentAccount, { params: { account_id: a.id }, body: { status } });
      expectStatus(changed, 200);
      expect(changed.body.data).toMatchObject({ status, is_primary: true, account_number: '9876543210' });
      const [row] = await sql`select status from payment_accounts where id = ${a.id}`;
      expect(row!.status).toBe(status);
    }
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, { params: { account_id: a.id }, body: { status: 'closed' } }),
      ),
    ).toEqual(['status']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, { params: { account_id: a.id }, body: { status: 'ACTIVE' } }),
      ),
    ).toEqual(['status']);

    const events = await accountEvents(a.id);
    expect(events.map((e) => e.event_type)).toEqual([
      'payment_account.created',
      'payment_account.updated',
      'payment_account.updated',
      'payment_account.updated',
      'payment_account.updated',
      'payment_account.updated',
    ]);
    expect(events[1]!.data).toMatchObject({ account_number: '******3210', bank_name: 'Ecobank' });
    expect(events.slice(3).map((e) => e.data.status)).toEqual(['inactive', 'suspended', 'active']);
  });

  it('account_type, currency_code and currency_id cannot change (422 naming each); nothing changes', async () => {
    const m = await newMerchant();
    const a = await add(m, bank());
    const [kes] = await sql<{ id: string }[]>`select id from currencies where code = 'KES'`;
    for (const [body, fields] of [
      [{ account_type: 'mobile_money' }, ['account_type']],
      [{ currency_code: 'KES' }, ['currency_code']],
      [{ currency_code: 'GHS' }, ['currency_code']],
      [{ currency_id: kes!.id }, ['currency_id']],
      [
        { account_type: 'bank_account', currency_code: 'KES', currency_id: kes!.id, bank_name: 'X' },
        ['account_type', 'currency_code', 'currency_id'],
      ],
    ] as const) {
      const res = await m.send(contract.updatePaymentAccount, { params: { account_id: a.id }, body });
      expect(invalidFields(res), JSON.stringify(body)).toEqual([...fields]);
    }
    expect(await get(m, a.id)).toEqual(a);
    expect((await accountEvents(a.id)).map((e) => e.event_type)).toEqual(['payment_account.created']);
  });

  it('checks details against the account type: other-type fields, bad phone or network → 422; a local phone is normalised', async () => {
    const m = await newMerchant();
    const bankAccount = await add(m, bank());
    const mobile = await add(m, momo());
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, {
          params: { account_id: bankAccount.id },
          body: { phone_number: '0244123456' },
        }),
      ),
    ).toEqual(['phone_number']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, {
          params: { account_id: bankAccount.id },
          body: { account_number: '1' },
        }),
      ),
    ).toEqual(['account_number']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, {
          params: { account_id: mobile.id },
          body: { account_number: '0123456789' },
        }),
      ),
    ).toEqual(['account_number']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, {
          params: { account_id: mobile.id },
          body: { network_provider: 'mpesa' },
        }),
      ),
    ).toEqual(['network_provider']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, {
          params: { account_id: mobile.id },
          body: { phone_number: '12345' },
        }),
      ),
    ).toEqual(['phone_number']);
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, { params: { account_id: mobile.id }, body: { nickname: 'x' } }),
      ),
    ).toEqual(['nickname']);

    const res = await m.call(contract.updatePaymentAccount, {
      params: { account_id: mobile.id },
      body: {
        phone_number: '020 123 4567',
        network_provider: 'vodafone_cash',
      },
    });
    expectStatus(res, 200);
    expect(res.body.data).toMatchObject({
      phone_number: '+233201234567',
      network_provider: 'vodafone_cash',
      account_number: null,
    });
    expect(await get(m, bankAccount.id)).toEqual(bankAccount);
  });

  it('an unknown id is 404, a malformed one 422, a malformed body 400', async () => {
    const m = await newMerchant();
    const a = await add(m, bank());
    const missing = await m.call(contract.updatePaymentAccount, {
      params: { account_id: '00000000-0000-4000-8000-000000000000' },
      body: { bank_name: 'X' },
    });
    expectStatus(missing, 404);
    expectErrorShape(missing.body, 'not_found');
    expect(
      invalidFields(
        await m.send(contract.updatePaymentAccount, { params: { account_id: 'not-a-uuid' }, body: { bank_name: 'X' } }),
      ),
    ).toEqual(['account_id']);
    const malformed = await m.send(contract.updatePaymentAccount, {
      params: { account_id: a.id },
      body: '{"bank_name": ',
    });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    expect(await get(m, a.id)).toEqual(a);
  });
});
