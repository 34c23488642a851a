import { describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { gettingStarted } from '../../../lib/surfaces/dashboard/views/getting-started';
import { contract } from '../../support/contract';
import { newMerchant, paidCheckout } from '../../support/fixtures';
import { memberOf } from '../../support/members';
import { applyFully } from '../go-live/helpers';

const person = { emailVerified: true, twoFactor: true };
const left = async (merchantId: string) =>
  (await gettingStarted(getDb(), merchantId, person)).steps.filter((s) => !s.done).map((s) => s.step);

/**
 * The home's getting-started checklist: each step is ticked by what the business really did, in
 * either mode, and never by another business; once all are done the list is complete (and hidden).
 */
describe("the home's getting-started checklist", () => {
  it('ticks each step from what the business did, and nothing from another business', async () => {
    const merchant = await newMerchant();
    const other = await newMerchant({ name: 'Other Shop' });
    expect(await left(merchant.id)).toEqual(['branding', 'payment_link', 'first_payment', 'webhook', 'go_live']);
    expect(
      (await gettingStarted(getDb(), merchant.id, { emailVerified: true, twoFactor: false })).steps.find(
        (s) => s.step === 'two_factor',
      )?.done,
    ).toBe(false);

    // Another business doing everything ticks nothing here.
    await other.ok(contract.updateBranding, { body: { display_name: 'Other' } });
    await other.ok(contract.createPaymentLink, {
      body: { currency_code: 'GHS', description: 'Haircut', amount: 40 },
    });
    await paidCheckout(other, { amount: 5, currency_code: 'GHS' });
    await other.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/h', events: ['*'] } });
    expect(await left(merchant.id)).toHaveLength(5);

    await merchant.ok(contract.updateBranding, { body: { display_name: 'Ama Foods' } });
    await merchant.ok(contract.createPaymentLink, {
      body: { currency_code: 'GHS', description: 'Haircut', amount: 40 },
    });
    expect(await left(merchant.id)).toEqual(['first_payment', 'webhook', 'go_live']);
    await paidCheckout(merchant, { amount: 5, currency_code: 'GHS' });
    await merchant.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/h', events: ['*'] } });
    expect(await left(merchant.id)).toEqual(['go_live']);

    const owner = await memberOf(merchant.id, 'owner');
    await applyFully(owner);
    const done = await gettingStarted(getDb(), merchant.id, person);
    expect(done.complete).toBe(true);
  });
});
