import type { conversionQuotes, conversions } from '../../platform/db/schema';
import { toMajorUnits } from '../../platform/money/amount';
import { formatTimestamp } from '../../platform/time';
import type { Conversion, ConversionQuote } from './contract';

type Priced = Pick<
  typeof conversions.$inferSelect,
  'fromCurrency' | 'toCurrency' | 'fromAmount' | 'feeAmount' | 'toAmount' | 'rate'
>;

function amounts(c: Priced) {
  const from = c.fromCurrency;
  return {
    from_currency: from,
    to_currency: c.toCurrency,
    from_amount: toMajorUnits(c.fromAmount, from),
    fee_amount: toMajorUnits(c.feeAmount, from),
    to_amount: toMajorUnits(c.toAmount, c.toCurrency),
    /** Units of to_currency per unit of from_currency (exact decimal text). */
    rate: c.rate,
  };
}

export function presentQuote(q: typeof conversionQuotes.$inferSelect): ConversionQuote {
  return {
    quote_id: q.id,
    ...amounts(q),
    expires_at: formatTimestamp(q.expiresAt),
    used: q.usedAt !== null,
    created_at: formatTimestamp(q.createdAt),
  };
}

export function presentConversion(c: typeof conversions.$inferSelect): Conversion {
  return {
    conversion_id: c.id,
    merchant_id: c.merchantId,
    quote_id: c.quoteId,
    ...amounts(c),
    status: c.status,
    idempotency_key: c.idempotencyKey,
    created_at: formatTimestamp(c.createdAt),
  };
}
