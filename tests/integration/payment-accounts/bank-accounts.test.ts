import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { newMerchant } from '../../support/fixtures';
import { expectStatus, fieldErrors, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { ACCOUNT_FIELDS, sql, bank, add, get, accountRows, accountEvents } from './helpers';

describe('POST /api/v1/merchants/payment-accounts: bank accounts', () => {
  it('adds a bank account: every field, number in full and normalised, first of its currency is primary, row and event written', async () => {
    const m = await newMerchant();
    const res = await m.call(contract.createPaymentAccount, {
      body: bank({
        account_number: '0123 4567-89',
        bank_routing_number: 'GH030100',
        is_primary: false,
        provider_metadata: { branch: 'Accra' },
      }),
    });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Payment account added' });
    const a = res.body.data;
    expect(Object.keys(a)).toEqual(ACCOUNT_FIELDS);
    const [ghs] = await sql<{ id: string }[]>`select id from currencies where code = 'GHS'`;
    expect(a).toMatchObject({
      merchant_id: m.id,
      currency_id: ghs!.id,
      currency_code: 'GHS',
      account_type: 'bank_account',
      // The first account of a currency is its primary whatever is_primary says.
      is_primary: true,
      status: 'active',
      account_number: '0123456789',
      bank_name: 'GCB Bank',
      bank_routing_number: 'GH030100',
      account_holder_name: 'Test Shop Ltd',
      phone_number: null,
      network_provider: null,
      provider_metadata: { branch: 'Accra' },
    });
    expect(a.id).toMatch(UUID);
    expect(a.created_at).toMatch(TIMESTAMP);
    expect(a.updated_at).toMatch(TIMESTAMP);

    const rows = await accountRows(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: a.id,
      currency_code: 'GHS',
      account_type: 'bank_account',
      is_primary: true,
      status: 'active',
      account_number: '0123456789',
      phone_number: null,
      deleted_at: null,
    });

    // Get shows the same account, number in full.
    expect(await get(m, a.id)).toEqual(a);

    const events = await accountEvents(a.id);
    expect(events.map((e) => e.event_type)).toEqual(['payment_account.created']);
    expect(events[0]).toMatchObject({ resource_type: 'payment_account', merchant_id: m.id });
    // Events carry the account masked, like listings.
    expect(events[0]!.data).toMatchObject({
      id: a.id,
      is_primary: true,
      account_number: '******6789',
      bank_name: 'GCB Bank',
    });
  });

  it('names each missing bank field (422) and creates nothing', async () => {
    const m = await newMerchant();
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, { body: { currency_code: 'GHS', account_type: 'bank_account' } }),
      ),
    ).toEqual(['account_holder_name', 'account_number', 'bank_name']);
    const { bank_name: _omitted, ...withoutBankName } = bank();
    const res = await m.send(contract.createPaymentAccount, { body: withoutBankName });
    expect(invalidFields(res)).toEqual(['bank_name']);
    expect(fieldErrors(res)[0]!.message).toMatch(/required for bank_account/);
    // Empty or malformed values are refused too.
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), bank_name: '   ' } })),
    ).toEqual(['bank_name']);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), account_number: '12' } })),
    ).toEqual(['account_number']);
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, { body: { ...bank(), account_number: '0123456789#' } }),
      ),
    ).toEqual(['account_number']);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), account_number: 123456789 } })),
    ).toEqual(['account_number']);
    expect(await accountRows(m.id)).toHaveLength(0);
  });

  it('refuses mobile-money fields on a bank account (422 naming each)', async () => {
    const m = await newMerchant();
    const res = await m.send(contract.createPaymentAccount, {
      body: { ...bank(), phone_number: '0244123456', network_provider: 'mtn_momo' },
    });
    expect(invalidFields(res)).toEqual(['network_provider', 'phone_number']);
    expect(fieldErrors(res)[0]!.message).toMatch(/does not apply to bank_account/);
    expect(await accountRows(m.id)).toHaveLength(0);
  });

  it('accepts an IBAN for EUR and a lowercase currency code', async () => {
    const m = await newMerchant();
    const a = await add(
      m,
      bank({ currency_code: 'eur', account_number: 'DE89 3704 0044 0532 0130 00', bank_name: 'Commerzbank' }),
    );
    expect(a).toMatchObject({ currency_code: 'EUR', account_number: 'DE89370400440532013000', is_primary: true });
  });
});
