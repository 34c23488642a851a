import { and, eq, sql } from 'drizzle-orm';
import { settlingDays, settlingOf } from './available-on';
import {
  ledgerEntries,
  ledgerLines,
  wallets,
  type LedgerAccount,
  type LedgerEntryKind,
  ownerOf,
} from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { conflict } from '../../platform/http/errors';
import { toMajorUnits } from '../../platform/money/amount';
import type { CurrencyCode } from '../../platform/money/currencies';

export interface LineInput {
  account: LedgerAccount;
  direction: 'debit' | 'credit';
  amount: bigint;
  currency: CurrencyCode;
  /** What the merchant sees on their statement: deposit, fee, settlement, refund, conversion… */
  purpose: string;
  /** For `rail_clearing`: which rail holds the money. */
  rail?: string;
}

export interface EntryInput {
  merchantId: string;
  /** Every line and wallet of the entry is in this tenant (the schema refuses otherwise). */
  tenantId: string;
  kind: LedgerEntryKind;
  description: string;
  customerTransactionId?: string;
  settlementBatchId?: string;
  conversionId?: string;
  lines: LineInput[];
  /** Which of the wallet's "last …" timestamps this movement sets. */
  stamp?: 'lastDepositAt' | 'lastSettlementAt' | 'lastPayoutAt';
}

const WALLET_BUCKET: Partial<Record<LedgerAccount, 'holding' | 'available'>> = {
  merchant_holding: 'holding',
  merchant_available: 'available',
};

/** Merchant wallets are liabilities: a credit raises their balance, a debit lowers it. */
const walletDelta = (line: LineInput) => (line.direction === 'credit' ? line.amount : -line.amount);

/**
 * Writes one balanced journal entry and applies it to the merchant's wallets, in the caller's
 * transaction. The wallet update is conditional (no balance may go below zero), so a concurrent debit
 * can never overdraw: the loser gets 409 `insufficient_funds`. Wallets are updated in currency order,
 * so two entries touching the same two wallets cannot deadlock.
 */
export async function postEntry(db: Db, entry: EntryInput): Promise<{ entryId: string }> {
  assertBalanced(entry.lines);
  const currencies = [...new Set(entry.lines.map((l) => l.currency))].sort();
  const walletState = new Map<CurrencyCode, { id: string; holding: bigint; available: bigint }>();

  for (const currency of currencies) {
    const walletLines = entry.lines.filter((l) => l.currency === currency && WALLET_BUCKET[l.account]);
    if (walletLines.length === 0) continue;
    const sum = (bucket: 'holding' | 'available') =>
      walletLines.filter((l) => WALLET_BUCKET[l.account] === bucket).reduce((total, l) => total + walletDelta(l), 0n);
    const holdingDelta = sum('holding');
    const availableDelta = sum('available');
    const [updated] = await db
      .update(wallets)
      .set({
        holdingBalance: sql`${wallets.holdingBalance} + ${holdingDelta}`,
        availableBalance: sql`${wallets.availableBalance} + ${availableDelta}`,
        updatedAt: sql`now()`,
        ...(entry.stamp ? { [entry.stamp]: sql`now()` } : {}),
      })
      .where(
        and(
          eq(wallets.tenantId, entry.tenantId),
          eq(wallets.currencyId, sql`(select id from currencies where code = ${currency})`),
          sql`${wallets.holdingBalance} + ${holdingDelta} >= 0`,
          sql`${wallets.availableBalance} + ${availableDelta} >= 0`,
        ),
      )
      .returning({ id: wallets.id, holding: wallets.holdingBalance, available: wallets.availableBalance });
    if (!updated) throw await insufficientFunds(db, entry.tenantId, currency);
    // Start from the balances before this entry; each line's balance_after then runs forward.
    walletState.set(currency, {
      id: updated.id,
      holding: updated.holding - holdingDelta,
      available: updated.available - availableDelta,
    });
  }

  const [created] = await db
    .insert(ledgerEntries)
    .values({
      ...ownerOf(entry),
      kind: entry.kind,
      description: entry.description,
      customerTransactionId: entry.customerTransactionId ?? null,
      settlementBatchId: entry.settlementBatchId ?? null,
      conversionId: entry.conversionId ?? null,
    })
    .returning({ id: ledgerEntries.id });
  const entryId = created!.id;

  await db.insert(ledgerLines).values(
    entry.lines.map((line) => {
      const bucket = WALLET_BUCKET[line.account];
      const wallet = bucket ? walletState.get(line.currency) : undefined;
      if (bucket && wallet) wallet[bucket] += walletDelta(line);
      return {
        entryId,
        ...ownerOf(entry),
        account: line.account,
        currencyCode: line.currency,
        rail: line.rail ?? null,
        walletId: wallet?.id ?? null,
        direction: line.direction,
        amount: line.amount,
        purpose: line.purpose,
        balanceAfter: bucket && wallet ? wallet[bucket] : null,
      };
    }),
  );
  return { entryId };
}

function assertBalanced(lines: LineInput[]): void {
  const totals = new Map<string, bigint>();
  for (const line of lines) {
    if (line.amount <= 0n) throw new Error(`Ledger line amounts must be positive (${line.account} ${line.amount})`);
    const signed = line.direction === 'debit' ? line.amount : -line.amount;
    totals.set(line.currency, (totals.get(line.currency) ?? 0n) + signed);
  }
  for (const [currency, total] of totals) {
    if (total !== 0n) throw new Error(`Ledger entry does not balance in ${currency} (debits - credits = ${total})`);
  }
}

async function insufficientFunds(db: Db, tenantId: string, currency: CurrencyCode) {
  const [wallet] = await db
    .select({
      id: wallets.id,
      available: wallets.availableBalance,
      holding: wallets.holdingBalance,
      hold: wallets.settlementHold,
    })
    .from(wallets)
    .where(
      and(
        eq(wallets.tenantId, tenantId),
        eq(wallets.currencyId, sql`(select id from currencies where code = ${currency})`),
      ),
    );
  if (!wallet) return conflict('wallet_not_found', `This merchant has no ${currency} wallet`);
  // Money still settling is named with when it becomes available, so "not enough" is not a dead end.
  const days = wallet.holding > 0n && !wallet.hold ? settlingDays(await settlingOf(db, wallet)) : null;
  const settling =
    wallet.holding === 0n
      ? ''
      : wallet.hold
        ? ` (plus ${toMajorUnits(wallet.holding, currency)} not yet settled: settlement is on hold)`
        : ` (plus ${toMajorUnits(wallet.holding, currency)} not yet settled${days ? `, available on ${days}` : ''})`;
  return conflict(
    'insufficient_funds',
    `Insufficient funds in the ${currency} wallet: available balance ${toMajorUnits(wallet.available, currency)} ${currency}` +
      settling,
  );
}

/** Drops zero-amount lines (a fee of 0, nothing taken from holding…): the journal only records movement. */
export const nonZero = (lines: LineInput[]) => lines.filter((l) => l.amount > 0n);
