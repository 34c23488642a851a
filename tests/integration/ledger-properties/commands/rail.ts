import crypto from 'node:crypto';
import type { JobHelpers, Task } from 'graphile-worker';
import { expect } from 'vitest';
import type { PayoutKind } from '../../../../lib/platform/vocabulary';
import type { JobPayloads } from '../../../../lib/platform/jobs/queue';
import { cancelPayout, completePayout, failPayout, pickUpPayout } from '../../../../lib/money-out/progress';
import { taskList } from '../../../../lib/worker/tasks';
import { attempt, count, expectRefusal, expectSuccess, type Real } from '../driver/real';
import { finish, pickUp, sandboxOutcome, type Model, type ModelPayout } from '../model';
import { shownStatus } from './money-out';
import { pick, Step } from './step';

/** What happens to money out once it started: the merchant cancels it, or the sandbox payout rail moves it on. */

/** The merchant cancels a withdrawal or payout (`wrongKind`: through the other kind's endpoint: 404). */
export class CancelPayout extends Step {
  readonly name = 'cancel';
  constructor(
    readonly pick: number,
    readonly wrongKind: boolean,
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const payout = pick(model.payouts, this.pick);
    if (!payout) {
      // Nothing sent yet: an unknown withdrawal.
      expectRefusal(
        await attempt(() => cancelPayout(real.db, real.tenant, 'withdrawal', crypto.randomUUID(), 'property test')),
        404,
        'not_found',
      );
      return;
    }
    const kind: PayoutKind = this.wrongKind ? (payout.kind === 'withdrawal' ? 'payout' : 'withdrawal') : payout.kind;
    const outcome = await attempt(() => cancelPayout(real.db, real.tenant, kind, payout.id, 'property test'));
    if (this.wrongKind) return expectRefusal(outcome, 404, 'not_found');
    if (payout.status !== 'pending') {
      count(`cancel refused (${payout.status})`);
      return expectRefusal(outcome, 409, `${kind}_not_cancellable`);
    }
    expect(expectSuccess(outcome)).toMatchObject({
      transaction_id: payout.id,
      status: shownStatus(kind, 'cancelled'),
      cancellation_reason: 'property test',
    });
    count('cancelled');
    finish(model, payout, 'cancelled');
  }
  toString() {
    return `Cancel(#${this.pick}${this.wrongKind ? ', wrong kind' : ''})`;
  }
}

type RailTask = 'pick_up_payout' | 'rail_send_payout' | 'sandbox_payout_outcome';

/** A job of the payout rail, as graphile-worker keeps it. */
interface QueuedJob<T extends RailTask> {
  id: string;
  task_identifier: T;
  payload: JobPayloads[T];
}

/** The payout rail's jobs still queued for one transaction (the public `jobs` view hides payloads). */
async function queuedJobs<T extends RailTask>(real: Real, transactionId: string, task: T) {
  return real.sql<QueuedJob<T>[]>`
    select j.id::text, t.identifier as task_identifier, j.payload
      from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
     where t.identifier = ${task} and j.payload->>'transaction_id' = ${transactionId}`;
}

/** Runs a queued job as the worker does: its task with its payload, then the job is done (deleted). */
async function runJob(real: Real, job: QueuedJob<RailTask>) {
  const task: Task | undefined = taskList[job.task_identifier];
  if (!task) throw new Error(`no task ${job.task_identifier} in the worker's task list`);
  // The payout tasks use none of the worker's helpers; the task list reads the job's id and attempt (traces).
  await task(job.payload, { job: { id: job.id, attempts: 1 } } as unknown as JobHelpers);
  await real.sql<Record<string, never>[]>`select from graphile_worker.complete_jobs(${[job.id]}::bigint[])`;
}

/**
 * The sandbox payout rail moves a withdrawal or payout on:
 *   - pick_up: its queued `pick_up_payout` job runs (PENDING → PROCESSING), then the `rail_send_payout`
 *     job that queues (sent: the sandbox queues its answer, failed for a destination ending in 9999,
 *     else completed); once that job has
 *     run, a redelivery calls pickUpPayout again: it only moves a PENDING one;
 *   - outcome: its queued `sandbox_payout_outcome` job runs; with none queued, a repeated report changes nothing;
 *   - through: both;
 *   - complete / fail: the rail reports it directly (completePayout / failPayout): only a PROCESSING one moves.
 */
export class Rail extends Step {
  readonly name = 'rail';
  constructor(
    readonly pick: number,
    readonly action: 'pick_up' | 'outcome' | 'through' | 'complete' | 'fail',
  ) {
    super();
  }
  async apply(model: Model, real: Real) {
    const payout = pick(model.payouts, this.pick);
    if (!payout) {
      expect(await pickUpPayout(real.db, crypto.randomUUID())).toBe(false);
      return;
    }
    if (this.action === 'pick_up' || this.action === 'through') await this.pickUp(real, payout);
    if (this.action === 'outcome' || this.action === 'through') await this.outcome(model, real, payout);
    if (this.action === 'complete' || this.action === 'fail') {
      const moved =
        this.action === 'complete'
          ? await completePayout(real.db, payout.id)
          : await failPayout(real.db, payout.id, 'The property test says so');
      expect(moved, `${this.action} a ${payout.status} payout`).toBe(payout.status === 'processing');
      if (moved) {
        count(this.action === 'complete' ? 'completed (reported)' : 'failed (reported)');
        finish(model, payout, this.action === 'complete' ? 'completed' : 'failed');
      }
    }
  }
  async pickUp(real: Real, payout: ModelPayout) {
    const pending = payout.status === 'pending';
    const jobs = await queuedJobs(real, payout.id, 'pick_up_payout');
    expect(jobs.length, 'pick_up_payout jobs queued').toBe(payout.pickUpQueued ? 1 : 0);
    const [job] = jobs;
    if (job) {
      await runJob(real, job);
      payout.pickUpQueued = false;
      // Picked up, it is sent by a job of its own once that committed: the sandbox then queues its answer.
      for (const send of await queuedJobs(real, payout.id, 'rail_send_payout')) await runJob(real, send);
    } else {
      expect(await pickUpPayout(real.db, payout.id), `pick up a ${payout.status} payout again`).toBe(pending);
    }
    if (!pending) return;
    pickUp(payout);
    count('picked up');
  }
  async outcome(model: Model, real: Real, payout: ModelPayout) {
    const predicted = sandboxOutcome(payout);
    const jobs = await queuedJobs(real, payout.id, 'sandbox_payout_outcome');
    expect(
      jobs.map((j) => j.payload.outcome),
      'the sandbox outcome queued when it was sent',
    ).toEqual(payout.outcomeQueued ? [predicted] : []);
    const [job] = jobs;
    if (job) {
      await runJob(real, job);
      payout.outcomeQueued = false;
      if (payout.status !== 'processing') return; // reported directly already: the job changes nothing
      count(`${predicted} (sandbox)`);
      return finish(model, payout, predicted);
    }
    // Nothing queued: not sent yet, or its outcome is in; a (repeated) report changes nothing.
    const moved = payout.fails
      ? await failPayout(real.db, payout.id, 'repeated')
      : await completePayout(real.db, payout.id);
    expect(moved, `a repeated report on a ${payout.status} payout`).toBe(false);
  }
  toString() {
    return `Rail(#${this.pick}, ${this.action})`;
  }
}
