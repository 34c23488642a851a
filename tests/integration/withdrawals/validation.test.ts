import { describe, expect, it } from 'vitest';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { bankDetails, bankWithdrawal, mobileWithdrawal, fundedMerchant, expectUntouched } from './helpers';

describe('POST /api/v1/merchants/withdrawals: validation (422, nothing moves)', () => {
  it('takes exactly one of payment_account_id or payout_type + recipient_details', async () => {
    const m = await fundedMerchant();
    const account = await m.call(contract.createPaymentAccount, {
      body: {
        currency_code: 'GHS',
        account_type: 'bank_account',
        account_number: '0123456789',
        bank_name: 'GCB',
        account_holder_name: 'Test Shop',
      },
    });
    expectStatus(account, 200);
    const both = await m.send(contract.createWithdrawal, {
      body: { ...bankWithdrawal(10), payment_account_id: account.body.data.id },
    });
    expect(invalidFields(both)).toEqual(['payment_account_id']);
    expect(fieldErrors(both)[0]!.message).toMatch(/exactly one of payment_account_id or payout_type/);
    const neither = await m.send(contract.createWithdrawal, { body: { amount: 10, currency_code: 'GHS' } });
    expect(invalidFields(neither)).toEqual(['payout_type']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer' },
        }),
      ),
    ).toEqual(['recipient_details']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', recipient_details: bankDetails() },
        }),
      ),
    ).toEqual(['payout_type']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), payout_type: 'cash' } })),
    ).toEqual(['payout_type']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { ...bankWithdrawal(10), recipient_details: 'GCB 0123456789' },
        }),
      ),
    ).toEqual(['recipient_details']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, {
          body: { amount: 10, currency_code: 'GHS', payment_account_id: 'acct-1' },
        }),
      ),
    ).toEqual(['payment_account_id']);
    await expectUntouched(m);
  });

  it('names each missing or wrong recipient field by type (recipient_details.<field>)', async () => {
    const m = await fundedMerchant();
    const post = (body: unknown) => m.send(contract.createWithdrawal, { body });
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer', recipient_details: {} }),
      ),
    ).toEqual([
      'recipient_details.account_holder_name',
      'recipient_details.bank_account_number',
      'recipient_details.bank_name',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'mobile_money', recipient_details: {} }),
      ),
    ).toEqual([
      'recipient_details.mobile_number',
      'recipient_details.network_provider',
      'recipient_details.recipient_name',
    ]);
    const { bank_name: _b, ...noBankName } = bankDetails();
    expect(
      invalidFields(
        await post({ amount: 10, currency_code: 'GHS', payout_type: 'bank_transfer', recipient_details: noBankName }),
      ),
    ).toEqual(['recipient_details.bank_name']);
    // The other type's fields are refused, each named as any unknown field is.
    const mixed = await post(mobileWithdrawal(10, { bank_name: 'GCB' }));
    expect(invalidFields(mixed)).toEqual(['recipient_details.bank_name']);
    expect(fieldErrors(mixed)[0]!.message).toBe('unknown field');
    expect(invalidFields(await post(bankWithdrawal(10, { mobile_number: '0244123456' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    // Values checked too.
    expect(invalidFields(await post(bankWithdrawal(10, { recipient_email: 'not-an-email' })))).toEqual([
      'recipient_details.recipient_email',
    ]);
    expect(invalidFields(await post(bankWithdrawal(10, { bank_account_number: '12' })))).toEqual([
      'recipient_details.bank_account_number',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { network_provider: 'airtel' })))).toEqual([
      'recipient_details.network_provider',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { network_provider: 'mpesa' })))).toEqual([
      'recipient_details.network_provider',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { mobile_number: '12345' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    expect(invalidFields(await post(mobileWithdrawal(10, { mobile_number: '+254712345678' })))).toEqual([
      'recipient_details.mobile_number',
    ]);
    await expectUntouched(m);
  });

  it('checks amount and currency; refuses unknown fields (payout_reason belongs to payouts) and malformed JSON', async () => {
    const m = await fundedMerchant();
    for (const amount of [0, -5, 10.001, '10', null, 1e15, 1_000_000_000_000]) {
      const res = await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), amount } });
      expect(invalidFields(res), `amount ${amount}: ${res.text}`).toEqual(['amount']);
    }
    const { amount: _a, ...noAmount } = bankWithdrawal(10);
    expect(invalidFields(await m.send(contract.createWithdrawal, { body: noAmount }))).toEqual(['amount']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), currency_code: 'XYZ' } })),
    ).toEqual(['currency_code']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), currency_code: 'GH' } })),
    ).toEqual(['currency_code']);
    const { currency_code: _c, ...noCurrency } = bankWithdrawal(10);
    expect(invalidFields(await m.send(contract.createWithdrawal, { body: noCurrency }))).toEqual(['currency_code']);
    expect(
      invalidFields(
        await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), payout_reason: 'rent' } }),
      ),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), reference: 'x' } })),
    ).toEqual(['reference']);
    expect(
      invalidFields(await m.send(contract.createWithdrawal, { body: { ...bankWithdrawal(10), notes: '' } })),
    ).toEqual(['notes']);
    const malformed = await m.send(contract.createWithdrawal, { body: '{"amount": 10,' });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    const notJson = await m.send(contract.createWithdrawal, {
      body: 'amount=10',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectStatus(notJson, 415);
    expectErrorShape(notJson.body, 'unsupported_media_type');
    await expectUntouched(m);
  });
});
