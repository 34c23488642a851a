import { describe, expect, it } from 'vitest';
import { UUID, TIMESTAMP } from '../../support/shapes';
import { admin, newMerchant, paidCheckout, wallet } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { caller, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { TRANSACTION_FIELDS, PAYOUT_ONLY_FIELDS, sql, ms, depositsOf, list, createCheckout } from './helpers';

describe('deposits from paid checkouts', () => {
  it('a bank transfer deposit carries every spec 2.4 field, null where it does not apply', async () => {
    const shop = await newMerchant();
    const { checkout } = await createCheckout(shop, {
      amount: 10.5,
      customer_name: 'Ada Lovelace',
      customer_phone: '+233244123456',
      meta_data: { order_id: 'ORD-77', channel: 'web' },
    });
    const paid = await caller().call(contract.simulateBankTransfer, {
      body: { payment_reference: checkout.payment_reference },
    });
    expectStatus(paid, 200);

    const listed = await list(shop, { transaction_type: 'deposit' });
    expect(listed.data).toHaveLength(1);
    const t = listed.data[0]!;
    for (const field of TRANSACTION_FIELDS) expect(t, field).toHaveProperty(field);
    const [currency] = await sql`select id from currencies where code = 'GHS'`;
    expect(t).toMatchObject({
      merchant_id: shop.id,
      currency_id: currency!.id,
      transaction_type: 'deposit',
      status: 'completed',
      // 1 % of 10.50 is 0.105: half up makes 0.11 (half even would make 0.10).
      amount: 10.5,
      fee_amount: 0.11,
      net_amount: 10.39,
      settlement_status: 'unsettled',
      settled_at: null,
      settlement_batch_id: null,
      customer_email: 'ada@example.com',
      customer_name: 'Ada Lovelace',
      customer_phone: '+233244123456',
      checkout_session_id: checkout.id,
      payment_method: 'bank_transfer',
      provider: 'sandbox_bank',
      external_reference: checkout.id,
      is_duplicate: false,
    });
    expect(t.transaction_id).toMatch(UUID);
    expect(t.provider_reference).toMatch(/^SBX-BT-[0-9A-F]{16}$/);
    for (const field of PAYOUT_ONLY_FIELDS) expect(t[field], field).toBeNull();
    expect(t.created_at).toMatch(TIMESTAMP);
    expect(t.updated_at).toMatch(TIMESTAMP);
    expect(t.completed_at).toMatch(TIMESTAMP);
    expect(Math.abs(ms(t.completed_at!) - Date.now())).toBeLessThan(60_000);
    expect(t.meta_data).toMatchObject({ order_id: 'ORD-77', channel: 'web', checkout_id: checkout.id });
    expect(t.provider_metadata).toMatchObject({ collections: [{ provider_reference: t.provider_reference }] });

    // The single read is the same object.
    const one = await shop.call(contract.getCustomerTransaction, { params: { transaction_id: t.transaction_id } });
    expectStatus(one, 200);
    expect(one.body.status).toBe('success');
    expect(one.body.data).toEqual(t);

    // The row in minor units agrees.
    const [row] = await depositsOf(checkout.id);
    expect([row!.amount, row!.fee_amount, row!.net_amount].map(String)).toEqual(['1050', '11', '1039']);
  });

  it('the net is credited to the holding balance, with last_deposit_at; nothing is available yet', async () => {
    const shop = await newMerchant();
    const before = await wallet(shop);
    expect(before.last_deposit_at).toBeNull();
    const { deposit } = await paidCheckout(shop, { amount: 25.5 });
    // 1 % of 25.50 = 0.255 → 0.26.
    expect(deposit).toMatchObject({ amount: 25.5, fee_amount: 0.26, net_amount: 25.24 });
    const after = await wallet(shop);
    expect(after).toMatchObject({ holding_balance: 25.24, available_balance: 0, balance: 25.24 });
    expect(after.last_deposit_at).toMatch(TIMESTAMP);
    expect(Math.abs(ms(after.last_deposit_at!) - Date.now())).toBeLessThan(60_000);

    // The fee went to the fees account, the gross came from the rail: one balanced entry.
    const lines = await sql<{ account: string; direction: string; amount: string; purpose: string }[]>`
      select l.account, l.direction, l.amount::text as amount, l.purpose
        from ledger_lines l join ledger_entries e on e.id = l.entry_id
       where e.customer_transaction_id = ${deposit.transaction_id} order by l.sequence`;
    expect(lines).toEqual([
      { account: 'rail_clearing', direction: 'debit', amount: '2550', purpose: 'deposit' },
      { account: 'merchant_holding', direction: 'credit', amount: '2550', purpose: 'deposit' },
      { account: 'merchant_holding', direction: 'debit', amount: '26', purpose: 'fee' },
      { account: 'fees', direction: 'credit', amount: '26', purpose: 'fee' },
    ]);
  });

  it('an over transfer credits what arrived; the fee is on what arrived', async () => {
    const shop = await newMerchant();
    const { deposit } = await paidCheckout(shop, { amount: 25.5, scenario: 'over' });
    // 26.50 arrived: 1 % = 0.265 → 0.27.
    expect(deposit).toMatchObject({ amount: 26.5, fee_amount: 0.27, net_amount: 26.23 });
    expect((await wallet(shop)).holding_balance).toBe(26.23);
  });

  it('a duplicate collection is a second, flagged deposit, also credited', async () => {
    const shop = await newMerchant();
    const { checkout, deposit } = await paidCheckout(shop, {
      amount: 40,
      scenario: 'duplicate',
      meta_data: { order_id: 'D-1' },
    });
    const rows = (await list(shop, { transaction_type: 'deposit' })).data;
    expect(rows).toHaveLength(2);
    const duplicate = rows.find((t) => t.is_duplicate)!;
    expect(duplicate).toBeDefined();
    expect(duplicate.transaction_id).not.toBe(deposit.transaction_id);
    expect(duplicate).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 40,
      fee_amount: 0.4,
      net_amount: 39.6,
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
      payment_method: 'bank_transfer',
      is_duplicate: true,
    });
    expect(duplicate.meta_data).toMatchObject({ order_id: 'D-1', checkout_id: checkout.id });
    expect(duplicate.provider_reference).not.toBe(deposit.provider_reference);
    expect(deposit.is_duplicate).toBe(false);
    expect((await wallet(shop)).holding_balance).toBe(79.2);
  });

  it('mobile money (…4444, instant success): exactly one deposit with the 1.5 % fee', async () => {
    const shop = await newMerchant();
    const { checkout, page } = await createCheckout(shop, { amount: 103, meta_data: { order_id: 'MM-1' } });
    const started = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'mtn_momo', phone: '0244124444' },
    });
    expectStatus(started, 200);
    await runJobsNow(['sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('paid');
    // Running the jobs again, or the provider repeating its report, changes nothing.
    await runJobsNow(['sandbox_mobile_money_outcome']);
    const [attempt] = await sql<{ id: string }[]>`select id from payment_attempts where checkout_id = ${checkout.id}`;
    await caller().call(contract.simulateMobileMoneyOutcome, {
      params: { attempt_id: attempt!.id },
      body: { outcome: 'success' },
    });

    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    const t = (await shop.ok(contract.getCustomerTransaction, { params: { transaction_id: deposits[0]!.id } })).body
      .data;
    // 1.5 % of 103.00 = 1.545 → 1.55 (half up; half even would make 1.54).
    expect(t).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 103,
      fee_amount: 1.55,
      net_amount: 101.45,
      payment_method: 'mobile_money',
      provider: 'sandbox_mobile_money',
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
      is_duplicate: false,
    });
    expect(t.provider_reference).toMatch(/^SBX-MM-/);
    expect(t.meta_data).toMatchObject({ order_id: 'MM-1', checkout_id: checkout.id });
    expect(await wallet(shop)).toMatchObject({ holding_balance: 101.45, available_balance: 0 });
  });

  it('operator approval: a short bank transfer waits, then approval makes the deposit of what arrived', async () => {
    const shop = await newMerchant({ kyb_status: 'unverified' });
    const { checkout, page } = await createCheckout(shop, { amount: 41 });
    expect((await page.call(contract.chooseBankTransferPayment)).status).toBe(200);
    const arrived = await caller().call(contract.simulateBankTransfer, {
      body: {
        payment_reference: checkout.payment_reference,
        scenario: 'short',
      },
    });
    expectStatus(arrived, 200);
    const [waiting] = await sql`select status, approval_status from checkouts where id = ${checkout.id}`;
    expect(waiting).toMatchObject({ status: 'processing', approval_status: 'pending_approval' });
    // Nothing is credited before the operator decides.
    expect(await depositsOf(checkout.id)).toHaveLength(0);
    expect((await wallet(shop)).holding_balance).toBe(0);

    const approved = await admin().call(contract.approveCheckout, {
      params: { checkout_id: checkout.id },
      body: { admin_notes: 'ok' },
    });
    expectStatus(approved, 200);
    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    const t = (await shop.ok(contract.getCustomerTransaction, { params: { transaction_id: deposits[0]!.id } })).body
      .data;
    expect(t).toMatchObject({
      transaction_type: 'deposit',
      status: 'completed',
      amount: 40,
      fee_amount: 0.4,
      net_amount: 39.6,
      payment_method: 'bank_transfer',
      provider: 'sandbox_bank',
      checkout_session_id: checkout.id,
      external_reference: checkout.id,
    });
    expect(t.provider_reference).toMatch(/^SBX-BT-/);
    expect(await wallet(shop)).toMatchObject({ holding_balance: 39.6, available_balance: 0 });
  });

  it('operator approval of a claimed transfer with no recorded collection credits the checkout amount', async () => {
    const shop = await newMerchant({ kyb_status: 'unverified' });
    const { checkout, page } = await createCheckout(shop, { amount: 12 });
    await page.call(contract.chooseBankTransferPayment);
    expect((await page.call(contract.claimBankTransferPayment)).status).toBe(200);
    const approved = await admin().call(contract.approveCheckout, { params: { checkout_id: checkout.id }, body: {} });
    expectStatus(approved, 200);
    const deposits = await depositsOf(checkout.id);
    expect(deposits).toHaveLength(1);
    expect([deposits[0]!.amount, deposits[0]!.fee_amount, deposits[0]!.net_amount].map(String)).toEqual([
      '1200',
      '12',
      '1188',
    ]);
    expect(deposits[0]!.payment_method).toBe('bank_transfer');
    expect((await wallet(shop)).holding_balance).toBe(11.88);
  });
});
