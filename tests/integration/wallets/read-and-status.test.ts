import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES, TIMESTAMP, UUID, WALLET_FIELDS } from '../../support/shapes';
import { admin, newMerchant, paidCheckout, wallet, type Merchant } from '../../support/fixtures';
import { caller, expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, walletRow, walletEvents, settleAllDue, setStatus } from './helpers';

let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

describe('GET /api/v1/merchants/wallet', () => {
  it('lists one zero wallet per currency, every spec 2.3 field present', async () => {
    const fresh = await newMerchant();
    const res = await fresh.call(contract.listWallets);
    expectStatus(res, 200);
    expect(res.body.status).toBe('success');
    expect(typeof res.body.message).toBe('string');
    expect(res.body).not.toHaveProperty('pagination');
    const wallets = res.body.data;
    expect(wallets).toHaveLength(CURRENCIES.length);
    expect(wallets.map((w) => w.currency_name).sort()).toEqual(CURRENCIES);
    const currencyRows = await sql<{ id: string; code: string }[]>`select id, code from currencies`;
    const currencyIdOf = Object.fromEntries(currencyRows.map((c) => [c.code, c.id]));
    for (const w of wallets) {
      for (const field of WALLET_FIELDS) expect(w, field).toHaveProperty(field);
      expect(w.id).toMatch(UUID);
      expect(w.merchant_id).toBe(fresh.id);
      expect(w.currency_id).toBe(currencyIdOf[w.currency_name]);
      expect(w).toMatchObject({
        holding_balance: 0,
        available_balance: 0,
        balance: 0,
        settlement_hold: false,
        settlement_hold_reason: null,
        settlement_hold_visibility: null,
        last_deposit_at: null,
        last_settlement_at: null,
        last_payout_at: null,
        status: 'active',
      });
      expect(w.created_at).toMatch(TIMESTAMP);
      expect(w.updated_at).toMatch(TIMESTAMP);
    }
    expect(new Set(wallets.map((w) => w.id)).size).toBe(CURRENCIES.length);
  });

  it('balance = holding + available, in major units, matching the rows', async () => {
    const shop = await newMerchant();
    // 101.01 by bank transfer: fee 1.01 (1 %, half up), net 100.00 into holding.
    await paidCheckout(shop, { amount: 101.01 });
    await settleAllDue(shop.id);
    // 25.50: fee 0.26 (25.5 minor rounds half up), net 25.24 into holding.
    await paidCheckout(shop, { amount: 25.5 });
    const list = (await shop.ok(contract.listWallets)).body.data;
    const ghs = list.find((w) => w.currency_name === 'GHS')!;
    expect(ghs).toMatchObject({ available_balance: 100, holding_balance: 25.24, balance: 125.24 });
    expect(ghs.last_deposit_at).toMatch(TIMESTAMP);
    expect(ghs.last_settlement_at).toMatch(TIMESTAMP);
    for (const w of list) expect(w.balance).toBeCloseTo(w.holding_balance + w.available_balance, 10);
    const row = await walletRow(shop.id, 'GHS');
    expect([String(row.holding_balance), String(row.available_balance)]).toEqual(['2524', '10000']);
    // The single-wallet read agrees with the list.
    expect(await wallet(shop, 'GHS')).toEqual(ghs);
  });
});

describe('GET /api/v1/merchants/wallet/{currency_code}', () => {
  it('is case-insensitive: ghs, GHS and gHs are the same wallet', async () => {
    const upper = await wallet(m, 'GHS');
    expect(upper.currency_name).toBe('GHS');
    expect(upper.merchant_id).toBe(m.id);
    for (const field of WALLET_FIELDS) expect(upper, field).toHaveProperty(field);
    expect(await wallet(m, 'ghs')).toEqual(upper);
    expect(await wallet(m, 'gHs')).toEqual(upper);
    expect((await wallet(m, 'usd')).currency_name).toBe('USD');
    expect((await wallet(m, 'usd')).id).not.toBe(upper.id);
  });

  it('an unknown three-letter code is 404; a malformed code is 422', async () => {
    for (const code of ['XYZ', 'jpy', 'ZZZ']) {
      const res = await m.call(contract.getWallet, { params: { currency_code: code } });
      expectStatus(res, 404, code);
      expectErrorShape(res.body, 'not_found');
    }
    for (const code of ['GH', 'GHS1', 'G1S', 'GHSS', '123', 'G%20S']) {
      const res = await m.call(contract.getWallet, { params: { currency_code: code } });
      expectStatus(res, 422, code);
      expectErrorShape(res.body, 'validation_error');
      expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain('currency_code');
    }
  });

  it('needs an API key', async () => {
    expect((await caller().call(contract.getWallet, { params: { currency_code: 'GHS' } })).status).toBe(401);
    expect((await caller({ 'x-api-key': 'nope' }).call(contract.listWallets)).status).toBe(401);
  });
});

describe('PATCH /api/v1/merchants/wallet/{currency_code}/status', () => {
  it('active → frozen → active, each change recorded as wallet.status_changed', async () => {
    const shop = await newMerchant();
    const before = await walletRow(shop.id, 'KES');

    const frozen = await setStatus(shop, 'kes', 'frozen');
    expectStatus(frozen, 200, frozen.text);
    expect(frozen.body.data).toMatchObject({
      id: before.id,
      currency_name: 'KES',
      status: 'frozen',
      merchant_id: shop.id,
    });
    for (const field of WALLET_FIELDS) expect(frozen.body.data, field).toHaveProperty(field);
    expect((await walletRow(shop.id, 'KES')).status).toBe('frozen');
    expect((await wallet(shop, 'KES')).status).toBe('frozen');
    // Other wallets are untouched.
    expect((await walletRow(shop.id, 'GHS')).status).toBe('active');

    const active = await setStatus(shop, 'KES', 'active');
    expectStatus(active, 200);
    expect(active.body.data.status).toBe('active');
    expect((await walletRow(shop.id, 'KES')).status).toBe('active');

    const events = await walletEvents(before.id);
    expect(events.map((e) => e.event_type)).toEqual(['wallet.status_changed', 'wallet.status_changed']);
    expect(events.every((e) => e.merchant_id === shop.id && e.resource_type === 'wallet')).toBe(true);
    expect(events.map((e) => e.data.status)).toEqual(['frozen', 'active']);
    expect(events[0]!.data).toMatchObject({ id: before.id, currency_name: 'KES' });
  });

  it('setting the status it already has changes nothing and is not a status change', async () => {
    const shop = await newMerchant();
    const before = await walletRow(shop.id, 'GHS');
    const res = await setStatus(shop, 'GHS', 'active');
    expectStatus(res, 200);
    expect(res.body.data.status).toBe('active');
    const events = await walletEvents(before.id);
    expect(events.map((e) => e.event_type)).not.toContain('wallet.status_changed');
  });

  it('a frozen wallet refuses refunds (409 wallet_frozen) and moves no money; unfrozen it refunds', async () => {
    const shop = await newMerchant();
    const { checkout, deposit } = await paidCheckout(shop, { amount: 50 });
    expect((await setStatus(shop, 'GHS', 'frozen')).status).toBe(200);
    const before = await walletRow(shop.id, 'GHS');

    for (const body of [
      { checkout_id: checkout.id, amount: 10, reason: 'customer asked' },
      { transaction_id: deposit.transaction_id, reason: 'customer asked' },
    ]) {
      const refused = await shop.call(contract.createRefund, { body });
      expectStatus(refused, 409);
      expectErrorShape(refused.body, 'wallet_frozen');
    }
    const after = await walletRow(shop.id, 'GHS');
    expect([after.holding_balance, after.available_balance]).toEqual([
      before.holding_balance,
      before.available_balance,
    ]);
    const refunds =
      await sql`select id from customer_transactions where merchant_id = ${shop.id} and transaction_type = 'refund'`;
    expect(refunds).toHaveLength(0);

    // Money still comes in while frozen: customers can pay.
    await paidCheckout(shop, { amount: 10 });
    expect(Number((await walletRow(shop.id, 'GHS')).holding_balance)).toBe(Number(before.holding_balance) + 990);

    // Nor can its money be converted away (the quote is only a price; carrying it out is refused).
    await settleAllDue(shop.id);
    const quote = await shop.call(contract.createConversionQuote, {
      body: {
        from_currency: 'GHS',
        to_currency: 'USD',
        amount: 5,
      },
    });
    expectStatus(quote, 200);
    const converted = await shop.call(contract.convertCurrency, {
      body: {
        quote_id: quote.body.data.quote_id,
        idempotency_key: 'frozen-1',
      },
    });
    expectStatus(converted, 409);
    expectErrorShape(converted.body, 'wallet_frozen');
    expect(Number((await walletRow(shop.id, 'USD')).available_balance)).toBe(0);

    expect((await setStatus(shop, 'GHS', 'active')).status).toBe(200);
    const ok = await shop.call(contract.createRefund, {
      body: { checkout_id: checkout.id, amount: 10, reason: 'customer asked' },
    });
    expectStatus(ok, 200);
    expect(ok.body.data).toMatchObject({
      transaction_type: 'refund',
      amount: 10,
      refunds_transaction_id: deposit.transaction_id,
    });
  });

  it('a merchant may not set suspended, nor anything else but active or frozen (422)', async () => {
    const shop = await newMerchant();
    const bodies = [
      { status: 'suspended' },
      { status: 'closed' },
      { status: 'FROZEN' },
      { status: null },
      {},
      { status: 'frozen', extra: 1 },
    ];
    for (const body of bodies) {
      const res = await shop.send(contract.updateWalletStatus, { params: { currency_code: 'GHS' }, body });
      expectStatus(res, 422, JSON.stringify(body));
      expectErrorShape(res.body, 'validation_error');
    }
    expect((await walletRow(shop.id, 'GHS')).status).toBe('active');
    expect((await setStatus(shop, 'XYZ', 'frozen')).status).toBe(404);
    expect((await setStatus(shop, 'GHS1', 'frozen')).status).toBe(422);
  });

  it('an operator-suspended wallet cannot be changed by the merchant (409); the operator can lift it', async () => {
    const shop = await newMerchant();
    const suspended = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'GHS' },
      body: { status: 'suspended' },
    });
    expectStatus(suspended, 200);
    expect(suspended.body.data.status).toBe('suspended');
    expect((await wallet(shop, 'GHS')).status).toBe('suspended');

    for (const status of ['active', 'frozen'] as const) {
      const res = await setStatus(shop, 'GHS', status);
      expect(res.status, res.text).toBe(409);
      expectErrorShape(res.body, 'wallet_suspended');
    }
    expect((await walletRow(shop.id, 'GHS')).status).toBe('suspended');

    // A suspended wallet refuses refunds too.
    const { checkout } = await paidCheckout(shop, { amount: 20 });
    const refund = await shop.call(contract.createRefund, {
      body: { checkout_id: checkout.id, amount: 1, reason: 'x' },
    });
    expectStatus(refund, 409);
    expectErrorShape(refund.body, 'wallet_suspended');

    const lifted = await admin().call(contract.updateMerchantWallet, {
      params: { merchant_id: shop.id, currency_code: 'GHS' },
      body: { status: 'active' },
    });
    expectStatus(lifted, 200);
    expect((await setStatus(shop, 'GHS', 'frozen')).status).toBe(200);
    const events = await walletEvents((await walletRow(shop.id, 'GHS')).id);
    expect(events.filter((e) => e.event_type === 'wallet.status_changed').map((e) => e.data.status)).toEqual([
      'suspended',
      'active',
      'frozen',
    ]);
  });
});
