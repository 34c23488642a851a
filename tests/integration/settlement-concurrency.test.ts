import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../lib/platform/db/client';
import { createCheckout } from '../../lib/checkout/create-checkout';
import { createCheckoutInput } from '../../lib/checkout/input';
import { validate } from '../../lib/platform/http/parse';
import { recordIncomingBankTransfer } from '../../lib/collections/rail-outcomes';
import { reconcileLedger } from '../../lib/books/ledger/reconcile';
import { runSettlement } from '../../lib/books/settlement/run-settlement';
import { toMajorUnits } from '../../lib/platform/money/amount';
import type { CurrencyCode } from '../../lib/platform/money/currencies';
import { admin, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { contract } from '../support/contract';
import { successBody } from '../support/caller';

/**
 * Settlement under concurrency, against the real PostgreSQL (issue 4: "two overlapping settlement runs
 * settle each transaction once"), and refunds racing settlement runs. Deposits are made with the domain
 * verbs (a checkout paid by an exact bank transfer: a verified merchant is paid at once); the bank
 * transfer fee is 1.00 % half up.
 */
const sql = testSql();
const db = getDb();
const FAR_AHEAD = () => new Date(Date.now() + 40 * 86_400_000);

const fee = (amount: bigint) => (amount + 50n) / 100n;

/** `count` paid checkouts with random amounts (0.01–5,000.00) in the given currencies, in parallel batches. */
async function deposits(m: Merchant, count: number, currencies: CurrencyCode[] = ['GHS', 'USD']) {
  const ctx = { db, merchant: { id: m.id, name: 'Test Shop', kybStatus: 'verified' as const }, tenant: m.tenant };
  const made: { checkoutId: string; currency: CurrencyCode; amount: bigint }[] = [];
  for (let i = 0; i < count; i += 10) {
    const chunk = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const currency = currencies[(i + j) % currencies.length]!;
        const amount = BigInt(1 + crypto.randomInt(500_000));
        const checkout = await createCheckout(
          ctx,
          validate(createCheckoutInput, {
            customer_email: 'buyer@example.com',
            amount: toMajorUnits(amount, currency),
            currency_code: currency,
          }),
        );
        const paid = await recordIncomingBankTransfer(db, {
          paymentReference: checkout.payment_reference,
          amount,
          rail: 'sandbox_bank',
          railReference: `CONC-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        });
        expect(paid.kind).toBe('payment');
        return { checkoutId: checkout.id, currency, amount };
      }),
    );
    made.push(...chunk);
  }
  return made;
}

async function expectReconciled(merchantId: string) {
  const result = await reconcileLedger(db, merchantId);
  expect(result, JSON.stringify(result)).toMatchObject({
    balanced: true,
    unbalanced_entries: [],
    wallet_differences: [],
    negative_balances: [],
  });
}

async function wallets(merchantId: string) {
  const rows = await sql<{ code: string; holding: string; available: string }[]>`
    select trim(c.code) as code, w.holding_balance::text as holding, w.available_balance::text as available
      from wallets w join currencies c on c.id = w.currency_id where w.merchant_id = ${merchantId}`;
  return Object.fromEntries(rows.map((r) => [r.code, { holding: BigInt(r.holding), available: BigInt(r.available) }]));
}

/** How many deposits the merchant's settlement batches say they settled. */
async function batchedCount(merchantId: string) {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(transaction_count), 0)::int as n from settlement_batches where merchant_id = ${merchantId}`;
  return row!.n;
}

/** Every check of "each deposit settled exactly once" for a merchant whose deposits were all due. */
async function expectSettledExactlyOnce(
  m: Merchant,
  made: Awaited<ReturnType<typeof deposits>>,
  // Runs in process or through the API (where the cutoff is a string): only what both say.
  runs: Pick<Awaited<ReturnType<typeof runSettlement>>, 'batches' | 'checkouts_completed'>[],
) {
  const n = made.length;
  // What the runs say: together, n deposits in batches, n checkouts completed.
  const reported = runs.flatMap((r) => r.batches);
  expect(reported.reduce((sum, b) => sum + b.transaction_count, 0)).toBe(n);
  expect(runs.reduce((sum, r) => sum + r.checkouts_completed, 0)).toBe(n);

  // What the tables say: every deposit settled, in exactly one batch that counts it.
  const rows = await sql<
    { id: string; settlement_status: string; settlement_batch_id: string | null; checkout_session_id: string }[]
  >`
    select id, settlement_status, settlement_batch_id, checkout_session_id from customer_transactions
     where merchant_id = ${m.id} and transaction_type = 'deposit'`;
  expect(rows).toHaveLength(n);
  expect(rows.filter((r) => r.settlement_status !== 'settled' || r.settlement_batch_id === null)).toEqual([]);
  const batches = await sql<
    { id: string; transaction_count: number; net_amount: string; settled_amount: string; currency_code: string }[]
  >`
    select id, transaction_count, net_amount::text, settled_amount::text, currency_code from settlement_batches where merchant_id = ${m.id}`;
  expect(batches.map((b) => b.id).sort()).toEqual(reported.map((b) => b.id).sort());
  expect(batches.reduce((sum, b) => sum + b.transaction_count, 0)).toBe(n);
  for (const batch of batches) {
    expect(rows.filter((r) => r.settlement_batch_id === batch.id)).toHaveLength(batch.transaction_count);
    expect(batch.settled_amount).toBe(batch.net_amount); // no refunds here: the whole net moves
  }

  // The journal moved each currency's nets out of holding once; the wallets agree.
  const nets: Record<string, bigint> = {};
  for (const d of made) nets[d.currency] = (nets[d.currency] ?? 0n) + d.amount - fee(d.amount);
  const settlementLines = await sql<{ currency_code: string; moved: string; entries: number }[]>`
    select l.currency_code, sum(l.amount)::text as moved, count(distinct e.id)::int as entries
      from ledger_entries e join ledger_lines l on l.entry_id = e.id
     where e.merchant_id = ${m.id} and e.kind = 'settlement' and l.account = 'merchant_available'
     group by l.currency_code`;
  expect(Object.fromEntries(settlementLines.map((l) => [l.currency_code, BigInt(l.moved)]))).toEqual(nets);
  expect(settlementLines.reduce((sum, l) => sum + l.entries, 0)).toBe(batches.length);
  const w = await wallets(m.id);
  for (const [currency, net] of Object.entries(nets)) expect(w[currency]).toEqual({ holding: 0n, available: net });
  await expectReconciled(m.id);

  // Each checkout completed exactly once, with exactly one `checkout.completed`; one event per batch.
  const checkouts = await sql<{ id: string; status: string; completed: number }[]>`
    select k.id, k.status,
           (select count(*)::int from events e where e.resource_id = k.id and e.event_type = 'checkout.completed') as completed
      from checkouts k where k.merchant_id = ${m.id}`;
  expect(checkouts).toHaveLength(n);
  expect(checkouts.filter((k) => k.status !== 'completed' || k.completed !== 1)).toEqual([]);
  const [events] = await sql<{ n: number }[]>`
    select count(*)::int as n from events where merchant_id = ${m.id} and event_type = 'settlement.completed'`;
  expect(events!.n).toBe(batches.length);
}

describe('overlapping settlement runs', () => {
  it('two runs at once settle each of 50 deposits exactly once (five rounds)', { timeout: 90_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const m = await newMerchant();
      const made = await deposits(m, 50);
      const asOf = FAR_AHEAD();
      // One run for this merchant, one for everybody: both find the same wallets due.
      const runs = await Promise.all([runSettlement(db, { asOf, merchantId: m.id }), runSettlement(db, { asOf })]);
      await expectSettledExactlyOnce(m, made, runs);
    }
  });

  it(
    'five runs at once (and then five more) settle each of 50 deposits exactly once',
    { timeout: 60_000 },
    async () => {
      const m = await newMerchant();
      const made = await deposits(m, 50, ['GHS', 'USD', 'KES']);
      const asOf = FAR_AHEAD();
      const runs = await Promise.all(
        Array.from({ length: 5 }, (_, i) => runSettlement(db, { asOf, ...(i % 2 ? {} : { merchantId: m.id }) })),
      );
      await expectSettledExactlyOnce(m, made, runs);
      // Nothing left: five more runs find nothing and change nothing.
      const again = await Promise.all(Array.from({ length: 5 }, () => runSettlement(db, { asOf, merchantId: m.id })));
      expect(again.map((r) => [r.batches.length, r.checkouts_completed])).toEqual(
        Array.from({ length: 5 }, () => [0, 0]),
      );
      await expectSettledExactlyOnce(m, made, runs);
    },
  );

  it(
    'the operator endpoint: five overlapping POST /settlements/run calls settle 50 deposits once',
    { timeout: 60_000 },
    async () => {
      const m = await newMerchant();
      const made = await deposits(m, 50);
      const asOf = FAR_AHEAD().toISOString();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          admin().call(contract.runSettlement, { body: { as_of: asOf, merchant_id: m.id } }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      await expectSettledExactlyOnce(
        m,
        made,
        responses.map((r) => successBody(r).data),
      );
    },
  );
});

describe('refunds racing settlement runs', () => {
  /**
   * 40 deposits, 20 of them settled already; then 80 refund requests of random deposits (all that
   * is left, the full amount, part of it, more than the deposit; several per deposit; every tenth sent
   * twice with the same Idempotency-Key) and three settlement runs, all at once (three rounds). Every request ends in 200 or 409 (never a 500: no deadlock, no CHECK violation),
   * the runs finish, and the books hold.
   */
  it(
    'refunds of settled and unsettled deposits and settlement runs at once: 200 or 409 only, books balance',
    { timeout: 90_000 },
    async () => {
      for (let round = 0; round < 3; round++) {
        const m = await newMerchant();
        const settledFirst = await deposits(m, 20, ['GHS']);
        await runSettlement(db, { asOf: FAR_AHEAD(), merchantId: m.id });
        const later = await deposits(m, 20, ['GHS']);
        const all = [...settledFirst, ...later];
        const ids = await sql<{ id: string; checkout_session_id: string; amount: string }[]>`
        select id, checkout_session_id, amount::text from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit'`;
        expect(ids).toHaveLength(40);

        type Result = { kind: 'refund' | 'settlement'; status: number; code?: string; key?: string };
        const requests: (() => Promise<Result>)[] = [];
        for (let i = 0; i < 80; i++) {
          const d = ids[crypto.randomInt(ids.length)]!;
          const amount = BigInt(d.amount);
          const minor = [undefined, amount, 1n + BigInt(crypto.randomInt(Number(amount))), amount + 1n][
            crypto.randomInt(4)
          ];
          const body = {
            ...(crypto.randomInt(2) ? { transaction_id: d.id } : { checkout_id: d.checkout_session_id }),
            ...(minor === undefined ? {} : { amount: toMajorUnits(minor, 'GHS') }),
            reason: `race ${i}`,
          };
          const key = i % 10 === 0 ? `race-${round}-${i}` : undefined;
          const send = async (): Promise<Result> => {
            const res = await m.call(contract.createRefund, { body, headers: key ? { 'idempotency-key': key } : {} });
            return { kind: 'refund', status: res.status, code: res.ok ? undefined : res.body.error.code, key };
          };
          requests.push(send);
          if (i % 10 === 0) requests.push(send); // the same request again with the same key
        }
        const settle = async (): Promise<Result> => {
          const run = await runSettlement(db, { asOf: FAR_AHEAD(), merchantId: m.id });
          return { kind: 'settlement', status: 200, code: `${run.batches.length} batches` };
        };
        requests.splice(10, 0, settle);
        requests.splice(45, 0, settle);
        requests.push(settle);

        const results = await Promise.all(requests.map((r) => r()));
        const statuses = results.map((r) => `${r.kind} ${r.status}${r.code && r.status !== 200 ? ` ${r.code}` : ''}`);
        expect(
          statuses.filter((s) => !/ (200|409)( |$)/.test(s)),
          JSON.stringify(statuses),
        ).toEqual([]);
        for (const r of results.filter((x) => x.status === 409)) {
          expect([
            'insufficient_funds',
            'refund_exceeds_deposit',
            'already_refunded',
            'idempotency_key_in_use',
          ]).toContain(r.code);
        }
        expect(results.filter((r) => r.kind === 'refund' && r.status === 200).length).toBeGreaterThan(0);

        // A last run settles whatever a refund-locked wallet made a run skip; then the books.
        await runSettlement(db, { asOf: FAR_AHEAD(), merchantId: m.id });
        await expectReconciled(m.id);
        const rows = await sql<
          {
            id: string;
            amount: string;
            refunded_amount: string;
            refunds: string;
            refund_count: number;
            settlement_status: string;
            batch: string | null;
          }[]
        >`
        select d.id, d.amount::text, d.refunded_amount::text, d.settlement_status, d.settlement_batch_id as batch,
               coalesce((select sum(r.amount) from customer_transactions r where r.refunds_transaction_id = d.id and r.transaction_type = 'refund'), 0)::text as refunds,
               (select count(*)::int from customer_transactions r where r.refunds_transaction_id = d.id and r.transaction_type = 'refund') as refund_count
          from customer_transactions d where d.merchant_id = ${m.id} and d.transaction_type = 'deposit'`;
        for (const d of rows) {
          expect(d.refunded_amount, `deposit ${d.id}`).toBe(d.refunds);
          expect(BigInt(d.refunds) <= BigInt(d.amount), `refunds of ${d.id} exceed it`).toBe(true);
          expect(d.settlement_status).toBe('settled');
          expect(d.batch).not.toBeNull();
        }
        const refundTotal = rows.reduce((sum, d) => sum + BigInt(d.refunds), 0n);
        const refundCount = rows.reduce((sum, d) => sum + d.refund_count, 0);
        // Each successful request made one refund, except the replay of a key whose first request succeeded.
        const succeeded = results.filter((r) => r.kind === 'refund' && r.status === 200);
        const keys = new Set(succeeded.filter((r) => r.key).map((r) => r.key));
        const replayed = succeeded.filter((r) => r.key).length - keys.size;
        expect(refundCount).toBe(succeeded.length - replayed);
        const perKey = await sql<{ key: string; n: number }[]>`
        select idempotency_key as key, count(*)::int as n from customer_transactions
         where merchant_id = ${m.id} and transaction_type = 'refund' and idempotency_key is not null group by idempotency_key`;
        expect(perKey.filter((k) => k.n !== 1)).toEqual([]);
        expect(perKey.map((k) => k.key).sort()).toEqual([...keys].sort());

        // Every deposit settled once, in batches that count 40 in all; the money adds up.
        expect(await batchedCount(m.id)).toBe(40);
        const nets = all.reduce((sum, d) => sum + d.amount - fee(d.amount), 0n);
        const w = (await wallets(m.id)).GHS!;
        expect(w.holding).toBe(0n);
        expect(w.available).toBe(nets - refundTotal);
        const checkouts = await sql<{ status: string; completed: number }[]>`
        select k.status, (select count(*)::int from events e where e.resource_id = k.id and e.event_type = 'checkout.completed') as completed
          from checkouts k where k.merchant_id = ${m.id}`;
        expect(checkouts.filter((k) => k.status !== 'completed' || k.completed !== 1)).toEqual([]);
      }
    },
  );

  it(
    'payments and duplicate payments arriving during settlement runs: each deposit settled once, each checkout completed once',
    { timeout: 60_000 },
    async () => {
      const m = await newMerchant();
      const ctx = { db, merchant: { id: m.id, name: 'Test Shop', kybStatus: 'verified' as const }, tenant: m.tenant };
      const paid = await deposits(m, 30, ['GHS', 'USD']);
      const references = await sql<{ id: string; payment_reference: string; amount: string }[]>`
      select id, payment_reference, amount::text from checkouts where merchant_id = ${m.id}`;
      // Ten new checkouts waiting for their transfer.
      const fresh = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          createCheckout(
            ctx,
            validate(createCheckoutInput, {
              customer_email: 'late@example.com',
              amount: 10 + i,
              currency_code: i % 2 ? 'GHS' : 'USD',
            }),
          ),
        ),
      );
      const transfer = (reference: string, amount: bigint) =>
        recordIncomingBankTransfer(db, {
          paymentReference: reference,
          amount,
          rail: 'sandbox_bank',
          railReference: `RACE-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
        });
      const settle = () => runSettlement(db, { asOf: FAR_AHEAD(), merchantId: m.id });
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        work.push(transfer(references[i]!.payment_reference, BigInt(references[i]!.amount))); // a duplicate of a paid checkout
        work.push(transfer(fresh[i]!.payment_reference, BigInt((10 + i) * 100))); // a first payment
        if (i % 3 === 0) work.push(settle());
      }
      const outcomes = await Promise.allSettled(work);
      expect(
        outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);

      // Whatever a run skipped (a checkout locked by an arriving payment) the next run picks up.
      await settle();
      await expectReconciled(m.id);
      const rows = await sql<
        {
          id: string;
          settlement_status: string;
          batch: string | null;
          is_duplicate: boolean;
          amount: string;
          currency_code: string;
        }[]
      >`
      select id, settlement_status, settlement_batch_id as batch, is_duplicate, amount::text, currency_code
        from customer_transactions where merchant_id = ${m.id} and transaction_type = 'deposit'`;
      expect(rows).toHaveLength(paid.length + 20);
      expect(rows.filter((r) => r.is_duplicate)).toHaveLength(10);
      expect(rows.filter((r) => r.settlement_status !== 'settled' || r.batch === null)).toEqual([]);
      expect(await batchedCount(m.id)).toBe(rows.length);
      const w = await wallets(m.id);
      for (const code of ['GHS', 'USD']) {
        const nets = rows
          .filter((r) => r.currency_code === code)
          .reduce((sum, r) => sum + BigInt(r.amount) - fee(BigInt(r.amount)), 0n);
        expect(w[code]).toEqual({ holding: 0n, available: nets });
      }
      const checkouts = await sql<{ status: string; completed: number }[]>`
      select k.status, (select count(*)::int from events e where e.resource_id = k.id and e.event_type = 'checkout.completed') as completed
        from checkouts k where k.merchant_id = ${m.id}`;
      expect(checkouts).toHaveLength(40);
      expect(checkouts.filter((k) => k.status !== 'completed' || k.completed !== 1)).toEqual([]);
    },
  );
});
