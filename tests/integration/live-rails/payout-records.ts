import type { TestSql } from '../../support/database';

/**
 * What a live payout has written, read straight from the database: its events, its journal entries
 * (with the lines of each, so a test can see which rail's clearing account took the money) and the
 * bodies kept from its callbacks. Shared by the live-rail payout tests.
 */
export function payoutRecords(sql: TestSql) {
  return {
    /** Event types about the payout, oldest first. */
    eventsOf: async (id: string) =>
      (
        await sql<{ event_type: string }[]>`
          select event_type from events where resource_id = ${id} order by sequence`
      ).map((e) => e.event_type),
    /** Journal entry kinds of the payout, oldest first. */
    entriesOf: async (id: string) =>
      (
        await sql<{ kind: string }[]>`
          select kind from ledger_entries where customer_transaction_id = ${id} order by created_at, id`
      ).map((e) => e.kind),
    /** The lines that moved the money to a rail's clearing account: which rail was paid, and how much. */
    clearedTo: async (id: string) =>
      sql<{ rail: string | null; direction: string; amount: string }[]>`
        select l.rail, l.direction, l.amount::text from ledger_lines l
          join ledger_entries e on e.id = l.entry_id
         where e.customer_transaction_id = ${id} and l.account = 'rail_clearing' order by l.sequence`,
    /** How many bodies were kept from the payout's callbacks. */
    callbacksKept: async (id: string) =>
      (await sql<{ n: number }[]>`select count(*)::int as n from payout_callbacks where transaction_id = ${id}`)[0]!.n,
    /** The payout as stored: status, the instance it went through, its references and why it failed. */
    payoutRow: async (id: string) =>
      (
        await sql<
          {
            payout_status: string;
            provider: string | null;
            provider_reference: string | null;
            failure_reason: string | null;
          }[]
        >`select payout_status, provider, provider_reference, failure_reason
            from customer_transactions where id = ${id}`
      )[0]!,
  };
}
