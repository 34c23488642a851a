import type postgres from 'postgres';
import { expect } from 'vitest';
import type { JobPayloads } from '../../../../lib/platform/jobs/queue';
import type { PayoutStatus } from '../../../../lib/platform/vocabulary';
import { runJobsNow } from '../../../support/jobs';
import { afterTheRail, CURRENCIES, type Model } from '../model';

/** A run that passed, with money out: its merchant and the model as the run left it. */
export interface Finished {
  merchantId: string;
  model: Model;
}

/** A payout job the rail did not run, with what its payout has become. */
interface JobLeft {
  task: string;
  payload: JobPayloads['pick_up_payout'] | JobPayloads['sandbox_payout_outcome'];
  attempts: number;
  last_error: string | null;
  payout_status: PayoutStatus | null;
}

/**
 * After every run: the worker catches up. Every job still queued runs (runJobsNow: the pick-ups,
 * then the outcomes they queue; jobs whose payout was cancelled, or moved on by a direct report, run
 * too and change nothing). Then nothing is left in flight anywhere: each withdrawal and payout left
 * PENDING or PROCESSING by its run is COMPLETED, or FAILED (destination …9999) with its amount and fee
 * back in the wallet; the others are as their run left them.
 */
export async function drainPayoutRail(sql: postgres.Sql, finished: Finished[]) {
  await runJobsNow(['pick_up_payout', 'sandbox_payout_outcome']);
  const [payoutRows, walletRows, inFlight, queued] = await Promise.all([
    sql<{ id: string; payout_status: PayoutStatus }[]>`
      select id, payout_status from customer_transactions where transaction_type = 'payout'`,
    sql<{ merchant_id: string; code: string; available: string }[]>`
      select w.merchant_id, trim(c.code) as code, w.available_balance::text as available
        from wallets w join currencies c on c.id = w.currency_id where trim(c.code) = any(${[...CURRENCIES]}::text[])`,
    sql<{ merchant_id: string; currency_code: string; balance: string }[]>`
      select merchant_id, currency_code, sum(case when direction = 'credit' then amount else -amount end)::text as balance
        from ledger_lines where account = 'payouts_in_flight'
       group by merchant_id, currency_code having sum(case when direction = 'credit' then amount else -amount end) <> 0`,
    // Jobs not run (a job a run-once worker ran last can stay locked: graphile-worker does not await
    // its completion before the pool closes; its payout's status is checked below like any other).
    sql<JobLeft[]>`
      select t.identifier as task, j.payload, j.attempts, j.last_error,
             (select payout_status from customer_transactions where id = (j.payload->>'transaction_id')::uuid) as payout_status
        from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier in ('pick_up_payout', 'sandbox_payout_outcome') and j.locked_at is null
       limit 5`,
  ]);
  const statuses = new Map(payoutRows.map((r) => [r.id, r.payout_status]));
  const available = new Map(walletRows.map((r) => [`${r.merchant_id}:${r.code}`, r.available]));
  const differences: string[] = [];
  for (const { merchantId, model } of finished) {
    const expected = afterTheRail(model);
    for (const { payout: p, final } of expected.statuses) {
      const got = statuses.get(p.id);
      if (got !== final)
        differences.push(`${p.kind} ${p.id} (${p.status}${p.fails ? ', …9999' : ''}): ${got}, expected ${final}`);
    }
    for (const code of CURRENCIES) {
      const got = available.get(`${merchantId}:${code}`);
      if (got !== expected.available[code].toString())
        differences.push(`merchant ${merchantId} ${code} available ${got}, expected ${expected.available[code]}`);
    }
  }
  expect(differences.slice(0, 20), `after the rail drained: ${differences.length} difference(s)`).toEqual([]);
  expect(inFlight, 'payouts still in flight after the rail drained').toEqual([]);
  expect(queued, 'payout jobs not run after the rail drained').toEqual([]);
}
