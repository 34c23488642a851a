import { contract } from '../../../support/contract';
import type { Merchant } from '../../../support/fixtures';
import type { ActionCase } from './world';

const aLink = async (merchant: Merchant, active = true) => {
  const id = (
    await merchant.ok(contract.createPaymentLink, {
      body: { amount: 40, currency_code: 'GHS', description: 'Haircut' },
    })
  ).body.data.id;
  if (!active)
    await merchant.ok(contract.updatePaymentLink, { params: { payment_link_id: id }, body: { active: false } });
  return id;
};

export const PAYMENT_LINK_CASES = {
  createPaymentLink: {
    // An open amount with bounds, typed as people type them.
    valid: () => ({
      description: 'School fees, term 2',
      amount_kind: 'open',
      amount: '',
      min_amount: '50',
      max_amount: '1 500,50',
      currency_code: 'GHS',
      collect_customer_email: 'on',
      ends_at: '',
      max_payments: '300',
    }),
    foreign: null,
  },
  editPaymentLink: {
    // Its end date removed (left empty), a limit set, the email asked, a new description.
    valid: async ({ merchant }) => ({
      payment_link_id: await aLink(merchant),
      description: 'Haircut and wash',
      collect_customer_email: 'on',
      ends_at: '',
      ends_at_was: '',
      max_payments: '25',
    }),
    foreign: async ({ other }) => ({
      payment_link_id: await aLink(other),
      description: 'Taken over',
      ends_at: '',
      ends_at_was: '',
      max_payments: '',
    }),
  },
  deactivatePaymentLink: {
    valid: async ({ merchant }) => ({ payment_link_id: await aLink(merchant) }),
    foreign: async ({ other }) => ({ payment_link_id: await aLink(other) }),
  },
  reactivatePaymentLink: {
    valid: async ({ merchant }) => ({ payment_link_id: await aLink(merchant, false) }),
    foreign: async ({ other }) => ({ payment_link_id: await aLink(other, false) }),
  },
} satisfies Record<string, ActionCase>;
