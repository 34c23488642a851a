import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { refundableOfCheckout } from '../../../lib/books/refunds';
import { checkoutListView } from '../../../lib/surfaces/dashboard/views/checkout-list';
import { sql } from 'drizzle-orm';
import { getDb } from '../../../lib/platform/db/client';
import { minimalCheckout, newMerchant, paidCheckout, tenantOf, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { memberOf, steppedUp, type Member } from '../../support/members';

/**
 * Refunds from a checkout's page: the API's verb and its refusals (more than is left, a checkout not
 * paid), the amount typed as people type it, what the page reads as left to refund, and the whole
 * remaining amount only when chosen (an empty amount alone is refused).
 */
describe('refunding a checkout from the dashboard', () => {
  let merchant: Merchant;
  let owner: Member;
  beforeAll(async () => {
    merchant = await newMerchant({ name: 'Refund Shop' });
    owner = await memberOf(merchant.id, 'owner');
  });
  // Each call is a newly rendered form (its own key), by an owner who gave a second factor just now.
  const refund = async (form: Record<string, string>, formKey: string = crypto.randomUUID()) => {
    await steppedUp(owner);
    return runDashboardAction('refundCheckout', owner.headers(), { mode: 'test', form_key: formKey, ...form });
  };

  it('refunds part, then the rest; more than is left is refused and changes nothing', async () => {
    // Another payment in the wallet pays for the fee, which a refund does not get back.
    await paidCheckout(merchant, { amount: 100 });
    const { checkout } = await paidCheckout(merchant, { amount: 1250.5 });
    const tenant = await tenantOf(merchant.id, 'test');
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(125050n);

    const part = await refund({ checkout_id: checkout.id, amount: '1,000.25', reason: 'Two items returned' });
    expect(part).toMatchObject({ ok: true, data: { transaction_type: 'refund', amount: 1000.25 } });
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(25025n);
    // The list shows it beside the status; the checkout's own status stays the API's.
    const listed = async () => (await checkoutListView(getDb(), tenant, { q: checkout.id })).refunds[checkout.id];
    expect(await listed()).toBe('partially_refunded');
    expect((await merchant.ok(contract.getCheckout, { params: { checkout_id: checkout.id } })).body.data.status).toBe(
      'paid',
    );

    const tooMuch = await refund({ checkout_id: checkout.id, amount: '300', reason: 'Again' });
    expect(tooMuch).toMatchObject({ ok: false, code: 'refund_exceeds_deposit' });
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(25025n);

    const rest = await refund({ checkout_id: checkout.id, amount: '', refund_whole: 'yes', reason: 'Order cancelled' });
    expect(rest).toMatchObject({ ok: true, data: { amount: 250.25 } });
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(0n);
    expect(await listed()).toBe('refunded');
    expect(await refund({ checkout_id: checkout.id, refund_whole: 'yes', reason: 'Once more' })).toMatchObject({
      ok: false,
      code: 'already_refunded',
    });
  });

  it("refuses a checkout that was not paid, and a refund without a reason, in the API's words", async () => {
    const pending = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    expect(await refund({ checkout_id: pending.id, refund_whole: 'yes', reason: 'x' })).toMatchObject({
      ok: false,
      code: 'checkout_not_paid',
    });
    const { checkout } = await paidCheckout(merchant, { amount: 10 });
    const noReason = await refund({ checkout_id: checkout.id, refund_whole: 'yes', reason: ' ' });
    expect(noReason).toMatchObject({ ok: false, code: 'validation_error', fields: [{ field: 'reason' }] });
    expect(await refundableOfCheckout(getDb(), await tenantOf(merchant.id, 'test'), checkout.id)).toBe(1000n);
  });

  it('refunds once per rendered form: five parallel posts and a click again make one refund', async () => {
    const { checkout } = await paidCheckout(merchant, { amount: 80 });
    const form = { checkout_id: checkout.id, amount: '30', reason: 'One item returned' };
    const key = crypto.randomUUID();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => refund(form, key)));
    const done = outcomes.filter((o) => o.ok);
    // The others were refused while the first ran (the form is being sent), or got its answer.
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const o of outcomes) if (!o.ok) expect(o.code).toBe('idempotency_key_in_use');
    const again = await refund(form, key);
    expect(again).toMatchObject({ ok: true, data: { amount: 30 } });
    const ids = new Set(
      [...done, again].map((o) => (o.ok ? (o.data as { transaction_id: string }).transaction_id : '')),
    );
    expect(ids.size).toBe(1);
    const tenant = await tenantOf(merchant.id, 'test');
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(5000n);
    // A form without its key (a page from before this rule) is refused, and refunds nothing.
    const keyless = await runDashboardAction('refundCheckout', owner.headers(), { mode: 'test', ...form });
    expect(keyless).toMatchObject({ ok: false, code: 'validation_error', fields: [{ field: 'form_key' }] });
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(5000n);
  });

  it('refuses an empty amount unless the whole remaining amount was chosen, and both at once; nothing moves', async () => {
    const { checkout } = await paidCheckout(merchant, { amount: 60 });
    const tenant = await tenantOf(merchant.id, 'test');
    const forgotten = await refund({ checkout_id: checkout.id, amount: ' ', reason: 'Damaged' });
    expect(forgotten).toMatchObject({
      ok: false,
      code: 'validation_error',
      fields: [{ field: 'amount', message: 'Type the amount to refund, or choose the whole remaining amount' }],
    });
    const both = await refund({ checkout_id: checkout.id, amount: '10', refund_whole: 'yes', reason: 'Damaged' });
    expect(both).toMatchObject({ ok: false, code: 'validation_error', fields: [{ field: 'amount' }] });
    const rows = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from customer_transactions where transaction_type = 'refund' and checkout_session_id = ${checkout.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(6000n);
    // Chosen, it is all that is left.
    const whole = await refund({ checkout_id: checkout.id, refund_whole: 'yes', reason: 'Damaged' });
    expect(whole).toMatchObject({ ok: true, data: { amount: 60 } });
    expect(await refundableOfCheckout(getDb(), tenant, checkout.id)).toBe(0n);
  });
});
