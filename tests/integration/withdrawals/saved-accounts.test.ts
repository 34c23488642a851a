import { describe, expect, it } from 'vitest';
import {
  paidCheckout,
  settleEverything,
  expectReconciled,
  wallet,
  customerTransaction,
  type Merchant,
} from '../../support/fixtures';
import { expectErrorShape, expectStatus, fieldErrors, invalidFields, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';
import { UNKNOWN_ID, fundedMerchant, initiate, getWithdrawal, expectUntouched, pickUp, railAnswers } from './helpers';

describe('withdrawals to a saved payment account', () => {
  async function addAccount(m: Merchant, body: BodyOf<typeof contract.createPaymentAccount>) {
    const res = await m.call(contract.createPaymentAccount, { body });
    expectStatus(res, 200);
    return res.body.data;
  }
  const bankAccount = {
    currency_code: 'GHS',
    account_type: 'bank_account',
    account_number: '0987654321',
    bank_name: 'Ecobank',
    account_holder_name: 'Test Shop Ltd',
  } satisfies BodyOf<typeof contract.createPaymentAccount>;
  const momoAccount = {
    currency_code: 'GHS',
    account_type: 'mobile_money',
    phone_number: '020 123 4567',
    network_provider: 'vodafone_cash',
  } satisfies BodyOf<typeof contract.createPaymentAccount>;

  it('copies the account onto the withdrawal (bank and mobile money) and completes', async () => {
    const m = await fundedMerchant([], { name: 'Kofi Stores' });
    await paidCheckout(m, { amount: 101.01 });
    await settleEverything(m.id);
    const bank = await addAccount(m, { ...bankAccount, bank_routing_number: 'EB001' });
    const momo = await addAccount(m, momoAccount);

    const toBank = await initiate(m, {
      amount: 25,
      currency_code: 'ghs',
      payment_account_id: bank.id,
      notes: 'weekly',
    });
    expect(toBank).toMatchObject({
      status: 'PENDING',
      currency_code: 'GHS',
      payment_account_id: bank.id,
      payout_type: 'bank_transfer',
      recipient_name: 'Test Shop Ltd',
      bank_account_number: '0987654321',
      bank_routing_number: 'EB001',
      bank_name: 'Ecobank',
      account_holder_name: 'Test Shop Ltd',
      mobile_number: null,
      network_provider: null,
      notes: 'weekly',
    });
    const toMomo = await initiate(m, { amount: 15, currency_code: 'GHS', payment_account_id: momo.id });
    expect(toMomo).toMatchObject({
      payment_account_id: momo.id,
      payout_type: 'mobile_money',
      // A mobile-money account has no holder name: the merchant's own name is used.
      recipient_name: 'Kofi Stores',
      mobile_number: '+233201234567',
      network_provider: 'vodafone_cash',
      bank_account_number: null,
    });
    expect(await wallet(m)).toMatchObject({ available_balance: 60 });
    const tx = await customerTransaction(m, toMomo.transaction_id);
    expect(tx).toMatchObject({
      transaction_type: 'payout',
      payout_type: 'mobile_money',
      mobile_number: '+233201234567',
      network_provider: 'vodafone_cash',
    });

    await pickUp();
    await railAnswers();
    expect((await getWithdrawal(m, toBank.transaction_id)).status).toBe('COMPLETED');
    expect((await getWithdrawal(m, toMomo.transaction_id)).status).toBe('COMPLETED');
    expect(await wallet(m)).toMatchObject({ available_balance: 60 });
    await expectReconciled(m.id);
  });

  it('the withdrawal keeps the destination it was sent to when the account later changes or is deleted', async () => {
    const m = await fundedMerchant();
    const primary = await addAccount(m, bankAccount);
    const other = await addAccount(m, { ...bankAccount, account_number: '1122334455', bank_name: 'Fidelity' });
    const w = await initiate(m, { amount: 10, currency_code: 'GHS', payment_account_id: other.id });
    expect(
      (
        await m.call(contract.updatePaymentAccount, {
          params: { account_id: other.id },
          body: { account_number: '9999000099', bank_name: 'Changed' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: other.id }, body: { is_primary: true } }))
        .status,
    ).toBe(200);
    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: primary.id } })).status).toBe(200);
    expect(await getWithdrawal(m, w.transaction_id)).toMatchObject({
      payment_account_id: other.id,
      bank_account_number: '1122334455',
      bank_name: 'Fidelity',
    });
    await pickUp();
    await railAnswers();
    // Paid to the number it was sent to (the account's new number would now fail in the sandbox).
    expect((await getWithdrawal(m, w.transaction_id)).status).toBe('COMPLETED');
    expect(await wallet(m)).toMatchObject({ available_balance: 90 });
  });

  it('a saved account whose number ends in 9999 fails at the rail and the money comes back', async () => {
    const m = await fundedMerchant();
    const account = await addAccount(m, { ...momoAccount, phone_number: '0201239999' });
    const w = await initiate(m, { amount: 45, currency_code: 'GHS', payment_account_id: account.id });
    await pickUp();
    await railAnswers();
    const failed = await getWithdrawal(m, w.transaction_id);
    expect(failed).toMatchObject({ status: 'FAILED', payment_account_id: account.id });
    expect(failed.failure_reason).toMatch(/9999/);
    expect(await wallet(m)).toMatchObject({ available_balance: 100 });
    await expectReconciled(m.id);
  });

  it('inactive or suspended account → 409 payment_account_not_active; other currency → 422; deleted or unknown → 404', async () => {
    const m = await fundedMerchant();
    const primary = await addAccount(m, bankAccount);
    const other = await addAccount(m, momoAccount);
    const kes = await addAccount(m, {
      currency_code: 'KES',
      account_type: 'mobile_money',
      phone_number: '0712345678',
      network_provider: 'mpesa',
    });

    for (const status of ['inactive', 'suspended'] as const) {
      expect(
        (await m.call(contract.updatePaymentAccount, { params: { account_id: primary.id }, body: { status } })).status,
      ).toBe(200);
      const res = await m.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: primary.id },
      });
      expectStatus(res, 409);
      expectErrorShape(res.body, 'payment_account_not_active');
      expect(res.body.message).toContain(status);
    }
    const wrongCurrency = await m.call(contract.createWithdrawal, {
      body: {
        amount: 10,
        currency_code: 'GHS',
        payment_account_id: kes.id,
      },
    });
    expect(invalidFields(wrongCurrency)).toEqual(['payment_account_id']);
    expect(fieldErrors(wrongCurrency)[0]!.message).toMatch(/KES account/);

    expect((await m.call(contract.deletePaymentAccount, { params: { account_id: other.id } })).status).toBe(200);
    for (const accountId of [other.id, UNKNOWN_ID]) {
      const res = await m.call(contract.createWithdrawal, {
        body: { amount: 10, currency_code: 'GHS', payment_account_id: accountId },
      });
      expectStatus(res, 404);
      expectErrorShape(res.body, 'not_found');
    }
    await expectUntouched(m);

    // Active again: it works.
    expect(
      (await m.call(contract.updatePaymentAccount, { params: { account_id: primary.id }, body: { status: 'active' } }))
        .status,
    ).toBe(200);
    await initiate(m, { amount: 10, currency_code: 'GHS', payment_account_id: primary.id });
    expect(await wallet(m)).toMatchObject({ available_balance: 90 });
  });
});
