import { admin, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

/**
 * Settlement (spec 3.2, 4.2; issue 4 "Settlement"): a run moves completed deposits older than
 * SETTLEMENT_DELAY_MINUTES (default 1440) before `as_of` from holding to available, one batch per
 * merchant and currency, marks them settled and completes their checkouts; exactly once, even when
 * runs overlap. Then the merchant's views of it (settlement batches, wallet transactions), the
 * operator's reconciliation, and the database's own guards on the journal.
 *
 * Deposits here are sandbox bank transfers: fee 1.00 % half up (100.00 → 99.00 net, 25.50 → 25.24).
 */

export const RUN = '/api/admin/v1/settlements/run';
export const DAY = 86_400_000;
export const DELAY_MS = 1440 * 60_000;

export const BATCH_FIELDS = [
  'id',
  'merchant_id',
  'wallet_id',
  'currency_code',
  'transaction_count',
  'gross_amount',
  'fee_amount',
  'net_amount',
  'settled_amount',
  'cutoff_at',
  'created_at',
];

export const sql = testSql();
export const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();
export const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

export async function run(body: BodyOf<typeof contract.runSettlement>) {
  const res = await admin().call(contract.runSettlement, { body });
  expectStatus(res, 200);
  return res.body.data;
}

export async function transaction(m: Merchant, id: string) {
  const res = await m.call(contract.getCustomerTransaction, { params: { transaction_id: id } });
  expectStatus(res, 200);
  return res.body.data;
}

export const depositRow = async (id: string) => (await sql`select * from customer_transactions where id = ${id}`)[0]!;
export const checkoutRow = async (id: string) => (await sql`select * from checkouts where id = ${id}`)[0]!;
export const eventTypes = async (resourceId: string) =>
  (await sql`select event_type from events where resource_id = ${resourceId} order by sequence`).map(
    (e) => e.event_type as string,
  );
