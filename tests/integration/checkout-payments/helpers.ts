import { hostedPage, newMerchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

export const sql = testSql();

/** A checkout plus a client acting as the hosted page holding its token. */
export async function checkoutWithPage(
  body: Partial<BodyOf<typeof contract.createCheckout>> = {},
  kyb: 'verified' | 'unverified' = 'verified',
) {
  const merchant = await newMerchant({ kyb_status: kyb });
  const created = await merchant.call(contract.createCheckout, {
    body: {
      customer_email: 'ada@example.com',
      amount: 25.5,
      currency_code: 'GHS',
      meta_data: { order_id: 'A-1' },
      ...body,
    },
  });
  expectStatus(created, 200);
  const checkout = created.body.data;
  return { merchant, checkout, ...hostedPage(checkout) };
}

export async function eventsOf(checkoutId: string): Promise<string[]> {
  const rows = await sql`select event_type from events where resource_id = ${checkoutId} order by sequence`;
  return rows.map((r) => r.event_type as string);
}

export async function checkoutRow(id: string) {
  const [row] = await sql`select * from checkouts where id = ${id}`;
  return row!;
}
