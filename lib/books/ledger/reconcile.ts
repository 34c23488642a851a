import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { formatTimestamp } from '../../platform/time';

export interface Reconciliation {
  balanced: boolean;
  checked_at: string;
  entries_checked: number;
  wallets_checked: number;
  /** Entries whose debits and credits differ in a currency (minor units, debits − credits). */
  unbalanced_entries: { entry_id: string; currency_code: string; difference: string }[];
  /** Wallets whose stored balance differs from what the journal says (minor units). */
  wallet_differences: {
    wallet_id: string;
    merchant_id: string;
    currency_code: string;
    bucket: 'holding' | 'available';
    wallet_balance: string;
    journal_balance: string;
  }[];
  negative_balances: { wallet_id: string; currency_code: string }[];
}

/**
 * Proves the books: every entry balances per currency, and every wallet's holding and available
 * balances equal the sum of its journal lines (credits − debits). Differences are reported in minor
 * units as strings (exact at any size). `merchantId` limits the check to one merchant.
 */
export async function reconcileLedger(db: Db, merchantId?: string): Promise<Reconciliation> {
  const merchantLines = merchantId ? sql`where merchant_id = ${merchantId}` : sql``;
  const merchantWallets = merchantId ? sql`where w.merchant_id = ${merchantId}` : sql``;
  const [unbalanced, differences, negatives, [counts]] = await Promise.all([
    db.execute<{ entry_id: string; currency_code: string; difference: string }>(sql`
      select entry_id, currency_code,
             sum(case when direction = 'debit' then amount else -amount end)::text as difference
        from ledger_lines ${merchantLines}
       group by entry_id, currency_code
      having sum(case when direction = 'debit' then amount else -amount end) <> 0
       limit 100`),
    db.execute<Reconciliation['wallet_differences'][number]>(sql`
      with journal as (
        select wallet_id, account,
               sum(case when direction = 'credit' then amount else -amount end) as balance
          from ledger_lines
         where wallet_id is not null ${merchantId ? sql`and merchant_id = ${merchantId}` : sql``}
         group by wallet_id, account
      ), books as (
        select w.id as wallet_id, w.merchant_id, c.code as currency_code, b.bucket, b.wallet_balance,
               coalesce(j.balance, 0) as journal_balance
          from wallets w
          join currencies c on c.id = w.currency_id
          cross join lateral (values ('holding', w.holding_balance, 'merchant_holding'),
                                     ('available', w.available_balance, 'merchant_available'))
                     as b(bucket, wallet_balance, account)
          left join journal j on j.wallet_id = w.id and j.account = b.account
          ${merchantWallets}
      )
      select wallet_id, merchant_id, trim(currency_code) as currency_code, bucket,
             wallet_balance::text, journal_balance::text
        from books where wallet_balance <> journal_balance
       limit 100`),
    db.execute<{ wallet_id: string; currency_code: string }>(sql`
      select w.id as wallet_id, trim(c.code) as currency_code
        from wallets w join currencies c on c.id = w.currency_id
       where (w.holding_balance < 0 or w.available_balance < 0) ${merchantId ? sql`and w.merchant_id = ${merchantId}` : sql``}
       limit 100`),
    db.execute<{ entries: number; wallets: number }>(sql`
      select (select count(*)::int from ledger_entries ${merchantLines}) as entries,
             (select count(*)::int from wallets w ${merchantWallets}) as wallets`),
  ]);
  const result = {
    checked_at: formatTimestamp(new Date()),
    entries_checked: counts?.entries ?? 0,
    wallets_checked: counts?.wallets ?? 0,
    unbalanced_entries: [...unbalanced],
    wallet_differences: [...differences],
    negative_balances: [...negatives],
  };
  return {
    balanced:
      !result.unbalanced_entries.length && !result.wallet_differences.length && !result.negative_balances.length,
    ...result,
  };
}
