import { contract } from '../../../support/contract';
import { paidCheckout, settleEverything, type Merchant } from '../../../support/fixtures';
import type { ActionCase } from './world';

/** Money available in GHS (a paid, settled checkout), then a quote to convert some of it into USD. */
const funded = new Map<string, Promise<unknown>>();
const fund = (merchant: Merchant) => {
  if (!funded.has(merchant.id))
    funded.set(
      merchant.id,
      paidCheckout(merchant, { amount: 500, currency_code: 'GHS' }).then(() => settleEverything(merchant.id)),
    );
  return funded.get(merchant.id)!;
};
const aQuote = async (merchant: Merchant) => {
  await fund(merchant);
  const quote = await merchant.ok(contract.createConversionQuote, {
    body: { from_currency: 'GHS', to_currency: 'USD', amount: 10 },
  });
  return quote.body.data.quote_id;
};

export const CONVERSION_CASES = {
  createConversionQuote: {
    valid: () => ({ from_currency: 'GHS', to_currency: 'USD', amount: '25.50' }),
    foreign: null,
  },
  convertCurrency: {
    valid: async ({ merchant }) => ({ quote_id: await aQuote(merchant) }),
    foreign: async ({ other }) => ({ quote_id: await aQuote(other) }),
  },
} satisfies Record<string, ActionCase>;
