import { contract } from '../../../support/contract';
import { minimalCheckout, paidCheckout, type Merchant } from '../../../support/fixtures';
import { aFormKey, type ActionCase } from './world';

/** A pending checkout made through the API: a fresh one each time, as cancelling uses it up. */
const aPendingCheckout = async (merchant: Merchant) =>
  (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data.id;

/** A checkout paid in full (a fresh one each time, as a full refund uses it up), and why it goes back. */
const aRefund = async (merchant: Merchant) => ({
  checkout_id: (await paidCheckout(merchant, { amount: 40 })).checkout.id,
  reason: 'Out of stock',
  refund_whole: 'yes',
  ...aFormKey(),
});

export const CHECKOUT_CASES = {
  createCheckout: {
    valid: () => ({
      customer_email: 'ama@example.com',
      amount: '125,50',
      currency_code: 'GHS',
      description: 'Kente cloth, 2 yards',
      meta_data: 'order_id=ORD-1042',
    }),
    foreign: null,
  },
  cancelCheckout: {
    valid: async ({ merchant }) => ({ checkout_id: await aPendingCheckout(merchant) }),
    foreign: async ({ other }) => ({ checkout_id: await aPendingCheckout(other) }),
  },
  refundCheckout: {
    valid: ({ merchant }) => aRefund(merchant),
    foreign: ({ other }) => aRefund(other),
  },
} satisfies Record<string, ActionCase>;
