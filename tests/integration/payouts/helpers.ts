import { expect } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, wallet, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Payouts (spec 4.9, docs/decisions/money-out.md): the merchant's money to a third party, through the same engine
 * as withdrawals, with a required payout_reason, lowercase statuses and a fee (defaults: bank transfer
 * 1.00 flat, mobile money 0.50 % half up). A settled checkout of 101.01 leaves exactly 100.00 available.
 */

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const sql = testSql();

export type PayoutBody = BodyOf<typeof contract.createPayout>;
export const bankPayout = (amount: number, details: Record<string, unknown> = {}, over: Partial<PayoutBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: {
      recipient_name: 'Ama Mensah',
      bank_account_number: '0011223344',
      bank_name: 'Stanbic',
      account_holder_name: 'Ama Mensah',
      ...details,
    },
    payout_reason: 'supplier invoice 118',
    ...over,
  }) satisfies PayoutBody;
export const mobilePayout = (amount: number, details: Record<string, unknown> = {}, over: Partial<PayoutBody> = {}) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'mobile_money',
    recipient_details: {
      recipient_name: 'Kwame Boateng',
      mobile_number: '0244123456',
      network_provider: 'mtn_momo',
      ...details,
    },
    payout_reason: 'delivery commission',
    ...over,
  }) satisfies PayoutBody;
export const bankWithdrawal = (amount: number) =>
  ({
    amount,
    currency_code: 'GHS',
    payout_type: 'bank_transfer',
    recipient_details: {
      recipient_name: 'Shop',
      bank_account_number: '0123456789',
      bank_name: 'GCB',
      account_holder_name: 'Shop',
    },
  }) satisfies BodyOf<typeof contract.createWithdrawal>;

export async function fundedMerchant(options: { name?: string } = {}) {
  const m = await newMerchant(options);
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}

export async function initiate(m: Merchant, body: PayoutBody, headers: Record<string, string> = {}) {
  const res = await m.call(contract.createPayout, { body, headers });
  expectStatus(res, 200);
  expect(res.body).toMatchObject({ status: 'success', message: 'Payout initiated' });
  return res.body.data;
}

export async function getPayout(m: Merchant, id: string) {
  const res = await m.call(contract.getPayout, { params: { transaction_id: id } });
  expectStatus(res, 200);
  expect(res.body.message).toBe('Payout retrieved');
  return res.body.data;
}

export const events = (id: string) =>
  sql<{ event_type: string; resource_type: string; data: Record<string, unknown> }[]>`
    select event_type, resource_type, data from events where resource_id = ${id} order by sequence`;

export async function journal(id: string) {
  const rows = await sql<{ line: string }[]>`
    select e.kind || ': ' || l.account || ' ' || l.direction || ' ' || l.amount::text || ' ' || l.purpose as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${id}
     order by l.sequence`;
  return rows.map((r) => r.line);
}

export const payoutRows = (merchantId: string) =>
  sql`select id from customer_transactions where merchant_id = ${merchantId} and transaction_type = 'payout'`;

export async function expectUntouched(m: Merchant) {
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0, last_payout_at: null });
  expect(await payoutRows(m.id)).toHaveLength(0);
}

export const pickUp = () => runJobsNow(['pick_up_payout']);
export const railAnswers = () => runJobsNow(['sandbox_payout_outcome']);
