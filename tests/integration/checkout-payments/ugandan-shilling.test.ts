import { describe, expect, it } from 'vitest';
import { runJobsNow } from '../../support/jobs';
import { expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { sql, checkoutWithPage, eventsOf } from './helpers';

describe('UGX in test mode (the sandbox)', () => {
  it('offers Airtel Money and MTN MoMo Uganda, and pays whole shillings through the one pipeline', async () => {
    const { checkout, page, merchant } = await checkoutWithPage({ amount: 5000, currency_code: 'UGX' });
    const session = (await page.ok(contract.getCheckoutSession)).body.data;
    const mobile = session.methods.find((m) => m.method === 'mobile_money')!;
    expect(mobile.networks.map((n) => [n.id, n.country, n.country_calling_code])).toEqual([
      ['airtel_money', 'UG', '256'],
      ['mtn_momo', 'UG', '256'],
    ]);
    // An MTN number is not an Airtel one.
    const wrong = await page.call(contract.startMobileMoneyPayment, {
      body: { network: 'airtel_money', phone: '0772 123 456' },
    });
    expectStatus(wrong, 422);
    const started = await page.ok(contract.startMobileMoneyPayment, {
      body: { network: 'airtel_money', phone: '0700 125 555' },
    });
    expect(started.body.data.latest_attempt).toMatchObject({ network: 'airtel_money', phone: '+256 ••• ••• 555' });
    const [attempt] = await sql`select provider, amount from payment_attempts where checkout_id = ${checkout.id}`;
    expect(attempt).toMatchObject({ provider: 'sandbox_mobile_money', amount: '5000' });

    await runJobsNow(['rail_request_payment', 'sandbox_mobile_money_outcome']);
    expect((await page.ok(contract.getCheckoutSessionStatus)).body.data.status).toBe('paid');
    const [collection] = await sql`select amount, method from collections where checkout_id = ${checkout.id}`;
    expect(collection).toMatchObject({ amount: '5000', method: 'mobile_money' });
    expect(await eventsOf(checkout.id)).toEqual(['checkout.created', 'checkout.processing', 'checkout.paid']);
    // The deposit lands in the UGX wallet (net of the 1.5 % fee: 75 shillings, no minor unit).
    const wallet = (await merchant.ok(contract.getWallet, { params: { currency_code: 'UGX' } })).body.data;
    expect(wallet).toMatchObject({ currency_name: 'UGX', holding_balance: 4925 });
  });

  it('refuses shillings with cents (UGX has no minor unit)', async () => {
    const merchant = (await checkoutWithPage()).merchant;
    const res = await merchant.call(contract.createCheckout, {
      body: { customer_email: 'ada@example.com', amount: 5000.5, currency_code: 'UGX' },
    });
    expectStatus(res, 422);
  });
});
