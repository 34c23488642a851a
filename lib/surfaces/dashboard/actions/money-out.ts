import * as contract from '../../../money-out/contract';
import * as accountsContract from '../../../money-out/payment-accounts/contract';
import {
  cancelInput,
  payoutInput,
  withdrawalInput,
  type PayoutInput,
  type WithdrawalInput,
} from '../../../money-out/input';
import {
  addPaymentAccountInput,
  paymentAccountIdParams,
  updatePaymentAccountInput,
  type AddPaymentAccountInput,
} from '../../../money-out/payment-accounts/input';
import { initiatePayout } from '../../../money-out/initiate';
import { cancelPayout } from '../../../money-out/progress';
import {
  addPaymentAccount,
  deletePaymentAccount,
  updatePaymentAccount,
} from '../../../money-out/payment-accounts/manage';
import type { PaymentAccount } from '../../../money-out/payment-accounts/contract';
import type { Payout, Withdrawal } from '../../../money-out/contract';
import { transactionIdParams } from '../../../books/customer-transactions/input';
import type { PaymentAccountStatus } from '../../../platform/vocabulary';
import { validate } from '../../../platform/http/parse';
import { maskAccountNumber } from '../../../rails/payout-destination';
import type { DashboardAction, FormValues } from '../perform';
import { permissionOf } from './operation-permission';

/**
 * Money out from the dashboard, on the API's verbs and input schemas: withdrawals (to a saved payment
 * account), payouts (to a recipient named in the form), cancelling either while pending, and the
 * payment accounts (add, make primary, deactivate or reactivate, delete). Whatever moves money or
 * where it goes needs a fresh second factor. Audit lines never hold a full account number.
 */
type Verb<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** An optional text field: an empty input is "not given", as an absent JSON field. */
const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/**
 * The amount typed in the form as the JSON number the API's body would carry: the same decimal text
 * (a French decimal comma read as a point), never computed. Anything else stays text, refused by the
 * schema ("must be a number").
 */
export function amountOf(value: string | undefined): unknown {
  const text = value?.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
  if (!text) return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** Only the named fields that were filled in (the API's strict schemas refuse the others' fields). */
const filled = (form: FormValues, names: readonly string[]) =>
  Object.fromEntries(names.flatMap((name) => (given(form[name]) === undefined ? [] : [[name, form[name]]])));

const BANK_RECIPIENT = [
  'recipient_name',
  'bank_account_number',
  'bank_name',
  'account_holder_name',
  'bank_routing_number',
  'recipient_email',
  'recipient_phone',
] as const;
const MOBILE_RECIPIENT = ['recipient_name', 'mobile_number', 'network_provider', 'recipient_email', 'recipient_phone'];

/** Where the money went, for the audit line: the bank or network and the last four digits only. */
export function destinationOf(moved: Withdrawal | Payout | PaymentAccount): string {
  if ('account_type' in moved) {
    return moved.account_type === 'bank_account'
      ? `${moved.bank_name} ${maskAccountNumber(moved.account_number ?? '')}`
      : `${moved.network_provider} ${maskAccountNumber(moved.phone_number ?? '')}`;
  }
  return moved.payout_type === 'bank_transfer'
    ? `${moved.bank_name} ${maskAccountNumber(moved.bank_account_number ?? '')}`
    : `${moved.network_provider} ${maskAccountNumber(moved.mobile_number ?? '')}`;
}

const moneyDetails = (moved: Withdrawal | Payout) => ({
  amount: moved.net_amount,
  fee: moved.fee_amount,
  currency: moved.currency_code,
  destination: destinationOf(moved),
});

const transactionOf = (form: FormValues) => ({
  ...validate(transactionIdParams, { transaction_id: form.transaction_id }),
  ...validate(cancelInput, { reason: form.reason }),
});

const accountIdOf = (form: FormValues) => validate(paymentAccountIdParams, { account_id: form.account_id });

export const MONEY_OUT_ACTIONS = {
  createWithdrawal: {
    name: 'withdrawal.create',
    allowed: permissionOf(contract.createWithdrawal),
    read: (form) =>
      validate(withdrawalInput, {
        amount: amountOf(form.amount),
        currency_code: form.currency_code,
        payment_account_id: form.payment_account_id,
        notes: given(form.notes),
      }),
    // Posted twice, the same rendered form pays out once: its key is the withdrawal's Idempotency-Key.
    oncePerForm: true,
    run: (ctx, input, formKey) => initiatePayout({ ...ctx, idempotencyKey: formKey }, 'withdrawal', input),
    audit: (_input, withdrawal) => ({ target: withdrawal.transaction_id, details: moneyDetails(withdrawal) }),
  } satisfies DashboardAction<WithdrawalInput, Withdrawal>,

  createPayout: {
    name: 'payout.create',
    allowed: permissionOf(contract.createPayout),
    read: (form) =>
      validate(payoutInput, {
        amount: amountOf(form.amount),
        currency_code: form.currency_code,
        payout_type: form.payout_type,
        recipient_details: filled(form, form.payout_type === 'mobile_money' ? MOBILE_RECIPIENT : BANK_RECIPIENT),
        payout_reason: form.payout_reason,
        notes: given(form.notes),
      }),
    oncePerForm: true,
    run: (ctx, input, formKey) => initiatePayout({ ...ctx, idempotencyKey: formKey }, 'payout', input),
    audit: (_input, payout) => ({ target: payout.transaction_id, details: moneyDetails(payout) }),
  } satisfies DashboardAction<PayoutInput, Payout>,

  cancelWithdrawal: {
    name: 'withdrawal.cancel',
    allowed: permissionOf(contract.cancelWithdrawal),
    read: transactionOf,
    run: (ctx, { transaction_id, reason }) => cancelPayout(ctx.db, ctx.tenant, 'withdrawal', transaction_id, reason),
    audit: ({ reason }, withdrawal) => ({
      target: withdrawal.transaction_id,
      details: { ...moneyDetails(withdrawal), reason },
    }),
  } satisfies DashboardAction<{ transaction_id: string; reason: string }, Withdrawal>,

  cancelPayout: {
    name: 'payout.cancel',
    allowed: permissionOf(contract.cancelPayout),
    read: transactionOf,
    run: (ctx, { transaction_id, reason }) => cancelPayout(ctx.db, ctx.tenant, 'payout', transaction_id, reason),
    audit: ({ reason }, payout) => ({ target: payout.transaction_id, details: { ...moneyDetails(payout), reason } }),
  } satisfies DashboardAction<{ transaction_id: string; reason: string }, Payout>,

  addPaymentAccount: {
    name: 'payment_account.create',
    allowed: permissionOf(accountsContract.createPaymentAccount),
    read: (form) =>
      validate(addPaymentAccountInput, {
        currency_code: form.currency_code,
        account_type: form.account_type,
        is_primary: form.is_primary === 'on' ? true : undefined,
        // The other type's fields stay out: the API refuses them ("does not apply").
        ...filled(
          form,
          form.account_type === 'mobile_money'
            ? ['phone_number', 'network_provider']
            : ['account_number', 'bank_name', 'bank_routing_number', 'account_holder_name'],
        ),
      }),
    run: (ctx, input) => addPaymentAccount(ctx.db, ctx.tenant, input),
    audit: (_input, account) => ({
      target: account.id,
      details: {
        type: account.account_type,
        currency: account.currency_code,
        destination: destinationOf(account),
        primary: account.is_primary,
      },
    }),
  } satisfies DashboardAction<AddPaymentAccountInput, Verb<typeof addPaymentAccount>>,

  makePaymentAccountPrimary: {
    name: 'payment_account.make_primary',
    allowed: permissionOf(accountsContract.updatePaymentAccount),
    read: (form) => ({ ...accountIdOf(form), ...validate(updatePaymentAccountInput, { is_primary: true }) }),
    run: (ctx, { account_id, ...input }) => updatePaymentAccount(ctx.db, ctx.tenant, account_id, input),
    audit: ({ account_id }, account) => ({ target: account_id, details: { destination: destinationOf(account) } }),
  } satisfies DashboardAction<{ account_id: string; is_primary?: boolean }, Verb<typeof updatePaymentAccount>>,

  /** Deactivate (`inactive`: it receives nothing) or reactivate (`active`), as the API's status field. */
  setPaymentAccountStatus: {
    name: 'payment_account.set_status',
    allowed: permissionOf(accountsContract.updatePaymentAccount),
    read: (form) => ({ ...accountIdOf(form), ...validate(updatePaymentAccountInput, { status: form.status ?? '' }) }),
    run: (ctx, { account_id, ...input }) => updatePaymentAccount(ctx.db, ctx.tenant, account_id, input),
    audit: ({ account_id, status }, account) => ({
      target: account_id,
      details: { status, destination: destinationOf(account) },
    }),
  } satisfies DashboardAction<{ account_id: string; status?: PaymentAccountStatus }, Verb<typeof updatePaymentAccount>>,

  deletePaymentAccount: {
    name: 'payment_account.delete',
    allowed: permissionOf(accountsContract.deletePaymentAccount),
    read: accountIdOf,
    run: (ctx, { account_id }) => deletePaymentAccount(ctx.db, ctx.tenant, account_id),
    audit: ({ account_id }, account) => ({ target: account_id, details: { destination: destinationOf(account) } }),
  } satisfies DashboardAction<{ account_id: string }, Verb<typeof deletePaymentAccount>>,
};
