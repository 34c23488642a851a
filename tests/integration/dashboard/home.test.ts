import { describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { homeView, lastDays, periodOf } from '../../../lib/surfaces/dashboard/views/home';
import { contract } from '../../support/contract';
import { hostedPage, liveKeyOf, minimalCheckout, newMerchant, paidCheckout, tenantOf } from '../../support/fixtures';
import { runJobsNow } from '../../support/jobs';
import { testSql } from '../../support/database';

const sql = testSql();

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
    // One paid through the hosted page by mobile money: a payment attempt, processing then succeeded.
    const byPhone = (await merchant.ok(contract.createCheckout, { body: { ...minimalCheckout, amount: 5 } })).body.data;
    const { page } = hostedPage(byPhone);
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '024 123 4567' } });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    await merchant.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/h', events: ['*'] } });

    const view = await homeView(getDb(), await tenantOf(merchant.id, 'test'));
    expect(view.volume).toHaveLength(1);
    expect(view.volume[0]).toMatchObject({ currency: 'GHS', amount: 24.75, payments: 3 });
    expect(view.recent.map((r) => [r.type, r.amount])).toEqual([
      ['deposit', 5],
      ['deposit', 7.25],
      ['deposit', 12.5],
    ]);
    // Transfers simulated straight to the reference make no attempt; the phone payment made one.
    expect(view.successRate).toBe(1);
    expect(view.attemptsFinished).toBe(1);
    expect(view.attention).toEqual({ awaitingApproval: 0, failedPayouts: 0, failingWebhooks: 0 });

    // The daily figures are kept by triggers: they equal a count of the rows themselves.
    const kept =
      await sql`select tenant_id, kind, key, n, amount::text from tenant_daily_stats where n <> 0 order by 1, 2, 3`;
    const counted = await sql`
      select tenant_id, 'deposit' as kind, currency_code as key, count(*)::bigint as n, sum(amount)::text as amount
        from customer_transactions where transaction_type = 'deposit' group by tenant_id, currency_code
      union all
      select tenant_id, 'attempt', status, count(*)::bigint, '0' from payment_attempts group by tenant_id, status
      order by 1, 2, 3`;
    expect(kept).toEqual(counted);

    await liveKeyOf(merchant);
    const live = await homeView(getDb(), await tenantOf(merchant.id, 'live'));
    expect(live.volume).toEqual([]);
    expect(live.recent).toEqual([]);
    expect(live.successRate).toBeNull();
  });

  it('keeps one series per currency over the chosen period, every day filled', async () => {
    const merchant = await newMerchant({ name: 'Two Currencies' });
    await paidCheckout(merchant, { amount: 10.1, currency_code: 'GHS' });
    await paidCheckout(merchant, { amount: 0.2, currency_code: 'GHS' });
    await paidCheckout(merchant, { amount: 1500, currency_code: 'NGN' });
    const tenant = await tenantOf(merchant.id, 'test');

    for (const period of [7, 30, 90] as const) {
      const view = await homeView(getDb(), tenant, period);
      expect(view.period).toBe(period);
      expect(view.days).toHaveLength(period);
      expect(view.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
      // GHS has two payments, NGN one: the busier currency first; never one series for both.
      expect(view.series.map((s) => [s.currency, s.total, s.payments])).toEqual([
        ['GHS', 10.3, 2],
        ['NGN', 1500, 1],
      ]);
      for (const s of view.series) {
        expect(s.days.map((d) => d.day)).toEqual(view.days);
        expect(s.days.slice(0, -1).every((d) => d.amount === 0 && d.payments === 0)).toBe(true);
      }
    }
  });

  it('reads the period from the address: 7, 30 or 90 days, else 30', () => {
    expect([periodOf('7'), periodOf(['90', '7']), periodOf('30')]).toEqual([7, 90, 30]);
    expect([periodOf(undefined), periodOf('14'), periodOf('7.0x'), periodOf('-7')]).toEqual([30, 30, 30, 30]);
    expect(lastDays(3, new Date('2026-03-01T23:59:00Z'))).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});
