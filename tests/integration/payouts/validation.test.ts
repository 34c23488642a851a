import { describe, expect, it } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, expectReconciled, wallet } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { UNKNOWN_ID, sql, bankPayout, mobilePayout, fundedMerchant, initiate, expectUntouched } from './helpers';

describe('POST /api/v1/merchants/payouts: validation (422, nothing moves)', () => {
  it('payout_reason, payout_type and recipient_details are required; no saved accounts; recipient fields named by type', async () => {
    const m = await fundedMerchant();
    const { payout_reason: _r, ...noReason } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noReason }))).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: '' } })),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: '  ' } })),
    ).toEqual(['payout_reason']);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: { ...bankPayout(10), payout_reason: 'x'.repeat(501) } }),
      ),
    ).toEqual(['payout_reason']);
    const { payout_type: _t, ...noType } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noType }))).toEqual(['payout_type']);
    const { recipient_details: _d, ...noDetails } = bankPayout(10);
    expect(invalidFields(await m.send(contract.createPayout, { body: noDetails }))).toEqual(['recipient_details']);
    // A payout goes to a third party: saved accounts are the merchant's own (withdrawals).
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...noDetails, payment_account_id: UNKNOWN_ID } })),
    ).toEqual(['payment_account_id', 'recipient_details']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: bankPayout(10, {}, { recipient_details: {} }) })),
    ).toEqual([
      'recipient_details.account_holder_name',
      'recipient_details.bank_account_number',
      'recipient_details.bank_name',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: mobilePayout(10, {}, { recipient_details: {} }) })),
    ).toEqual([
      'recipient_details.mobile_number',
      'recipient_details.network_provider',
      'recipient_details.recipient_name',
    ]);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: mobilePayout(10, { network_provider: 'orange_money' }) }),
      ),
    ).toEqual(['recipient_details.network_provider']);
    expect(
      invalidFields(
        await m.send(contract.createPayout, { body: mobilePayout(10, { mobile_number: '+254712345678' }) }),
      ),
    ).toEqual(['recipient_details.mobile_number']);
    expect(
      invalidFields(await m.send(contract.createPayout, { body: mobilePayout(10, { account_holder_name: 'K' }) })),
    ).toEqual(['recipient_details.account_holder_name']);
    for (const amount of [0, -1, 1.234, '5']) {
      expect(
        invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), amount } })),
        String(amount),
      ).toEqual(['amount']);
    }
    expect(
      invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), currency_code: 'ABC' } })),
    ).toEqual(['currency_code']);
    expect(invalidFields(await m.send(contract.createPayout, { body: { ...bankPayout(10), memo: 'x' } }))).toEqual([
      'memo',
    ]);
    const malformed = await m.send(contract.createPayout, { body: '{"amount": ' });
    expectStatus(malformed, 400);
    expectErrorShape(malformed.body, 'malformed_json');
    await expectUntouched(m);
  });
});

describe('CFA francs: whole francs end to end', () => {
  it('XOF: a deposit settles, and mobile-money and bank payouts take fees to the franc', async () => {
    const m = await newMerchant();
    // 10,000 XOF by bank transfer: 1 % fee = 100 → 9,900 available once settled.
    await paidCheckout(m, { amount: 10_000, currency_code: 'XOF' });
    await settleEverything(m.id);
    expect(await wallet(m, 'XOF')).toMatchObject({ available_balance: 9_900, holding_balance: 0 });

    // Orange Money in Senegal: 0.5 % of 1,001 = 5.005 → 5; the number needs its +221 (XOF spans countries).
    const local = await m.send(contract.createPayout, {
      body: mobilePayout(
        1_001,
        { mobile_number: '77 123 45 67', network_provider: 'orange_money' },
        { currency_code: 'XOF' },
      ),
    });
    expect(invalidFields(local)).toEqual(['recipient_details.mobile_number']);
    const mobile = await initiate(
      m,
      mobilePayout(
        1_001,
        { mobile_number: '+221 77 123 45 67', network_provider: 'orange_money' },
        { currency_code: 'XOF' },
      ),
    );
    expect(mobile).toMatchObject({
      amount: 1_006,
      fee_amount: 5,
      net_amount: 1_001,
      mobile_number: '+221771234567',
      currency_code: 'XOF',
    });
    // A bank payout's flat fee is 100 minor units: 100 francs here.
    const bank = await initiate(m, bankPayout(500, {}, { currency_code: 'XOF' }));
    expect(bank).toMatchObject({ amount: 600, fee_amount: 100, net_amount: 500 });
    // A fraction of a franc is refused.
    expect(
      invalidFields(await m.send(contract.createPayout, { body: bankPayout(500.5, {}, { currency_code: 'XOF' }) })),
    ).toEqual(['amount']);

    expect(await wallet(m, 'XOF')).toMatchObject({ available_balance: 9_900 - 1_006 - 600 });
    const rows = await sql`select amount::text, fee_amount::text, net_amount::text from customer_transactions
                            where merchant_id = ${m.id} and transaction_type = 'payout' order by created_at`;
    expect(rows.map((r) => [r.amount, r.fee_amount, r.net_amount])).toEqual([
      ['1006', '5', '1001'],
      ['600', '100', '500'],
    ]);
    await expectReconciled(m.id);
  });
});
