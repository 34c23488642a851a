import { describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { homeView } from '../../../lib/surfaces/dashboard/views/home';
import { contract } from '../../support/contract';
import { liveKeyOf, newMerchant, paidCheckout, tenantOf } from '../../support/fixtures';

/**
 * The home's figures come from one tenant only: a payment of one merchant shows in its test mode's
 * volume and activity, never in another merchant's, nor in its own live mode.
 */
describe("the dashboard's home", () => {
  it("counts the tenant's own payments, and nothing of another merchant or the other mode", async () => {
    const merchant = await newMerchant();
    const other = await newMerchant({ name: 'Other Shop' });
    await paidCheckout(merchant, { amount: 12.5, currency_code: 'GHS' });
    await paidCheckout(merchant, { amount: 7.25, currency_code: 'GHS' });
    await paidCheckout(other, { amount: 99, currency_code: 'GHS' });
    await merchant.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/h', events: ['*'] } });

    const view = await homeView(getDb(), await tenantOf(merchant.id, 'test'));
    expect(view.volume).toHaveLength(1);
    expect(view.volume[0]).toMatchObject({ currency: 'GHS', amount: 19.75, payments: 2 });
    expect(view.recent.map((r) => [r.type, r.amount])).toEqual([
      ['deposit', 7.25],
      ['deposit', 12.5],
    ]);
    // Transfers simulated straight to the reference, without the hosted page, make no attempt to count.
    expect(view.successRate).toBeNull();
    expect(view.attention).toEqual({ awaitingApproval: 0, failedPayouts: 0, failingWebhooks: 0 });

    await liveKeyOf(merchant);
    const live = await homeView(getDb(), await tenantOf(merchant.id, 'live'));
    expect(live.volume).toEqual([]);
    expect(live.recent).toEqual([]);
    expect(live.successRate).toBeNull();
  });
});
