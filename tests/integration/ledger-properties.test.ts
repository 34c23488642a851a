import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../../lib/books/ledger/reconcile';
import { getDb } from '../../lib/platform/db/client';
import { commandArbs, funding } from './ledger-properties/commands/arbitraries';
import { checkBooks } from './ledger-properties/driver/checks';
import { drainPayoutRail, type Finished } from './ledger-properties/driver/drain';
import { freshMerchant, stats } from './ledger-properties/driver/real';
import { emptyModel } from './ledger-properties/model';

/**
 * The books always add up (issue 4, "Tests"; extended with withdrawals, payouts, cancels and failures):
 * a model-based property test (fast-check commands). Each run onboards a fresh verified merchant, in
 * three runs out of four funds it (a paid checkout of 100.00–5,000.00, settled: money available; in
 * half of those a first withdrawal or payout follows), and plays a random sequence of 1–12 commands
 * against the real domain verbs and the real PostgreSQL:
 *   - Pay: a new checkout (0.01–5,000.00 GHS, USD, KES or XOF) paid by bank transfer: exact, over, short
 *     (waits for more), or twice (a flagged duplicate deposit);
 *   - LateTransfer: another transfer for an existing checkout (a duplicate once paid; completes a short one);
 *   - TimePasses: every deposit so far becomes older than the settlement delay;
 *   - Settle: as of now (only deposits aged by TimePasses are due) or as of 40 days ahead (all are);
 *   - Refund: all that is left, the full amount, part of it, or more than is left; by transaction or
 *     checkout id;
 *   - Convert: quote and convert within, beyond, or regardless of the available balance; then replay the
 *     idempotency key, reuse the quote, or let the quote expire first;
 *   - SetWalletStatus, OperatorWallet: the merchant freezes or reactivates a wallet; the operator
 *     suspends or reinstates it, or places or lifts a settlement hold;
 *   - MoneyOut: a withdrawal (ad hoc, or to a saved payment account, made active or inactive first) or a
 *     payout, by bank transfer or mobile money (refused in USD: 422), from the wallet with the most
 *     available or a given one: within the available balance, all of it (with the fee on top), more
 *     than that (409 insufficient_funds), or any amount; frozen and suspended wallets refuse (409); the
 *     destination ends in 9999 (the sandbox fails it) or not;
 *   - Cancel: a PENDING one (all of amount + fee back), anything else (409 <kind>_not_cancellable), or
 *     through the other kind's endpoint (404);
 *   - Rail: the sandbox payout rail runs a payout's queued `pick_up_payout` job (PENDING → PROCESSING;
 *     the sandbox queues its outcome from the destination) or its `sandbox_payout_outcome` job
 *     (COMPLETED: in flight → the rail; FAILED: all of it back), both, or reports completePayout /
 *     failPayout directly; repeated deliveries and reports change nothing.
 *
 * A model predicts every outcome (which refusal, or what moves where, to the minor unit); a refusal is
 * an ApiError compared with the model, any other error fails the run. After every command the whole
 * books of the merchant are checked against the model (reconciliation, wallets, deposits, checkouts,
 * conversions, withdrawals and payouts with their journal lines, money in flight: the list is in
 * driver/checks.ts); each settlement batch releases at most what its own deposits still have in
 * holding. After all runs the rail catches up (runJobsNow): every payout left PENDING or PROCESSING
 * ends COMPLETED, or FAILED with its money back, nothing is left in flight, and the whole ledger
 * reconciles.
 *
 * The parts, each readable on its own (in ledger-properties/):
 *   - model.ts: the pure model (wallets, deposits, checkouts, payouts; fees and rates written out; what
 *     each step does to them and which refusal it meets);
 *   - commands/: one class per command, applying it to the service and to the model (checkout.ts: money
 *     in; books.ts: settlement, refunds, conversions, wallets; money-out.ts; rail.ts: cancels and the
 *     payout rail), and arbitraries.ts: how fast-check draws them;
 *   - driver/: the real side (real.ts: the merchant, refusals, the stats line; checks.ts: the checks
 *     after every command; drain.ts: the rail catching up at the end); and this file, which runs it.
 *
 * Budget: LEDGER_PROPERTY_RUNS runs (default 800) of 1–12 commands (≈ 5.5 on average) plus the funding
 * (2 or 3 commands in three runs out of four): about 5,800 commands, each followed by the checks, in
 * about 110 s on two cores beside the rest of the suite (4 lanes in parallel; LEDGER_PROPERTY_LANES). On failure fast-check
 * prints the seed, the path and the shrunk command list; replay it with LEDGER_PROPERTY_SEED,
 * LEDGER_PROPERTY_PATH and LEDGER_PROPERTY_REPLAY (the `replayPath` printed after the commands) set to
 * the printed values. With a seed, one lane runs all the runs: the same seed plays the same sequences.
 */

const RUNS = Number(process.env.LEDGER_PROPERTY_RUNS ?? 800);
const SEED = process.env.LEDGER_PROPERTY_SEED === undefined ? undefined : Number(process.env.LEDGER_PROPERTY_SEED);
const PATH = process.env.LEDGER_PROPERTY_PATH;
const REPLAY = process.env.LEDGER_PROPERTY_REPLAY;
const LANES = Number(process.env.LEDGER_PROPERTY_LANES ?? 4);

/** How one lane ended: fast-check's failure report when it failed. */
type LaneResult = { ok: true } | { ok: false; error: unknown };

let checkSql: postgres.Sql | undefined;

afterAll(async () => {
  await checkSql?.end({ timeout: 5 });
});

describe('the books always add up (property)', () => {
  it(
    `${RUNS} random sequences of 1–12 deposits, settlements, refunds, conversions, wallet freezes, withdrawals, payouts, cancels and rail outcomes, in test and live merchants`,
    async () => {
      const url = process.env.DATABASE_URL;
      if (!url) throw new Error('DATABASE_URL is not set (tests/support/database-per-file.ts sets it)');
      const sql = postgres(url, { max: 4, onnotice: () => {} });
      checkSql = sql;
      const db = getDb();
      const started = Date.now();
      // Independent lanes (each its own seed and merchants) keep both cores busy while one waits on
      // PostgreSQL. Once a lane fails, the others pass their remaining runs at once while it shrinks.
      let failingLane: number | undefined;
      const finished: Finished[] = [];
      const property = (lane: number) =>
        fc.asyncProperty(
          funding,
          fc.commands(commandArbs, { maxCommands: 12, ...(REPLAY ? { replayPath: REPLAY } : {}) }),
          async (funds, cmds) => {
            // 1–12 commands. (Not `.filter` on the arbitrary: that stops fc.commands from shrinking.)
            fc.pre([...cmds].length > 0);
            if (failingLane !== undefined && failingLane !== lane) return;
            stats.runs++;
            // Lanes alternate test and live merchants: the books must add up in both modes.
            const real = await freshMerchant(db, sql, lane % 2 === 0 ? 'test' : 'live');
            const model = emptyModel();
            try {
              // Most runs start with money available (a paid checkout, settled), or money out is
              // hardly ever more than a refusal: checked like any command.
              if (funds) {
                for (const step of funds) await step.run(model, real, false);
                await checkBooks(model, real, funds.join(', '));
              }
              await fc.asyncModelRun(() => ({ model, real }), cmds);
              if (model.payouts.length > 0) finished.push({ merchantId: real.merchantId, model });
            } catch (error) {
              failingLane ??= lane;
              throw error;
            }
          },
        );
      const lanes = SEED === undefined ? LANES : 1;
      const results = await Promise.all(
        Array.from({ length: lanes }, (_, lane) =>
          fc
            .assert(property(lane), {
              numRuns: Math.floor(RUNS / lanes) + (lane < RUNS % lanes ? 1 : 0),
              ...(SEED === undefined ? {} : { seed: SEED }),
              ...(PATH ? { path: PATH } : {}),
            })
            .then(
              (): LaneResult => ({ ok: true }),
              (error: unknown): LaneResult => ({ ok: false, error }),
            ),
        ),
      );
      const failed = results[failingLane ?? -1] ?? results.find((r) => !r.ok);
      if (failed && !failed.ok) throw failed.error;
      const ran = Date.now();
      await drainPayoutRail(sql, finished);
      // Whole-database reconciliation at the end: every merchant of every run.
      const all = await reconcileLedger(db);
      expect(all.balanced, JSON.stringify(all)).toBe(true);
      // No entry ever crosses modes: every line is in its entry's tenant and its wallet's.
      const [crossing] = await sql<{ n: number }[]>`
        select count(*)::int as n from ledger_lines l
          join ledger_entries e on e.id = l.entry_id
          left join wallets w on w.id = l.wallet_id
         where l.tenant_id <> e.tenant_id or (w.id is not null and w.tenant_id <> l.tenant_id)`;
      expect(crossing!.n).toBe(0);
      const modes = await sql<{ mode: string; entries: number }[]>`
        select t.mode, count(*)::int as entries from ledger_entries e join tenants t on t.id = e.tenant_id group by t.mode`;
      if (lanes > 1) expect(modes.map((m) => m.mode).sort()).toEqual(['live', 'test']);
      console.info(
        `ledger property: ${stats.runs} runs, ${stats.commands} commands (${JSON.stringify(stats.byCommand)}), ` +
          `${stats.refusals} expected refusals, ${((ran - started) / 1000).toFixed(1)} s; money out ${JSON.stringify(stats.moneyOut)}; ` +
          `rail drained for ${finished.length} merchants in ${((Date.now() - ran) / 1000).toFixed(1)} s`,
      );
    },
    Math.max(120_000, RUNS * 300),
  );
});
