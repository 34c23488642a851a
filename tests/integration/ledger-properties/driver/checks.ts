import type postgres from 'postgres';
import { expect } from 'vitest';
import { reconcileLedger } from '../../../../lib/books/ledger/reconcile';
import type { CheckoutStatus, PayoutKind, PayoutStatus, TransactionStatus } from '../../../../lib/platform/vocabulary';
import { CURRENCY_CODES, type CurrencyCode } from '../../../../lib/platform/money/currencies';
import { SANDBOX_PAYOUT_FAILURE_SUFFIX } from '../../../../lib/rails/providers/sandbox';
import {
  CURRENCIES,
  emptyWallet,
  inFlightTotal,
  isInFlight,
  isModelCurrency,
  netOf,
  onePercent,
  payoutJournal,
  type Cur,
  type Model,
  type WalletStatus,
} from '../model';
import type { Real } from './real';

/**
 * The checks run after every command: the real books, read from the tables and the journal, against
 * the model.
 *   - reconcileLedger(merchant) is balanced (entries balance, wallets equal the journal, none negative);
 *   - every wallet's holding and available balances, status and hold equal the model's, none negative;
 *   - per currency, from the tables alone: balance = Σ deposit nets − Σ refunds − Σ conversion debits
 *     + Σ conversion credits − Σ money out (amount + fee) not failed or cancelled;
 *   - holding never exceeds the nets of the unsettled deposits (nothing stranded there);
 *   - every deposit: amount, fee (1.00 % half up), net, refunded_amount = Σ its refunds ≤ amount,
 *     settled exactly when the model says, with a batch id exactly when settled;
 *   - every checkout's status, one `checkout.completed` per completed checkout, one `checkout.refunded`
 *     per refund; the number of conversions;
 *   - every withdrawal and payout: kind, status as the model has it (customer transaction `pending`
 *     while PENDING or PROCESSING), amount, fee (the fee schedule's, on top), total, settled, sent to the
 *     rail exactly when picked up, a failure reason exactly when FAILED, its events in order, and its
 *     own journal lines: in flight = amount while PENDING or PROCESSING, fees = fee and available
 *     − (amount + fee) unless FAILED or CANCELLED, the rail = amount once COMPLETED;
 *   - per currency, the merchant's payouts_in_flight balance in the journal = Σ amounts of its PENDING
 *     and PROCESSING money out (by the table and by the model); the number of money-out events.
 * (What each settlement batch may release is checked by the Settle command itself.)
 */

/** Money as text (numeric::text): exact, compared as bigints or as the model's amounts in text. */
type Minor = string;

/** What one transaction's own journal lines did to each account (credits − debits). */
interface JournalRow {
  in_flight: Minor;
  fees: Minor;
  rail: Minor;
  available: Minor;
  holding: Minor;
}

interface WalletRow {
  code: CurrencyCode;
  holding: Minor;
  available: Minor;
  status: WalletStatus;
  hold: boolean;
  /** The balance derived from the transaction tables alone (see readBooks). */
  derived: Minor;
}

interface DepositRow {
  id: string;
  currency_code: CurrencyCode;
  amount: Minor;
  fee_amount: Minor;
  net_amount: Minor;
  refunded_amount: Minor;
  /** Σ the amounts of its refund transactions. */
  refunds: Minor;
  settlement_status: 'settled' | 'unsettled';
  has_batch: boolean;
  is_duplicate: boolean;
}

interface CheckoutRow {
  id: string;
  status: CheckoutStatus;
  completed_events: number;
  refunded_events: number;
}

interface PayoutRow {
  id: string;
  kind: PayoutKind;
  payout_status: PayoutStatus;
  status: TransactionStatus;
  currency_code: CurrencyCode;
  /** What the recipient is sent (net_amount). */
  amount: Minor;
  fee_amount: Minor;
  /** What left the wallet: amount + fee (the row's `amount`). */
  total_amount: Minor;
  settlement_status: 'settled' | 'unsettled';
  has_settled_at: boolean;
  destination_fails: boolean;
  sent_to_rail: boolean;
  has_failure_reason: boolean;
  journal: JournalRow;
  events: string[];
}

interface Books {
  wallets: WalletRow[];
  deposits: DepositRow[];
  checkouts: CheckoutRow[];
  conversions: number;
  payouts: PayoutRow[];
  /** Per currency: the merchant's payouts_in_flight balance in the journal (credits − debits). */
  in_flight: Record<Cur, Minor>;
  money_out_events: number;
}

/** Everything the checks need about one merchant, in one round trip. */
async function readBooks(sql: postgres.Sql, merchantId: string): Promise<Books> {
  const [row] = await sql<{ books: Books }[]>`
    select json_build_object(
      'wallets', (select coalesce(json_agg(json_build_object(
           'code', trim(c.code),
           'holding', w.holding_balance::text,
           'available', w.available_balance::text,
           'status', w.status,
           'hold', w.settlement_hold,
           -- From the tables alone, independent of the model and of the journal:
           -- Σ deposit nets − Σ refunds − Σ conversion debits + Σ conversion credits − Σ money out.
           -- (t.merchant_id = w.merchant_id only lets the index on (merchant_id, transaction_type) serve these.)
           'derived', ( coalesce((select sum(net_amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id
                                     and t.transaction_type = 'deposit' and t.status = 'completed'), 0)
                      - coalesce((select sum(amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id
                                     and t.transaction_type = 'refund' and t.status = 'completed'), 0)
                      - coalesce((select sum(from_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.from_currency = trim(c.code)), 0)
                      + coalesce((select sum(to_amount) from conversions v
                                   where v.merchant_id = w.merchant_id and v.to_currency = trim(c.code)), 0)
                      -- − Σ money out (amount + fee) not failed or cancelled.
                      - coalesce((select sum(amount) from customer_transactions t
                                   where t.merchant_id = w.merchant_id and t.wallet_id = w.id and t.transaction_type = 'payout'
                                     and t.payout_status not in ('failed', 'cancelled')), 0) )::text)), '[]')
         from wallets w join currencies c on c.id = w.currency_id where w.merchant_id = ${merchantId}),
      'deposits', (select coalesce(json_agg(json_build_object(
           'id', d.id, 'currency_code', d.currency_code,
           'amount', d.amount::text, 'fee_amount', d.fee_amount::text, 'net_amount', d.net_amount::text,
           'refunded_amount', d.refunded_amount::text,
           'refunds', coalesce((select sum(r.amount) from customer_transactions r
                                 where r.refunds_transaction_id = d.id and r.transaction_type = 'refund'), 0)::text,
           'settlement_status', d.settlement_status, 'has_batch', d.settlement_batch_id is not null,
           'is_duplicate', d.is_duplicate)), '[]')
         from customer_transactions d where d.merchant_id = ${merchantId} and d.transaction_type = 'deposit'),
      'checkouts', (select coalesce(json_agg(json_build_object(
           'id', k.id, 'status', k.status,
           'completed_events', (select count(*) from events e where e.resource_id = k.id and e.event_type = 'checkout.completed'),
           'refunded_events', (select count(*) from events e where e.resource_id = k.id and e.event_type = 'checkout.refunded'))), '[]')
         from checkouts k where k.merchant_id = ${merchantId}),
      'conversions', (select count(*) from conversions where merchant_id = ${merchantId}),
      'payouts', (select coalesce(json_agg(json_build_object(
           'id', t.id, 'kind', t.payout_kind, 'payout_status', t.payout_status, 'status', t.status,
           'currency_code', t.currency_code,
           'amount', t.net_amount::text, 'fee_amount', t.fee_amount::text, 'total_amount', t.amount::text,
           'settlement_status', t.settlement_status, 'has_settled_at', t.settled_at is not null,
           'destination_fails', coalesce(t.bank_account_number, t.mobile_number, '') like ${`%${SANDBOX_PAYOUT_FAILURE_SUFFIX}`},
           'sent_to_rail', t.provider_reference is not null,
           'has_failure_reason', t.failure_reason is not null,
           'journal', (select json_build_object(
                'in_flight', coalesce(sum(l.amount * s.sign) filter (where l.account = 'payouts_in_flight'), 0)::text,
                'fees', coalesce(sum(l.amount * s.sign) filter (where l.account = 'fees'), 0)::text,
                'rail', coalesce(sum(l.amount * s.sign) filter (where l.account = 'rail_clearing'), 0)::text,
                'available', coalesce(sum(l.amount * s.sign) filter (where l.account = 'merchant_available'), 0)::text,
                'holding', coalesce(sum(l.amount * s.sign) filter (where l.account = 'merchant_holding'), 0)::text)
              from ledger_lines l cross join lateral (select case when l.direction = 'credit' then 1 else -1 end as sign) s
             where l.entry_id = any(array(select e.id from ledger_entries e where e.customer_transaction_id = t.id))),
           'events', (select coalesce(json_agg(v.event_type order by v.sequence), '[]') from events v where v.resource_id = t.id))), '[]')
         from customer_transactions t where t.merchant_id = ${merchantId} and t.transaction_type = 'payout'),
      'in_flight', (select json_object_agg(c.code, (
           select coalesce(sum(case when l.direction = 'credit' then l.amount else -l.amount end), 0)
             from ledger_lines l
            where l.account = 'payouts_in_flight' and l.currency_code = c.code and l.merchant_id = ${merchantId})::text)
         from unnest(${[...CURRENCIES]}::text[]) as c(code)),
      'money_out_events', (select count(*) from events
                            where merchant_id = ${merchantId} and (event_type like 'withdrawal.%' or event_type like 'payout.%'))
    ) as books`;
  if (!row) throw new Error('readBooks: no row');
  return row.books;
}

/** The checks above, after `step` (named in every message). */
export async function checkBooks(model: Model, real: Real, step: string) {
  const where = `after ${step}`;
  const [reconciliation, books] = await Promise.all([
    reconcileLedger(real.db, real.merchantId),
    readBooks(real.sql, real.merchantId),
  ]);

  expect(reconciliation, `${where}: reconciliation ${JSON.stringify(reconciliation)}`).toMatchObject({
    balanced: true,
    unbalanced_entries: [],
    wallet_differences: [],
    negative_balances: [],
  });

  // Every currency the service knows has a wallet; those outside the model stay empty and active.
  const wallets = new Map(books.wallets.map((w) => [w.code, w]));
  const walletOf = (code: CurrencyCode) => {
    const row = wallets.get(code);
    if (!row) throw new Error(`${where}: no ${code} wallet`);
    return row;
  };
  for (const code of CURRENCY_CODES) {
    const row = walletOf(code);
    const expected = isModelCurrency(code) ? model.wallets[code] : emptyWallet();
    expect(BigInt(row.holding) >= 0n && BigInt(row.available) >= 0n, `${where}: ${code} wallet negative`).toBe(true);
    expect(
      row,
      `${where}: ${code} wallet differs from the model, or from its deposits, refunds and conversions`,
    ).toEqual({
      code,
      holding: expected.holding.toString(),
      available: expected.available.toString(),
      status: expected.status,
      hold: expected.hold,
      derived: (expected.holding + expected.available).toString(),
    } satisfies WalletRow);
  }

  // Holding only ever holds money of unsettled deposits: nothing is stranded there once they settle.
  for (const code of CURRENCIES) {
    const unsettled = model.deposits.filter((d) => d.currency === code && !d.settled);
    const nets = unsettled.reduce((sum, d) => sum + netOf(d.amount), 0n);
    expect(
      BigInt(walletOf(code).holding) <= nets,
      `${where}: ${code} holding exceeds the nets of its unsettled deposits`,
    ).toBe(true);
  }

  expect(books.deposits.map((d) => d.id).sort(), `${where}: deposits`).toEqual(model.deposits.map((d) => d.id).sort());
  const deposits = new Map(books.deposits.map((d) => [d.id, d]));
  for (const m of model.deposits) {
    const fee = onePercent(m.amount);
    expect(m.refunded <= m.amount, `${where}: refunds of ${m.id} exceed it`).toBe(true);
    expect(deposits.get(m.id), `${where}: deposit ${m.id}`).toEqual({
      id: m.id,
      currency_code: m.currency,
      amount: m.amount.toString(),
      fee_amount: fee.toString(),
      net_amount: (m.amount - fee).toString(),
      refunded_amount: m.refunded.toString(),
      refunds: m.refunded.toString(),
      settlement_status: m.settled ? 'settled' : 'unsettled',
      has_batch: m.settled,
      is_duplicate: m.duplicate,
    } satisfies DepositRow);
  }

  expect(books.checkouts.length, `${where}: checkouts`).toBe(model.checkouts.length);
  const checkouts = new Map(books.checkouts.map((k) => [k.id, k]));
  for (const m of model.checkouts) {
    expect(checkouts.get(m.id), `${where}: checkout ${m.id}`).toEqual({
      id: m.id,
      status: m.status,
      completed_events: m.status === 'completed' ? 1 : 0,
      refunded_events: m.refunds,
    } satisfies CheckoutRow);
  }
  expect(books.conversions, `${where}: conversions`).toBe(model.conversions);

  // Money out: every withdrawal and payout as the model has it, with its own journal lines.
  expect(books.payouts.map((p) => p.id).sort(), `${where}: withdrawals and payouts`).toEqual(
    model.payouts.map((p) => p.id).sort(),
  );
  const payouts = new Map(books.payouts.map((p) => [p.id, p]));
  for (const m of model.payouts) {
    const journal = payoutJournal(m);
    expect(payouts.get(m.id), `${where}: ${m.kind} ${m.id}`).toEqual({
      id: m.id,
      kind: m.kind,
      payout_status: m.status,
      // A reversed payout reads `failed` on its customer transaction (the model never reverses one).
      status: isInFlight(m.status) ? 'pending' : m.status === 'reversed' ? 'failed' : m.status,
      currency_code: m.currency,
      amount: m.amount.toString(),
      fee_amount: m.fee.toString(),
      total_amount: (m.amount + m.fee).toString(),
      // Money out is settled once the rail paid it, and only then.
      settlement_status: m.status === 'completed' ? 'settled' : 'unsettled',
      has_settled_at: m.status === 'completed',
      destination_fails: m.fails,
      sent_to_rail: m.status === 'processing' || m.status === 'completed' || m.status === 'failed',
      has_failure_reason: m.status === 'failed',
      journal: {
        in_flight: journal.in_flight.toString(),
        fees: journal.fees.toString(),
        rail: journal.rail.toString(),
        available: journal.available.toString(),
        holding: journal.holding.toString(),
      },
      events: m.events,
    } satisfies PayoutRow);
  }
  for (const code of CURRENCIES) {
    // The journal's payouts in flight = Σ amounts of the PENDING and PROCESSING money out, by the
    // table and by the model.
    const byTable = books.payouts
      .filter((p) => p.currency_code === code && isInFlight(p.payout_status))
      .reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const byModel = inFlightTotal(model, code);
    expect(
      { journal: books.in_flight[code], table: byTable.toString() },
      `${where}: ${code} payouts in flight in the journal vs Σ PENDING + PROCESSING`,
    ).toEqual({ journal: byModel.toString(), table: byModel.toString() });
  }
  expect(books.money_out_events, `${where}: withdrawal and payout events`).toBe(
    model.payouts.reduce((n, p) => n + p.events.length, 0),
  );
}
