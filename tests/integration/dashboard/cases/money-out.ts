import { contract } from '../../../support/contract';
import { paidCheckout, settleEverything, type Merchant } from '../../../support/fixtures';
import { aFormKey, type ActionCase } from './world';

/**
 * Money out starts from nothing: each form that moves money first gives the merchant 100.00 GHS
 * available (a settled checkout of 101.01, the sandbox transfer's fee taken), so every run of it has
 * the money whatever ran before.
 */
export async function fund(merchant: Merchant) {
  await paidCheckout(merchant, { amount: 101.01 });
  await settleEverything(merchant.id);
}

export const bankAccountForm = {
  account_type: 'bank_account',
  currency_code: 'GHS',
  account_number: '0123456789',
  bank_name: 'GCB Bank',
  account_holder_name: 'Test Shop Ltd',
};

/** A new active GHS bank account of the merchant (its currency's primary only when it is the first). */
export const anAccount = async (merchant: Merchant) =>
  (await merchant.ok(contract.createPaymentAccount, { body: { ...bankAccountForm, account_type: 'bank_account' } }))
    .body.data.id;

/** A new account that is not the primary one (deleting the primary is refused). */
async function aSecondaryAccount(merchant: Merchant) {
  await anAccount(merchant);
  return anAccount(merchant);
}

/** A pending withdrawal or payout of the merchant, made through the API. */
async function aPending(merchant: Merchant, kind: 'withdrawal' | 'payout') {
  await fund(merchant);
  const recipient = {
    recipient_name: 'Ama Mensah',
    bank_account_number: '0011223344',
    bank_name: 'Stanbic',
    account_holder_name: 'Ama Mensah',
  };
  const body = {
    amount: 10,
    currency_code: 'GHS',
    payout_type: 'bank_transfer' as const,
    recipient_details: recipient,
  };
  const res =
    kind === 'withdrawal'
      ? await merchant.ok(contract.createWithdrawal, { body })
      : await merchant.ok(contract.createPayout, { body: { ...body, payout_reason: 'supplier invoice 118' } });
  return { transaction_id: res.body.data.transaction_id, reason: 'Sent by mistake' };
}

export const payoutForm = {
  amount: '12.50',
  currency_code: 'GHS',
  payout_type: 'bank_transfer',
  recipient_name: 'Ama Mensah',
  bank_account_number: '0011 2233 44',
  bank_name: 'Stanbic',
  account_holder_name: 'Ama Mensah',
  payout_reason: 'supplier invoice 118',
};

export const MONEY_OUT_CASES = {
  createWithdrawal: {
    valid: async ({ merchant }) => {
      await fund(merchant);
      return { amount: '10', currency_code: 'GHS', payment_account_id: await anAccount(merchant), ...aFormKey() };
    },
    foreign: async ({ merchant, other }) => {
      await fund(merchant);
      return { amount: '10', currency_code: 'GHS', payment_account_id: await anAccount(other), ...aFormKey() };
    },
  },
  createPayout: {
    valid: async ({ merchant }) => {
      await fund(merchant);
      return { ...payoutForm, ...aFormKey() };
    },
    foreign: null,
  },
  cancelWithdrawal: {
    valid: ({ merchant }) => aPending(merchant, 'withdrawal'),
    foreign: ({ other }) => aPending(other, 'withdrawal'),
  },
  cancelPayout: {
    valid: ({ merchant }) => aPending(merchant, 'payout'),
    foreign: ({ other }) => aPending(other, 'payout'),
  },
  addPaymentAccount: {
    valid: () => bankAccountForm,
    foreign: null,
  },
  makePaymentAccountPrimary: {
    valid: async ({ merchant }) => ({ account_id: await aSecondaryAccount(merchant) }),
    foreign: async ({ other }) => ({ account_id: await aSecondaryAccount(other) }),
  },
  setPaymentAccountStatus: {
    valid: async ({ merchant }) => ({ account_id: await anAccount(merchant), status: 'inactive' }),
    foreign: async ({ other }) => ({ account_id: await anAccount(other), status: 'inactive' }),
  },
  deletePaymentAccount: {
    valid: async ({ merchant }) => ({ account_id: await aSecondaryAccount(merchant) }),
    foreign: async ({ other }) => ({ account_id: await aSecondaryAccount(other) }),
  },
} satisfies Record<string, ActionCase>;
