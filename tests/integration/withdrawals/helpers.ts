import { expect } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, wallet, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Withdrawals (spec 4.8, docs/decisions/money-out.md): the merchant's money to the merchant's own account, from
 * the wallet's available balance. The sandbox payout rail moves them on: runJobsNow(['pick_up_payout'])
 * is PENDING → PROCESSING, runJobsNow(['sandbox_payout_outcome']) is PROCESSING → COMPLETED or FAILED (a
 * destination ending in 9999 fails). Deposits are paid by sandbox bank transfer (fee 1.00 %): 101.01
 * pays 100.00 net, so a settled checkout of 101.01 leaves exactly 100.00 available.
 */

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The response fields of a withdrawal or payout (docs/decisions/money-out.md), in order. */
export const PAYOUT_FIELDS = [
  'transaction_id',
  'merchant_id',
  'kind',
  'status',
  'amount',
  'fee_amount',
  'net_amount',
  'currency_code',
  'payment_account_id',
  'payout_type',
  'recipient_name',
  'recipient_email',
  'recipient_phone',
  'bank_account_number',
  'bank_routing_number',
  'bank_name',
  'account_holder_name',
  'mobile_number',
  'network_provider',
  'payout_reason',
  'notes',
  'provider',
  'provider_reference',
  'failure_reason',
  'cancellation_reason',
  'idempotency_key',
  'created_at',
  'updated_at',
  'processing_at',
  'completed_at',
  'failed_at',
  'cancelled_at',
  'reversed_at',
];

export const sql = testSql();

export const bankDetails = (over: Record<string, unknown> = {}) => ({
  recipient_name: 'Test Shop Ltd',
  bank_account_number: '0123456789',
  bank_name: 'GCB Bank',
  account_holder_name: 'Test Shop Ltd',
  ...over,
});
export type WithdrawalBody = BodyOf<typeof contract.createWithdrawal>;
export const bankWithdrawal = (
  amount: number,
  details: Record<string, unknown> = {},
  over: Partial<WithdrawalBody> = {},
) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: bankDetails(details),
    ...over,
  }) satisfies WithdrawalBody;
export const mobileWithdrawal = (
  amount: number,
  details: Record<string, unknown> = {},
  over: Partial<WithdrawalBody> = {},
) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'mobile_money',
    recipient_details: {
      recipient_name: 'Test Shop',
      mobile_number: '024 412 3456',
      network_provider: 'mtn_momo',
      ...details,
    },
    ...over,
  }) satisfies WithdrawalBody;

/** A merchant with exactly 100.00 available in each currency given (settled deposits of 101.01). */
export async function fundedMerchant(currencies: string[] = ['GHS'], options: { name?: string } = {}) {
  const m = await newMerchant(options);
  for (const currency_code of currencies) await paidCheckout(m, { amount: 101.01, currency_code });
  await settleEverything(m.id);
  for (const code of currencies)
    expect(await wallet(m, code)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}

export async function initiate(m: Merchant, body: WithdrawalBody, headers: Record<string, string> = {}) {
  const res = await m.call(contract.createWithdrawal, { body, headers });
  expectStatus(res, 200);
  expect(res.body).toMatchObject({ status: 'success', message: 'Withdrawal initiated' });
  return res.body.data;
}

export async function getWithdrawal(m: Merchant, id: string) {
  const res = await m.call(contract.getWithdrawal, { params: { transaction_id: id } });
  expectStatus(res, 200);
  expect(res.body.message).toBe('Withdrawal retrieved');
  return res.body.data;
}

export const events = (id: string) =>
  sql<{ event_type: string; resource_type: string; merchant_id: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, merchant_id, data from events where resource_id = ${id} order by sequence`;

/** The journal lines of a transaction, as `kind: account direction amount` (minor units), in order. */
export async function journal(id: string) {
  const rows = await sql<{ line: string }[]>`
    select e.kind || ': ' || l.account || ' ' || l.direction || ' ' || l.amount::text as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${id}
     order by l.sequence`;
  return rows.map((r) => r.line);
}

export async function transactionRows(merchantId: string) {
  return sql<Record<string, unknown>[]>`
    select id, status, payout_status, payout_kind, amount::text, fee_amount::text, net_amount::text
      from customer_transactions where merchant_id = ${merchantId} and transaction_type = 'payout' order by created_at, id`;
}

/** Refused and nothing moved: 100.00 still available, no payout rows, no withdrawal events. */
export async function expectUntouched(m: Merchant, code = 'GHS') {
  expect(await wallet(m, code)).toMatchObject({ available_balance: 100, holding_balance: 0, last_payout_at: null });
  expect(await transactionRows(m.id)).toEqual([]);
  const [row] =
    await sql`select count(*)::int as n from events where merchant_id = ${m.id} and event_type like 'withdrawal.%'`;
  expect(row!.n).toBe(0);
}

export const pickUp = () => runJobsNow(['pick_up_payout']);
export const railAnswers = () => runJobsNow(['sandbox_payout_outcome']);
