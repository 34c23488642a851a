import { admin, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type BodyOf } from '../../support/caller';
import type { EventData } from '../../../lib/notifications/events/catalog';
import { contract } from '../../support/contract';

/**
 * Wallets (spec 2.3, 4.2; issue 4 "Wallets"): reading them, the merchant's status lever (active ↔
 * frozen), and the operator's levers (suspend, settlement hold with a reason the merchant sees or not).
 */

/** Spec 2.3, in its order. */

export const sql = testSql();

export async function walletRow(merchantId: string, code: string) {
  const [row] = await sql<
    {
      id: string;
      status: string;
      holding_balance: string;
      available_balance: string;
      settlement_hold: boolean;
      settlement_hold_reason: string | null;
    }[]
  >`
    select w.* from wallets w join currencies c on c.id = w.currency_id
     where w.merchant_id = ${merchantId} and c.code = ${code}`;
  return row!;
}

export const walletEvents = (walletId: string) =>
  sql<{ event_type: string; data: EventData['wallet.status_changed']; merchant_id: string; resource_type: string }[]>`
    select event_type, data, merchant_id, resource_type from events where resource_id = ${walletId} order by sequence`;

/** Runs settlement as if it were two days from now: every deposit made so far is due. */
export async function settleAllDue(merchantId: string) {
  const res = await admin().call(contract.runSettlement, {
    body: {
      as_of: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      merchant_id: merchantId,
    },
  });
  expectStatus(res, 200);
  return res.body.data;
}

export const setStatus = (m: Merchant, code: string, status: BodyOf<typeof contract.updateWalletStatus>['status']) =>
  m.call(contract.updateWalletStatus, { params: { currency_code: code }, body: { status } });
