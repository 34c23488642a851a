import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { CheckoutRow } from '../../checkout/present';
import type { MoneyReceived } from './contract';

/**
 * What has actually reached us for a checkout, so the page can tell the customer the truth: money
 * counted towards the payment (every collection but duplicates), what is still missing or was sent
 * too much, money that arrived when the checkout could no longer take it (to be refunded), what the
 * merchant has refunded, and the provider's reference of the latest money counted. One statement.
 */
export async function moneyReceived(db: Db, row: CheckoutRow): Promise<MoneyReceived> {
  const [totals] = await db.execute<{
    counted: string;
    duplicate: string;
    refunded: string;
    last_received_at: Date | string | null;
    provider_reference: string | null;
  }>(sql`
    select coalesce(sum(c.amount) filter (where c.kind <> 'duplicate'), 0)::text as counted,
           coalesce(sum(c.amount) filter (where c.kind = 'duplicate'), 0)::text as duplicate,
           (select coalesce(sum(t.refunded_amount), 0) from customer_transactions t
             where t.checkout_session_id = ${row.id} and t.transaction_type = 'deposit')::text as refunded,
           max(c.received_at) as last_received_at,
           (array_agg(c.rail_reference order by c.received_at desc, c.id desc) filter (where c.kind <> 'duplicate'))[1] as provider_reference
      from collections c
     where c.checkout_id = ${row.id}`);
  const currency = row.currencyCode;
  const counted = BigInt(totals?.counted ?? '0');
  const money = (minor: bigint) => toMajorUnits(minor, currency);
  const lastReceivedAt = totals?.last_received_at ? new Date(totals.last_received_at) : null;
  return {
    amount: money(counted),
    outstanding: money(counted < row.amount ? row.amount - counted : 0n),
    overpaid: money(counted > row.amount ? counted - row.amount : 0n),
    duplicate: money(BigInt(totals?.duplicate ?? '0')),
    refunded: money(BigInt(totals?.refunded ?? '0')),
    last_received_at: formatTimestamp(lastReceivedAt),
    provider_reference: totals?.provider_reference ?? null,
  };
}
