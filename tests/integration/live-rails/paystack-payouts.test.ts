import { describe, expect, it } from 'vitest';
import { expectReconciled, type Merchant } from '../../support/fixtures';
import { expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { paystackLive } from './paystack-live';

/**
 * Live withdrawals to bank accounts through Paystack transfers, against its contract server: our
 * payout id is the transfer's reference, so a retry never pays twice; the signed webhook makes us ask
 * Paystack, whose answer completes the withdrawal or fails it with the money back.
 */
const sql = testSql();
const { server, fundedLiveMerchant } = paystackLive(sql);

const bankWithdrawal = (amount: number, extra: Record<string, string> = {}) => ({
  amount,
  currency_code: 'NGN' as const,
  payout_type: 'bank_transfer' as const,
  recipient_details: {
    recipient_name: 'Ada Obi',
    bank_account_number: '0123456789',
    bank_name: 'GTBank',
    account_holder_name: 'Ada Obi',
    bank_routing_number: '058',
    ...extra,
  },
});

async function sentWithdrawal(live: Merchant, amount = 10_000) {
  const created = (await live.ok(contract.createWithdrawal, { body: bankWithdrawal(amount) })).body.data;
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['rail_send_payout']);
  return created.transaction_id;
}

const available = async (live: Merchant) =>
  (await live.ok(contract.getWallet, { params: { currency_code: 'NGN' } })).body.data.available_balance;
const statusOf = async (live: Merchant, id: string) =>
  (await live.ok(contract.getWithdrawal, { params: { transaction_id: id } })).body.data.status;

describe('live bank withdrawals through Paystack transfers', () => {
  it('sent with our payout id as the reference; the signed webhook and the status query complete it', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    const transfer = server().state.transfers.get(id)!;
    expect(transfer).toMatchObject({ amount: 1_000_000n, currency: 'NGN' });
    expect(await statusOf(live, id)).toBe('PROCESSING');

    await server().completeTransfer(id);
    expect(await statusOf(live, id)).toBe('COMPLETED');
    expect(await available(live)).toBeLessThan(before - 10_000 + 0.01);
    expectStatus(await merchant.call(contract.getWithdrawal, { params: { transaction_id: id } }), 404);
    await expectReconciled(merchant.id);
  });

  it('sent again after a lost answer: the same reference, one transfer', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    // As if the job ran again (its answer lost): the same id goes out again.
    await sql`update customer_transactions set provider_reference = null where id = ${id}`;
    await sql`select graphile_worker.add_job('rail_send_payout', json_build_object('transaction_id', ${id}::text))`;
    await runJobsNow(['rail_send_payout']);
    expect([...server().state.transfers.values()].filter((t) => t.reference === id)).toHaveLength(1);
    expect(await statusOf(live, id)).toBe('PROCESSING');
  });

  it('failed by the bank: FAILED, and the whole debit comes back', async () => {
    const { live } = await fundedLiveMerchant();
    const before = await available(live);
    const id = await sentWithdrawal(live);
    expect(await available(live)).toBeLessThan(before);
    await server().failTransfer(id);
    expect(await statusOf(live, id)).toBe('FAILED');
    expect(await available(live)).toBe(before);
  });

  it('the webhook never comes: the backoff query finds the outcome', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentWithdrawal(live);
    await server().completeTransfer(id, { delivery: 'withhold' });
    expect(await statusOf(live, id)).toBe('PROCESSING');
    await runJobsNow(['rail_check_payout']);
    expect(await statusOf(live, id)).toBe('COMPLETED');
  });

  it('a live bank withdrawal needs the bank code (422), and changes nothing', async () => {
    const { live } = await fundedLiveMerchant();
    const before = await available(live);
    const body = bankWithdrawal(1000);
    delete (body.recipient_details as Partial<typeof body.recipient_details>).bank_routing_number;
    const res = await live.call(contract.createWithdrawal, { body });
    expectStatus(res, 422);
    expect(invalidFields(res)).toContain('recipient_details.bank_routing_number');
    expect(await available(live)).toBe(before);
  });

  it('a currency with no live payout route: 503 rail_unavailable, nothing debited', async () => {
    const { live } = await fundedLiveMerchant();
    const res = await live.call(contract.createWithdrawal, {
      body: { ...bankWithdrawal(10), currency_code: 'GHS' },
    });
    expectStatus(res, 503);
  });
});
