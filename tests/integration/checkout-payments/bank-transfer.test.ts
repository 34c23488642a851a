import { describe, expect, it } from 'vitest';
import { admin } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, checkoutWithPage, eventsOf, checkoutRow } from './helpers';
import { expireDueCheckouts } from '../../../lib/checkout/expire-checkouts';
import { getDb } from '../../../lib/platform/db/client';

describe('bank transfer and operator approval', () => {
  it('claim → operator approves → paid with the admin id and notes', async () => {
    const { checkout, page } = await checkoutWithPage();
    const chosen = await page.ok(contract.chooseBankTransferPayment);
    expect(chosen.body.data.checkout.status).toBe('awaiting_payment_initiation');
    const account = chosen.body.data.latest_attempt!.bank_account!;
    expect(account).toMatchObject({ bank_name: 'Sandbox Bank', reference: checkout.payment_reference });
    expect(account.account_number).toMatch(/^\d{10}$/);
    // Choosing again shows the same instructions.
    expect((await page.ok(contract.chooseBankTransferPayment)).body.data.latest_attempt!.id).toBe(
      chosen.body.data.latest_attempt!.id,
    );

    const claimed = await page.ok(contract.claimBankTransferPayment);
    expect(claimed.body.data.checkout.status).toBe('processing');
    expect(claimed.body.data.checkout.approval_status).toBe('pending_approval');

    const queue = await admin().ok(contract.listCheckoutsAwaitingApproval);
    expect(queue.body.data.map((c) => c.id)).toContain(checkout.id);

    const approved = await admin().call(contract.approveCheckout, {
      params: { checkout_id: checkout.id },
      body: {
        admin_notes: 'seen on statement',
      },
    });
    expectStatus(approved, 200);
    expect(approved.body.data).toMatchObject({
      status: 'paid',
      approval_status: 'approved',
      admin_notes: 'seen on statement',
    });
    expect(approved.body.data.approved_by_admin_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(approved.body.data.approved_at).not.toBeNull();
    expect(await eventsOf(checkout.id)).toEqual([
      'checkout.created',
      'checkout.payment_claimed',
      'checkout.approved',
      'checkout.paid',
    ]);

    // Approving twice, or rejecting a paid checkout, is refused and changes nothing.
    const twice = await admin().call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} });
    expectStatus(twice, 409);
    expectErrorShape(twice.body, 'not_awaiting_approval');
    expect(
      (
        await admin().call(contract.rejectCheckout, {
          params: { checkout_id: checkout.id },
          body: { rejection_reason: 'x' },
        })
      ).status,
    ).toBe(409);
    expect((await checkoutRow(checkout.id)).status).toBe('paid');
  });

  it('claim → operator rejects with a reason → failed, and the customer may try again', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.chooseBankTransferPayment);
    await page.call(contract.claimBankTransferPayment);
    expect(
      (await admin().send(contract.rejectCheckout, { params: { checkout_id: checkout.id }, body: {} })).status,
    ).toBe(422);
    const rejected = await admin().ok(contract.rejectCheckout, {
      params: { checkout_id: checkout.id },
      body: {
        rejection_reason: 'No transfer found',
      },
    });
    expect(rejected.body.data).toMatchObject({
      status: 'failed',
      approval_status: 'rejected',
      rejection_reason: 'No transfer found',
    });
    expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.payment_claimed', 'checkout.rejected']);
    const retry = await page.ok(contract.chooseBankTransferPayment);
    expect(retry.body.data.checkout.status).toBe('awaiting_payment_initiation');
    expect(retry.body.data.checkout.approval_status).toBe('pending_approval');
  });

  it('claiming without choosing bank transfer is a 409', async () => {
    const { page } = await checkoutWithPage();
    const res = await page.call(contract.claimBankTransferPayment);
    expectStatus(res, 409);
    expectErrorShape(res.body, 'no_transfer_to_claim');
  });

  it('an exact incoming transfer pays a verified merchant at once; a duplicate is recorded and announced', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.chooseBankTransferPayment);
    const sim = await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: checkout.payment_reference,
        scenario: 'duplicate',
      },
    });
    expectStatus(sim, 200);
    expect(sim.body.data.transfers.map((t) => t.kind)).toEqual(['payment', 'duplicate']);
    const row = await checkoutRow(checkout.id);
    expect(row).toMatchObject({ status: 'paid', approval_status: 'approved', approved_by_admin_id: null });
    const kinds = await sql`select kind from collections where checkout_id = ${checkout.id} order by received_at, id`;
    expect(kinds.map((k) => k.kind).sort()).toEqual(['duplicate', 'payment']);
    const events = await eventsOf(checkout.id);
    expect(events).toContain('checkout.paid');
    expect(events).toContain('checkout.duplicate_payment');
    const [dup] = await sql<
      { data: { duplicate_payment: unknown } }[]
    >`select data from events where resource_id = ${checkout.id} and event_type = 'checkout.duplicate_payment'`;
    expect(dup!.data.duplicate_payment).toMatchObject({
      amount: 25.5,
      currency_code: 'GHS',
      payment_method: 'bank_transfer',
    });
  });

  it('a short transfer waits for an operator; an over transfer pays and records the excess', async () => {
    const short = await checkoutWithPage();
    await short.page.call(contract.chooseBankTransferPayment);
    await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: short.checkout.payment_reference,
        scenario: 'short',
      },
    });
    expect(await checkoutRow(short.checkout.id)).toMatchObject({
      status: 'processing',
      approval_status: 'pending_approval',
    });
    const queue = await admin().ok(contract.listCheckoutsAwaitingApproval, { query: { limit: 100 } });
    expect(queue.body.data.find((c) => c.id === short.checkout.id)!.amount_received).toBe(24.5);

    const over = await checkoutWithPage();
    await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: over.checkout.payment_reference,
        scenario: 'over',
      },
    });
    expect((await checkoutRow(over.checkout.id)).status).toBe('paid');
    const [c] = await sql`select kind, details from collections where checkout_id = ${over.checkout.id}`;
    expect(c).toMatchObject({ kind: 'payment', details: { overpaid_by: 1 } });
  });

  it('in test mode an unverified merchant needs no operator: the sandbox bank confirms the money', async () => {
    const { checkout, page } = await checkoutWithPage({ amount: 10 }, 'unverified');
    const methods = (await page.ok(contract.getCheckoutSession)).body.data.methods;
    expect(methods.find((m) => m.method === 'bank_transfer')?.requires_manual_approval).toBe(false);
    expectStatus(await page.call(contract.chooseBankTransferPayment), 200);
    expectStatus(await page.call(contract.claimBankTransferPayment), 200);
    // Claimed but no money yet: it waits for the money, not for a person.
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: 'processing' });
    await caller().ok(contract.simulateBankTransfer, { body: { payment_reference: checkout.payment_reference } });
    expect(await checkoutRow(checkout.id)).toMatchObject({
      status: 'paid',
      approval_status: 'approved',
      approved_by_admin_id: null,
      payment_method: 'bank_transfer',
    });
    expect(await eventsOf(checkout.id)).toContain('checkout.paid');
  });

  it('in test mode a short transfer waits for the rest, and the rest pays it without an operator', async () => {
    const { checkout } = await checkoutWithPage({ amount: 10 }, 'unverified');
    await caller().ok(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference, scenario: 'short' },
    });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: 'processing', approval_status: 'pending_approval' });
    await caller().ok(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference, amount: 1 },
    });
    expect(await checkoutRow(checkout.id)).toMatchObject({ status: 'paid', approved_by_admin_id: null });
  });

  it('money arriving for an expired or cancelled checkout is kept and announced', async () => {
    const cancelled = await checkoutWithPage();
    await cancelled.merchant.call(contract.cancelCheckout, { params: { checkout_id: cancelled.checkout.id } });
    await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: cancelled.checkout.payment_reference },
    });
    expect((await checkoutRow(cancelled.checkout.id)).status).toBe('cancelled');
    expect(await eventsOf(cancelled.checkout.id)).toContain('checkout.duplicate_payment');

    const expired = await checkoutWithPage();
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${expired.checkout.id}`;
    await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: expired.checkout.payment_reference },
    });
    expect(await eventsOf(expired.checkout.id)).toContain('checkout.duplicate_payment');
    const [c] = await sql`select kind from collections where checkout_id = ${expired.checkout.id}`;
    expect(c!.kind).toBe('duplicate');
  });

  it('operator endpoints need the admin token and answer 404 for unknown checkouts', async () => {
    const { checkout, merchant } = await checkoutWithPage();
    expect(
      (await merchant.call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} })).status,
    ).toBe(401);
    expect((await caller().call(contract.listCheckoutsAwaitingApproval)).status).toBe(401);
    const missing = await admin().call(contract.approveCheckout, {
      params: { checkout_id: '00000000-0000-4000-8000-000000000000' },
      body: {},
    });
    expectStatus(missing, 404);
  });
});

describe('expiry and state rules on the public interface', () => {
  it('nothing can start on an expired or cancelled checkout', async () => {
    const { checkout, merchant, page } = await checkoutWithPage();
    await merchant.call(contract.cancelCheckout, { params: { checkout_id: checkout.id } });
    for (const res of [
      await page.call(contract.startMobileMoneyPayment, {
        body: { network: 'mtn_momo', phone: '0244123456' },
      }),
      await page.call(contract.chooseBankTransferPayment),
    ]) {
      expect(res.status).toBe(409);
      expectErrorShape(res.body);
    }
    const expired = await checkoutWithPage();
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${expired.checkout.id}`;
    const s = await expired.page.ok(contract.getCheckoutSession);
    expect(s.body.data.checkout.status).toBe('expired');
    expect((await expired.page.call(contract.chooseBankTransferPayment)).status).toBe(409);
  });

  it('a checkout in processing does not expire under a payment in flight', async () => {
    const { checkout, page } = await checkoutWithPage();
    await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244123333' },
    });
    await sql`update checkouts set expires_at = now() - interval '1 minute' where id = ${checkout.id}`;
    await expireDueCheckouts(getDb());
    expect((await checkoutRow(checkout.id)).status).toBe('processing');
  });
});

describe('rate limits on the page interface', () => {
  it('answers 429 with Retry-After past the per-checkout write limit', async () => {
    const { page } = await checkoutWithPage();
    let limited;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await page.call(contract.chooseBankTransferPayment);
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expectErrorShape(limited!.body, 'rate_limited');
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Reads are not limited.
    expect((await page.call(contract.getCheckoutSession)).status).toBe(200);
  });
});
