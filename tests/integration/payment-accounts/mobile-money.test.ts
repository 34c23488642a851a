import { describe, expect, it } from 'vitest';
import { newMerchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { ACCOUNT_FIELDS, sql, bank, momo, add, accountRows } from './helpers';

describe('POST /api/v1/merchants/payment-accounts: mobile money', () => {
  it.each([
    ['GHS', '024 412 3456', 'mtn_momo', '+233244123456'],
    ['GHS', '+233 20 123 4567', 'vodafone_cash', '+233201234567'],
    ['GHS', '00233-24-412-3457', 'mtn_momo', '+233244123457'],
    ['KES', '0712 345 678', 'mpesa', '+254712345678'],
    ['KES', '(0712) 345.679', 'mpesa', '+254712345679'],
    ['KES', '+254712345670', 'mpesa', '+254712345670'],
    ['NGN', '0803 123 4567', 'mtn_momo', '+2348031234567'],
    ['ETB', '0711 234 567', 'mpesa', '+251711234567'],
    ['GHS', '244123456', 'mtn_momo', '+233244123456'],
    ['XOF', '+221 77 123 45 67', 'orange_money', '+221771234567'],
    ['XAF', '690 12 34 56', 'orange_money', '+237690123456'],
  ] as const)('%s %s (%s) is stored as %s', async (currency, phone, network, e164) => {
    const m = await newMerchant();
    const a = await add(m, momo({ currency_code: currency, phone_number: phone, network_provider: network }));
    expect(Object.keys(a)).toEqual(ACCOUNT_FIELDS);
    expect(a).toMatchObject({
      currency_code: currency,
      account_type: 'mobile_money',
      is_primary: true,
      status: 'active',
      phone_number: e164,
      network_provider: network,
      account_number: null,
      bank_name: null,
      bank_routing_number: null,
      account_holder_name: null,
    });
    const [row] = await sql`select phone_number from payment_accounts where id = ${a.id}`;
    expect(row!.phone_number).toBe(e164);
  });

  it('refuses phone numbers that are not phone numbers, or not of the currency’s country (422 phone_number)', async () => {
    const m = await newMerchant();
    for (const phone of ['12345', 'not a phone', '0244', '+0244123456', '+2332441234567890', '24412345', '']) {
      const res = await m.send(contract.createPaymentAccount, { body: { ...momo(), phone_number: phone } });
      expect(invalidFields(res), `${phone}: ${res.text}`).toEqual(['phone_number']);
    }
    // A Kenyan number cannot receive Ghanaian mobile money.
    const foreign = await m.send(contract.createPaymentAccount, { body: { ...momo(), phone_number: '+254712345678' } });
    expect(invalidFields(foreign)).toEqual(['phone_number']);
    expect(fieldErrors(foreign)[0]!.message).toMatch(/\+233/);
    expect(await accountRows(m.id)).toHaveLength(0);
  });

  it('network_provider is one of mtn_momo, mpesa, orange_money, vodafone_cash, and must pay out in the currency', async () => {
    const m = await newMerchant();
    const unknown = await m.send(contract.createPaymentAccount, {
      body: { ...momo(), network_provider: 'airtel_tigo' },
    });
    expect(invalidFields(unknown)).toEqual(['network_provider']);
    expect(fieldErrors(unknown)[0]!.message).toMatch(/mtn_momo, mpesa, orange_money, vodafone_cash/);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...momo(), network_provider: 'MTN_MOMO' } })),
    ).toEqual(['network_provider']);
    // Known networks that do not serve the currency.
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...momo(), network_provider: 'mpesa' } })),
    ).toEqual(['network_provider']);
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, { body: { ...momo(), network_provider: 'orange_money' } }),
      ),
    ).toEqual(['network_provider']);
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, {
          body: { ...momo(), currency_code: 'KES', phone_number: '0712345678', network_provider: 'mtn_momo' },
        }),
      ),
    ).toEqual(['network_provider']);
    // No mobile money at all in USD, EUR, GBP.
    const usd = await m.send(contract.createPaymentAccount, {
      body: { ...momo(), currency_code: 'USD', phone_number: '+12025550123', network_provider: 'mtn_momo' },
    });
    expect(invalidFields(usd)).toEqual(['network_provider']);
    expect(fieldErrors(usd)[0]!.message).toMatch(/does not pay out in USD/);
    expect(await accountRows(m.id)).toHaveLength(0);
  });

  it('names each missing mobile-money field, and refuses bank fields on a mobile-money account (422)', async () => {
    const m = await newMerchant();
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, { body: { currency_code: 'GHS', account_type: 'mobile_money' } }),
      ),
    ).toEqual(['network_provider', 'phone_number']);
    expect(
      invalidFields(
        await m.send(contract.createPaymentAccount, {
          body: { currency_code: 'GHS', account_type: 'mobile_money', phone_number: '0244123456' },
        }),
      ),
    ).toEqual(['network_provider']);
    const res = await m.send(contract.createPaymentAccount, {
      body: {
        ...momo(),
        account_number: '0123456789',
        bank_name: 'GCB',
        account_holder_name: 'Test Shop',
        bank_routing_number: 'GH030100',
      },
    });
    expect(invalidFields(res)).toEqual(['account_holder_name', 'account_number', 'bank_name', 'bank_routing_number']);
    expect(await accountRows(m.id)).toHaveLength(0);
  });
});

describe('POST /api/v1/merchants/payment-accounts: the request itself', () => {
  it('refuses unknown fields, a bad account_type or currency, a non-boolean is_primary (422), malformed JSON (400)', async () => {
    const m = await newMerchant();
    const unknown = await m.send(contract.createPaymentAccount, {
      body: { ...bank(), nickname: 'main', currency_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(invalidFields(unknown)).toEqual(['currency_id', 'nickname']);
    expect(fieldErrors(unknown).every((f) => f.message === 'unknown field')).toBe(true);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), account_type: 'wallet' } })),
    ).toEqual(['account_type']);
    const { account_type: _t, ...noType } = bank();
    expect(invalidFields(await m.send(contract.createPaymentAccount, { body: noType }))).toEqual(['account_type']);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), currency_code: 'XYZ' } })),
    ).toEqual(['currency_code']);
    const { currency_code: _c, ...noCurrency } = bank();
    expect(invalidFields(await m.send(contract.createPaymentAccount, { body: noCurrency }))).toEqual(['currency_code']);
    expect(
      invalidFields(await m.send(contract.createPaymentAccount, { body: { ...bank(), is_primary: 'yes' } })),
    ).toEqual(['is_primary']);
    expect(invalidFields(await m.send(contract.createPaymentAccount, { body: [] }))).toEqual(['body']);

    const malformed = await m.send(contract.createPaymentAccount, { body: '{"currency_code": "GHS", "account_type":' });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    const empty = await m.send(contract.createPaymentAccount, { body: '' });
    expect(invalidFields(empty)).toEqual(['account_type', 'currency_code']);
    expect(await accountRows(m.id)).toHaveLength(0);
  });
});
