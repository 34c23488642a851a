import { expect } from 'vitest';
import { newMerchant, paidCheckout, settleEverything, wallet, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';
import type { EventData } from '../../../lib/notifications/events/catalog';

/**
 * POST /api/v1/merchants/wallet/refunds (issue 4, "Refunds"). Deposits are paid by sandbox bank
 * transfer, whose default fee is 1.00 % (half up): 101.01 pays 100.00 net, 100.00 pays 99.00 net,
 * 50.00 pays 49.50 net. The deposit's fee is not returned, so a refund of a deposit's full amount needs
 * more than that deposit's net in the wallet.
 */

export const sql = testSql();

export const refund = (m: Merchant, body: BodyOf<typeof contract.createRefund>, headers: Record<string, string> = {}) =>
  m.call(contract.createRefund, { body, headers });
/** A body the contract refuses, sent as is. */
export const refuse = (m: Merchant, body: unknown) => m.send(contract.createRefund, { body });

export async function transaction(m: Merchant, id: string) {
  const res = await m.call(contract.getCustomerTransaction, { params: { transaction_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

export async function refundRows(depositId: string) {
  return sql<{ id: string; amount: string }[]>`
    select id, amount::text from customer_transactions where refunds_transaction_id = ${depositId} and transaction_type = 'refund'`;
}

export async function refundedEvents(checkoutId: string) {
  return sql<{ data: EventData['checkout.refunded'] }[]>`
    select data from events where resource_id = ${checkoutId} and event_type = 'checkout.refunded' order by sequence`;
}

/** Journal lines of the refund's entry, as `account direction amount` (minor units). */
export async function refundLines(refundId: string) {
  const rows = await sql<{ line: string }[]>`
    select l.account || ' ' || l.direction || ' ' || l.amount::text as line
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
     where e.customer_transaction_id = ${refundId} and e.kind = 'refund'
     order by l.account, l.direction`;
  return rows.map((r) => r.line);
}

/** A merchant with 100.00 GHS available (one settled deposit of 101.01). */
export async function merchantWithCushion() {
  const m = await newMerchant();
  await paidCheckout(m, { amount: 101.01 });
  await settleEverything(m.id);
  expect(await wallet(m)).toMatchObject({ available_balance: 100, holding_balance: 0 });
  return m;
}
