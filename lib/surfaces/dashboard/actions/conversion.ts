import * as contract from '../../../books/conversion/contract';
import { convertWithQuote, createQuote } from '../../../books/conversion/convert';
import { convertInput, quoteInput } from '../../../books/conversion/input';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction } from '../perform';
import { permissionOf } from './operation-permission';

/**
 * Conversion between the business's own wallets: a quote (nothing moves; it shows the rate, the fee
 * and until when it holds), then converting with it. The quote's id is the idempotency key, so a
 * form sent twice converts once.
 */
export const CONVERSION_ACTIONS = {
  createConversionQuote: {
    name: 'conversion.quote',
    allowed: permissionOf(contract.createConversionQuote),
    read: (form) =>
      validate(quoteInput, {
        from_currency: form.from_currency,
        to_currency: form.to_currency,
        amount: form.amount === '' || form.amount === undefined ? undefined : Number(form.amount),
      }),
    run: (ctx, input) => createQuote(ctx, input),
    // A quote moves nothing and expires by itself: no audit line.
    audit: null,
  } satisfies DashboardAction<ReturnType<typeof quoteInput.parse>, Awaited<ReturnType<typeof createQuote>>>,

  convertCurrency: {
    name: 'conversion.convert',
    allowed: permissionOf(contract.convertCurrency),
    read: (form) =>
      validate(convertInput, { quote_id: form.quote_id, idempotency_key: `dashboard-${form.quote_id ?? ''}` }),
    run: (ctx, input) => convertWithQuote(ctx, input),
    audit: ({ quote_id }, { conversion: c }) => ({
      target: c.conversion_id,
      details: { quote_id, from: `${c.from_amount} ${c.from_currency}`, to: `${c.to_amount} ${c.to_currency}` },
    }),
  } satisfies DashboardAction<
    { quote_id: string; idempotency_key: string },
    Awaited<ReturnType<typeof convertWithQuote>>
  >,
};
