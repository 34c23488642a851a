import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../support/shapes';
import { newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

/**
 * Payment accounts (spec 4.7, docs/decisions/money-out.md): the merchant's own destinations for withdrawals.
 * Bank accounts and mobile-money accounts, required fields per type, phones stored in E.164, exactly one
 * primary per currency, soft delete, masked listings, and a payment_account.* event for each change.
 */
/** The response fields of a payment account (the spec leaves them to us: docs/decisions/money-out.md). */
const ACCOUNT_FIELDS = [
  'id',
  'merchant_id',
  'currency_id',
  'currency_code',
  'account_type',
  'is_primary',
  'status',
  'account_number',
  'bank_name',
  'bank_routing_number',
  'account_holder_name',
  'phone_number',
  'network_provider',
  'provider_metadata',
  'created_at',
  'updated_at',
];

const sql = testSql();

type AccountBody = BodyOf<typeof contract.createPaymentAccount>;

const bank = (over: Partial<AccountBody> = {}) =>
  ({
    currency_code: 'GHS',
    account_type: 'bank_account',
    account_number: '0123456789',
    bank_name: 'GCB Bank',
    account_holder_name: 'Test Shop Ltd',
    ...over,
  }) satisfies AccountBody;

const momo = (over: Partial<AccountBody> = {}) =>
  ({
    currency_code: 'GHS',
    account_type: 'mobile_money',
    phone_number: '0244123456',
    network_provider: 'mtn_momo',
    ...over,
  }) satisfies AccountBody;

async function add(m: Merchant, body: AccountBody) {
  const res = await m.call(contract.createPaymentAccount, { body });
  expectStatus(res, 200);
  expect(res.body.status).toBe('success');
  return res.body.data;
}

async function get(m: Merchant, id: string) {
  const res = await m.call(contract.getPaymentAccount, { params: { account_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

const accountRows = (merchantId: string) =>
  sql<
    Record<string, unknown>[]
  >`select * from payment_accounts where merchant_id = ${merchantId} order by created_at, id`;

const primaries = (merchantId: string, currency: string) =>
  sql<{ id: string }[]>`
    select id from payment_accounts
     where merchant_id = ${merchantId} and currency_code = ${currency} and is_primary and deleted_at is null`;

const accountEvents = (accountId: string) =>
  sql<{ event_type: string; resource_type: string; merchant_id: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, merchant_id, data from events where resource_id = ${accountId} order by sequence`;

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
