import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectReconciled, newMerchant, paidCheckout, settleEverything, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { runJobsNow } from '../../support/jobs';
import { PAYSTACK_PATHS } from '../../support/providers/paystack';
import { makeEvent, type WebhookEvent } from '../../support/providers/paystack/webhooks';
import { paystackLive } from './paystack-live';

/**
 * Paystack's transfer.* events after a payout left PROCESSING, as Paystack sends them: repeated,
 * out of order, for transfers we never made, and a reversal after a success. Paystack retries anything
 * but a 200 for 72 hours [PS-WH], so only a status query it could not answer may be a 503.
 */
const sql = testSql();
const { server, fundedLiveMerchant } = paystackLive(sql);

/** A live payout (it costs a fee, so a reversal must give that back too), sent to Paystack. */
async function sentPayout(live: Merchant, amount = 10_000) {
  const created = await live.ok(contract.createPayout, {
    body: {
      amount,
      currency_code: 'NGN',
      payout_type: 'bank_transfer',
      payout_reason: 'supplier invoice 7',
      recipient_details: {
        recipient_name: 'Ada Obi',
        bank_account_number: '0123456789',
        bank_name: 'GTBank',
        account_holder_name: 'Ada Obi',
        bank_routing_number: '058',
      },
    },
  });
  await runJobsNow(['pick_up_payout']);
  await runJobsNow(['rail_send_payout']);
  return created.body.data.transaction_id;
}

const available = async (live: Merchant) =>
  (await live.ok(contract.getWallet, { params: { currency_code: 'NGN' } })).body.data.available_balance;
const payoutOf = async (live: Merchant, id: string) =>
  (await live.ok(contract.getPayout, { params: { transaction_id: id } })).body.data;
/** What a payout has written: its events and its journal entries. */
async function writtenFor(id: string) {
  const events = await sql<{ event_type: string }[]>`
    select event_type from events where resource_id = ${id} order by sequence`;
  const [{ entries } = { entries: -1 }] = await sql<{ entries: number }[]>`
    select count(*)::int as entries from ledger_entries where customer_transaction_id = ${id}`;
  return { events: events.map((e) => e.event_type), entries };
}

/** A signed event Paystack could send: another body, the same key. */
const signed = (name: string, data: Record<string, unknown>): WebhookEvent => makeEvent(server().secretKey, name, data);

describe('transfer events are idempotent and accepted in any order', () => {
  it('the same transfer.success twice: 200 both times, and the second records nothing', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentPayout(live);
    const { event, delivery } = await server().completeTransfer(id);
    expect(delivery?.status).toBe(200);
    expect((await payoutOf(live, id)).status).toBe('completed');
    const before = { written: await writtenFor(id), available: await available(live) };

    expect((await server().deliver(event)).status).toBe(200);
    expect(await writtenFor(id)).toEqual(before.written);
    expect(await available(live)).toBe(before.available);
  });

  it('the same transfer.failed twice: 200 both times, the money comes back once', async () => {
    const { live } = await fundedLiveMerchant();
    const start = await available(live);
    const id = await sentPayout(live);
    const { event } = await server().failTransfer(id);
    expect((await payoutOf(live, id)).status).toBe('failed');
    const written = await writtenFor(id);

    expect((await server().deliver(event)).status).toBe(200);
    expect(await writtenFor(id)).toEqual(written);
    expect(await available(live)).toBe(start);
  });

  it('a success delivered after the reversal that followed it: FAILED once, the late success changes nothing', async () => {
    const { live } = await fundedLiveMerchant();
    const start = await available(live);
    const id = await sentPayout(live);
    const success = await server().completeTransfer(id, { delivery: 'withhold' });
    const reversal = await server().reverseTransfer(id);
    expect(reversal.delivery?.status).toBe(200);
    // It never completed in our books: verify said reversed while it was PROCESSING.
    expect((await payoutOf(live, id)).status).toBe('failed');

    expect((await server().deliver(success.event)).status).toBe(200);
    expect((await payoutOf(live, id)).status).toBe('failed');
    expect(await available(live)).toBe(start);
  });

  it('events for references we never issued are a 200 and change nothing', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentPayout(live);
    const { event } = await server().completeTransfer(id, { delivery: 'withhold' });
    const data = event.body.data;

    // Made in Paystack's own dashboard: a reference that is not a UUID.
    const dashboard = signed('transfer.success', { ...data, reference: 'dashboard_payroll_2025_04_24' });
    expect((await server().deliver(dashboard)).status).toBe(200);
    // A UUID no payout has.
    const stranger = signed('transfer.failed', { ...data, status: 'failed', reference: crypto.randomUUID() });
    expect((await server().deliver(stranger)).status).toBe(200);

    // A test-mode payout's id: the sandbox's, never Paystack's.
    const merchant = await newMerchant();
    await paidCheckout(merchant, { amount: 500 });
    await settleEverything(merchant.id);
    const sandbox = await merchant.ok(contract.createWithdrawal, {
      body: {
        amount: 20,
        currency_code: 'GHS',
        payout_type: 'bank_transfer',
        recipient_details: {
          recipient_name: 'Ama',
          bank_account_number: '0011223344',
          bank_name: 'GCB',
          account_holder_name: 'Ama',
        },
      },
    });
    const testId = sandbox.body.data.transaction_id;
    const otherMode = signed('transfer.success', { ...data, reference: testId });
    expect((await server().deliver(otherMode)).status).toBe(200);
    const stillPending = await merchant.ok(contract.getWithdrawal, { params: { transaction_id: testId } });
    expect(stillPending.body.data.status).toBe('PENDING');
    expect((await payoutOf(live, id)).status).toBe('processing');
  });

  it('a status query Paystack cannot answer is still a 503, and the resent event then settles it', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentPayout(live);
    server().inject({ kind: 'status', status: 502 }, { path: PAYSTACK_PATHS.verifyTransfer });
    const { event, delivery } = await server().completeTransfer(id);
    expect(delivery?.status).toBe(503);
    expect((await payoutOf(live, id)).status).toBe('processing');
    expect((await server().deliver(event)).status).toBe(200);
    expect((await payoutOf(live, id)).status).toBe('completed');
  });
});

describe('transfer.reversed after COMPLETED', () => {
  it('confirmed by verify: REVERSED, amount and fee back in the wallet, one balanced entry and one event', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const start = await available(live);
    const id = await sentPayout(live);
    await server().completeTransfer(id);
    const completed = await payoutOf(live, id);
    expect(completed.status).toBe('completed');
    expect(completed.fee_amount).toBeGreaterThan(0);
    expect(await available(live)).toBeCloseTo(start - completed.amount, 2);

    const { delivery } = await server().reverseTransfer(id, { gatewayResponse: 'Beneficiary bank unavailable' });
    expect(delivery?.status).toBe(200);
    const reversed = await payoutOf(live, id);
    expect(reversed).toMatchObject({ status: 'reversed', failure_reason: 'paystack: Beneficiary bank unavailable' });
    expect(reversed.reversed_at).not.toBeNull();
    expect(await available(live)).toBe(start);

    const { events } = await writtenFor(id);
    expect(events.filter((e) => e === 'payout.reversed')).toHaveLength(1);
    const lines = await sql<{ account: string; direction: string; amount: string; rail: string | null }[]>`
      select l.account, l.direction, l.amount::text, l.rail from ledger_lines l
        join ledger_entries e on e.id = l.entry_id
       where e.customer_transaction_id = ${id} and e.kind = 'reversal' order by l.sequence`;
    expect(lines).toEqual([
      { account: 'rail_clearing', direction: 'debit', amount: '1000000', rail: 'paystack' },
      { account: 'merchant_available', direction: 'credit', amount: '1000000', rail: null },
      { account: 'fees', direction: 'debit', amount: String(Math.round(completed.fee_amount * 100)), rail: null },
      {
        account: 'merchant_available',
        direction: 'credit',
        amount: String(Math.round(completed.fee_amount * 100)),
        rail: null,
      },
    ]);
    await expectReconciled(merchant.id);

    // The history filter and the customer transaction.
    const listed = await live.ok(contract.listPayouts, { query: { status: 'reversed' } });
    expect(listed.body.data.map((p) => p.transaction_id)).toEqual([id]);
    const transaction = await live.ok(contract.getCustomerTransaction, { params: { transaction_id: id } });
    expect(transaction.body.data).toMatchObject({ status: 'failed', settlement_status: 'unsettled' });
  });

  it('the same reversal twice at once: exactly one reversal', async () => {
    const { live, merchant } = await fundedLiveMerchant();
    const start = await available(live);
    const id = await sentPayout(live);
    await server().completeTransfer(id);
    const { event } = await server().reverseTransfer(id, { delivery: 'withhold' });

    const answers = await Promise.all([server().deliver(event), server().deliver(event), server().deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await payoutOf(live, id)).status).toBe('reversed');
    expect(await available(live)).toBe(start);
    const [{ n } = { n: -1 }] = await sql<{ n: number }[]>`
      select count(*)::int as n from ledger_entries where customer_transaction_id = ${id} and kind = 'reversal'`;
    expect(n).toBe(1);
    expect((await writtenFor(id)).events.filter((e) => e === 'payout.reversed')).toHaveLength(1);
    await expectReconciled(merchant.id);
  });

  it('not confirmed by verify yet (it still says success): 503, nothing moves; confirmed later: reversed', async () => {
    const { live } = await fundedLiveMerchant();
    const id = await sentPayout(live);
    const { event } = await server().completeTransfer(id);
    const early = signed('transfer.reversed', { ...event.body.data, status: 'reversed' });
    expect((await server().deliver(early)).status).toBe(503);
    expect((await payoutOf(live, id)).status).toBe('completed');

    server().inject({ kind: 'status', status: 500 }, { path: PAYSTACK_PATHS.verifyTransfer });
    const { event: reversal, delivery } = await server().reverseTransfer(id);
    expect(delivery?.status).toBe(503);
    expect((await payoutOf(live, id)).status).toBe('completed');
    expect((await server().deliver(reversal)).status).toBe(200);
    expect((await payoutOf(live, id)).status).toBe('reversed');
  });

  it('a reversal of a FAILED payout changes nothing', async () => {
    const { live } = await fundedLiveMerchant();
    const start = await available(live);
    const id = await sentPayout(live);
    const { event } = await server().failTransfer(id);
    const written = await writtenFor(id);
    const reversal = signed('transfer.reversed', { ...event.body.data, status: 'reversed' });
    expect((await server().deliver(reversal)).status).toBe(200);
    expect((await payoutOf(live, id)).status).toBe('failed');
    expect(await writtenFor(id)).toEqual(written);
    expect(await available(live)).toBe(start);
  });
});
