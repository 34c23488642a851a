import { describe, expect, it } from 'vitest';
import { TIMESTAMP } from '../../support/shapes';
import { admin, newMerchant, paidCheckout, wallet } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, walletRow, walletEvents, settleAllDue, setStatus } from './helpers';

describe('operator: PATCH /api/admin/v1/merchants/{id}/wallets/{currency_code}', () => {
  it('needs the admin bearer token', async () => {
    const shop = await newMerchant();
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong' },
      { 'x-api-key': shop.apiKey },
    ]) {
      const res = await caller(headers).call(contract.updateMerchantWallet, {
        params: { merchant_id: shop.id, currency_code: 'GHS' },
        body: { status: 'suspended' },
      });
      expectStatus(res, 401);
      const list = await caller(headers).call(contract.listMerchantWallets, { params: { merchant_id: shop.id } });
      expectStatus(list, 401);
    }
    expect((await walletRow(shop.id, 'GHS')).status).toBe('active');
  });

  it('validates its input and finds the wallet', async () => {
    const shop = await newMerchant();
    const bad = [
      {},
      { settlement_hold: 'yes' },
      { settlement_hold: true }, // a hold needs a reason
      { settlement_hold: true, settlement_hold_reason: 'x', settlement_hold_visibility: 'public' },
      { status: 'closed' },
      { unknown: 1 },
    ];
    for (const body of bad) {
      const res = await admin().send(contract.updateMerchantWallet, {
        params: { merchant_id: shop.id, currency_code: 'GHS' },
        body,
      });
      expectStatus(res, 422, JSON.stringify(body));
      expectErrorShape(res.body, 'validation_error');
    }
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: shop.id, currency_code: 'XYZ' },
          body: { status: 'active' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: shop.id, currency_code: 'GH' },
          body: { status: 'active' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: '00000000-0000-4000-8000-000000000000', currency_code: 'GHS' },
          body: { status: 'active' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin().call(contract.updateMerchantWallet, {
          params: { merchant_id: 'not-a-uuid', currency_code: 'GHS' },
          body: { status: 'active' },
        })
      ).status,
    ).toBe(422);
    const row = await walletRow(shop.id, 'GHS');
    expect([row.status, row.settlement_hold, row.settlement_hold_reason]).toEqual(['active', false, null]);
  });

  it('a hold visible to the merchant shows its reason; an internal one shows the hold but not the reason', async () => {
    const shop = await newMerchant();
    const visible = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'ghs' },
      body: {
        settlement_hold: true,
        settlement_hold_reason: 'Documents under review',
        settlement_hold_visibility: 'merchant',
      },
    });
    expectStatus(visible, 200);
    expect(visible.body.data).toMatchObject({
      settlement_hold: true,
      settlement_hold_reason: 'Documents under review',
      settlement_hold_visibility: 'merchant',
    });
    expect(await wallet(shop, 'GHS')).toMatchObject({
      settlement_hold: true,
      settlement_hold_reason: 'Documents under review',
    });

    const internal = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'GHS' },
      body: {
        settlement_hold: true,
        settlement_hold_reason: 'Fraud check FR-221',
        settlement_hold_visibility: 'internal',
      },
    });
    expectStatus(internal, 200);
    // The operator sees the reason…
    expect(internal.body.data).toMatchObject({
      settlement_hold_reason: 'Fraud check FR-221',
      settlement_hold_visibility: 'internal',
    });
    const opList = (await admin().ok(contract.listMerchantWallets, { params: { merchant_id: shop.id } })).body.data;
    expect(opList.find((w) => w.currency_name === 'GHS')).toMatchObject({
      settlement_hold: true,
      settlement_hold_reason: 'Fraud check FR-221',
    });
    // …the merchant does not, anywhere.
    const single = await wallet(shop, 'GHS');
    expect(single).toMatchObject({ settlement_hold: true, settlement_hold_reason: null });
    const list = (await shop.ok(contract.listWallets)).body.data;
    expect(list.find((w) => w.currency_name === 'GHS')).toMatchObject({
      settlement_hold: true,
      settlement_hold_reason: null,
    });
    expect(JSON.stringify(list)).not.toContain('FR-221');
    expect(JSON.stringify(single)).not.toContain('FR-221');
    // The wallet's events reach the merchant as webhooks: they must not carry the internal reason either.
    const events = await walletEvents(single.id);
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events.at(-1)!.data)).not.toContain('FR-221');
    // The row keeps it.
    expect((await walletRow(shop.id, 'GHS')).settlement_hold_reason).toBe('Fraud check FR-221');

    // Other wallets are not held.
    expect((await wallet(shop, 'USD')).settlement_hold).toBe(false);
  });

  it('a held wallet is not settled; lifting the hold clears the reason and the next run settles it', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100, currency_code: 'GHS' }); // net 99.00
    await paidCheckout(shop, { amount: 10, currency_code: 'USD' }); // net 9.90
    const held = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'GHS' },
      body: {
        settlement_hold: true,
        settlement_hold_reason: 'Chargeback review',
      },
    });
    expectStatus(held, 200);
    expect(held.body.data.settlement_hold_visibility).toBe('merchant');

    const first = await settleAllDue(shop.id);
    expect(first.batches.map((b) => b.currency_code)).toEqual(['USD']);
    expect(await wallet(shop, 'GHS')).toMatchObject({
      holding_balance: 99,
      available_balance: 0,
      last_settlement_at: null,
    });
    expect(await wallet(shop, 'USD')).toMatchObject({ holding_balance: 0, available_balance: 9.9 });
    const [unsettled] = await sql`
      select count(*)::int as n from customer_transactions
       where merchant_id = ${shop.id} and currency_code = 'GHS' and settlement_status = 'unsettled' and settlement_batch_id is null`;
    expect(unsettled!.n).toBe(1);
    // Its checkout stays paid.
    const [ghsCheckout] =
      await sql`select status from checkouts where merchant_id = ${shop.id} and currency_code = 'GHS'`;
    expect(ghsCheckout!.status).toBe('paid');

    const lifted = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'GHS' },
      body: { settlement_hold: false },
    });
    expectStatus(lifted, 200);
    expect(lifted.body.data).toMatchObject({
      settlement_hold: false,
      settlement_hold_reason: null,
      settlement_hold_visibility: null,
    });

    const second = await settleAllDue(shop.id);
    expect(second.batches.map((b) => [b.currency_code, b.settled_amount])).toEqual([['GHS', 99]]);
    const ghs = await wallet(shop, 'GHS');
    expect(ghs).toMatchObject({ holding_balance: 0, available_balance: 99, balance: 99 });
    expect(ghs.last_settlement_at).toMatch(TIMESTAMP);
    const [after] = await sql`select status from checkouts where merchant_id = ${shop.id} and currency_code = 'GHS'`;
    expect(after!.status).toBe('completed');
  });

  it('a frozen or suspended wallet is still settled (its money is the merchant’s; only a hold stops settlement)', async () => {
    const shop = await newMerchant();
    await paidCheckout(shop, { amount: 100 });
    expect((await setStatus(shop, 'GHS', 'frozen')).status).toBe(200);
    await settleAllDue(shop.id);
    expect(await wallet(shop, 'GHS')).toMatchObject({ holding_balance: 0, available_balance: 99, status: 'frozen' });
  });
});
