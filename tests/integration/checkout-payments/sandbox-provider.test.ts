import { describe, expect, it } from 'vitest';
import { caller } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, checkoutWithPage, checkoutRow } from './helpers';
import { getDb } from '../../../lib/platform/db/client';
import crypto from 'node:crypto';
import { receiveSandboxTransfer, sandboxBankTransfer, sandboxPayouts } from '../../../lib/rails/providers/sandbox';
import { settleBankTransfer } from '../../../lib/collections/live/bank-transfer';
import { sweepTransfers } from '../../../lib/collections/live/transfer-sweep';

/**
 * Test-mode bank transfers take the live pipeline: the sandbox bank opens where the customer pays,
 * money arrives at the sandbox bank, and the service records it only from the bank's status query,
 * by the same settling a Paystack notice and the sweep go through.
 */
describe('the sandbox bank is a provider', () => {
  it('choosing bank transfer opens an account at the sandbox; the money is settled by its status query', async () => {
    const { checkout, page } = await checkoutWithPage();
    const chosen = await page.ok(contract.chooseBankTransferPayment);
    const attempt = chosen.body.data.latest_attempt!;
    expect(attempt.respond_by).toBeNull(); // a standing account: the checkout's deadline is the one shown
    const [opened] = await sql`
      select a.provider, a.provider_reference, r.kind, r.quoted_reference, r.amount
      from payment_attempts a join sandbox_rail_requests r on r.reference = a.provider_reference
      where a.id = ${attempt.id}`;
    expect(opened).toMatchObject({
      provider: 'sandbox_bank',
      kind: 'account',
      quoted_reference: checkout.payment_reference,
      amount: '2550',
    });
    expect(opened!.provider_reference).toMatch(/^SBX-AC-[0-9A-F]{16}$/);

    const paid = await caller().ok(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference },
    });
    expect(paid.body.data.transfers).toEqual([{ kind: 'payment', checkout_id: checkout.id }]);
    const [collection] = await sql`
      select c.rail, c.rail_reference, c.attempt_id, r.kind from collections c
      join sandbox_rail_requests r on r.reference = c.rail_reference where c.checkout_id = ${checkout.id}`;
    expect(collection).toMatchObject({ rail: 'sandbox_bank', kind: 'transfer', attempt_id: attempt.id });
    expect((await checkoutRow(checkout.id)).status).toBe('paid');
  });

  it('a notice repeated, and one about an account or a transfer nobody knows, record nothing more', async () => {
    const { checkout } = await checkoutWithPage();
    const transfer = await receiveSandboxTransfer(getDb(), {
      paymentReference: checkout.payment_reference,
      amount: 2550n,
      currency: 'GHS',
    });
    const first = await settleBankTransfer(getDb(), sandboxBankTransfer, transfer);
    expect(first).toMatchObject({ outcome: 'recorded', kind: 'payment', checkoutId: checkout.id });
    const again = await settleBankTransfer(getDb(), sandboxBankTransfer, transfer);
    expect(again).toMatchObject({ outcome: 'recorded', kind: 'already_recorded' });
    expect(await settleBankTransfer(getDb(), sandboxBankTransfer, 'SBX-BT-0000000000000000')).toEqual({
      outcome: 'unknown_reference',
    });
    expect(await sql`select id from collections where checkout_id = ${checkout.id}`).toHaveLength(1);
  });

  it('money that arrived but was never settled (the process died) is found by the sweep, once', async () => {
    const { checkout, page } = await checkoutWithPage();
    const chosen = await page.ok(contract.chooseBankTransferPayment);
    await page.ok(contract.claimBankTransferPayment);
    // The sandbox bank has the money; the service never heard of it.
    await receiveSandboxTransfer(getDb(), {
      paymentReference: checkout.payment_reference,
      amount: 2550n,
      currency: 'GHS',
    });
    const attemptId = chosen.body.data.latest_attempt!.id;
    await sweepTransfers(getDb());
    expect((await checkoutRow(checkout.id)).status).toBe('processing'); // claimed a moment ago: not due yet

    await sql`update payment_attempts set claimed_at = now() - interval '11 minutes' where id = ${attemptId}`;
    await sweepTransfers(getDb());
    expect((await checkoutRow(checkout.id)).status).toBe('paid');
    const [asked] = await sql`select provider_metadata from payment_attempts where id = ${attemptId}`;
    expect(asked!.provider_metadata).toMatchObject({ provider_status: 'succeeded' });

    await sql`update payment_attempts set provider_metadata = provider_metadata - 'provider_checked_at' where id = ${attemptId}`;
    await sweepTransfers(getDb());
    expect(await sql`select id from collections where checkout_id = ${checkout.id}`).toHaveLength(1);
  });
});

describe('the sandbox keeps a request and its answer together', () => {
  it('a crash between taking a payout and queueing its answer keeps neither; the retry has both', async () => {
    const payoutId = crypto.randomUUID();
    const send = () =>
      sandboxPayouts.sendPayout({
        payoutId,
        amount: 1000n,
        currency: 'GHS',
        target: { type: 'bank_transfer', accountNumber: '0123456789', bankCode: '', accountName: 'A' },
        reason: 'test',
        callbackUrl: '',
      });
    // The database fails the job's insert, as it does when it crashes at that moment.
    await sql.unsafe(`
      create function fail_sandbox_job() returns trigger language plpgsql as $$
      begin
        if (select identifier from graphile_worker._private_tasks where id = new.task_id) = 'sandbox_payout_outcome'
        then raise exception 'crash'; end if;
        return new;
      end $$;
      create trigger fail_sandbox_job before insert on graphile_worker._private_jobs
        for each row execute function fail_sandbox_job()`);
    try {
      await expect(send()).rejects.toThrow();
    } finally {
      await sql.unsafe(`drop trigger fail_sandbox_job on graphile_worker._private_jobs;
        drop function fail_sandbox_job()`);
    }
    expect(await sql`select 1 from sandbox_rail_requests where subject_id = ${payoutId}`).toHaveLength(0);

    expect(await send()).toMatchObject({ kind: 'accepted' });
    expect(await send()).toMatchObject({ kind: 'accepted' });
    expect(await sql`select 1 from sandbox_rail_requests where subject_id = ${payoutId}`).toHaveLength(1);
    const jobs = await sql`select 1 from graphile_worker.jobs where key = ${`sandbox_po:${payoutId}`}`;
    expect(jobs).toHaveLength(1);
  });
});
