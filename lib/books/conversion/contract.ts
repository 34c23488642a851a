import { z } from 'zod';
import { needs } from '../../access/permissions';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, timestamp, uuidField } from '../../platform/http/shapes';
import { CONVERSION_STATUSES, conversionIdParams, convertInput, listConversionsQuery, quoteInput } from './input';

/** The priced amounts a quote and a conversion share. */
const priced = {
  from_currency: currencyCode.meta({ description: 'The wallet money leaves' }),
  to_currency: currencyCode.meta({ description: 'The wallet money arrives in' }),
  from_amount: amount.meta({ description: "Taken from the from_currency wallet's available balance, fee included" }),
  fee_amount: amount.meta({ description: 'Our fee, in from_currency, part of from_amount' }),
  to_amount: amount.meta({
    description: 'Added to the to_currency wallet: (from_amount − fee_amount) × rate, rounded down to the minor unit',
  }),
  rate: z.string().meta({
    description: 'Units of to_currency per unit of from_currency, as exact decimal text (10 decimals, rounded down)',
    example: '0.0645161290',
  }),
};

export const conversionQuoteSchema = named(
  'ConversionQuote',
  z.object({
    quote_id: uuidField,
    ...priced,
    expires_at: timestamp.meta({ description: 'Convert before this moment (UTC); later it is a 409 `quote_expired`' }),
    used: z.boolean().meta({ description: 'A quote converts once' }),
    created_at: timestamp,
  }),
);
export type ConversionQuote = z.infer<typeof conversionQuoteSchema>;

export const conversionSchema = named(
  'Conversion',
  z.object({
    conversion_id: uuidField,
    merchant_id: uuidField,
    quote_id: uuidField,
    ...priced,
    status: z
      .enum(CONVERSION_STATUSES)
      .meta({ description: 'A conversion is carried out at once: always `completed`' }),
    idempotency_key: z.string().meta({ description: "The request's `idempotency_key`" }),
    created_at: timestamp,
  }),
);
export type Conversion = z.infer<typeof conversionSchema>;

export const createConversionQuote = operation({
  operationId: 'createConversionQuote',
  method: 'POST',
  path: '/api/v1/merchants/conversion/quote',
  tag: 'Conversion',
  summary: 'Quote a conversion',
  description:
    "Prices converting `amount` of `from_currency` into `to_currency`: the conversion fee is taken from the amount and the rest is converted at the rate table's cross rate. Nothing moves yet; the quote is good once, until `expires_at`. An amount that buys less than the smallest unit of `to_currency` is a 422.",
  security: 'apiKey',
  permission: needs.write,
  body: quoteInput,
  data: conversionQuoteSchema,
  example: { body: { from_currency: 'GHS', to_currency: 'USD', amount: 500 } },
});

export const convertCurrency = operation({
  operationId: 'convertCurrency',
  method: 'POST',
  path: '/api/v1/merchants/conversion',
  tag: 'Conversion',
  summary: 'Convert with a quote',
  description:
    "Carries out a quote between two of the merchant's wallets (available balances) and records `conversion.completed`. The body's `idempotency_key` makes retries safe: the same key with the same quote answers the first conversion again (`Idempotent-Replayed: true`); with another quote it is a 422. 404 for an unknown quote; 409 `quote_used`, `quote_expired`, `insufficient_funds`, `wallet_frozen` or `wallet_suspended`.",
  security: 'apiKey',
  permission: needs.write,
  body: convertInput,
  data: conversionSchema,
  errors: [404, 409],
  example: { body: { quote_id: '3f1c9a52-7a8e-4d1b-9f0e-2a6b8c4d1e7f', idempotency_key: 'convert-ORD-1042' } },
});

export const listConversions = operation({
  operationId: 'listConversions',
  method: 'GET',
  path: '/api/v1/merchants/conversion',
  tag: 'Conversion',
  summary: 'List conversions',
  description: 'Newest first.',
  security: 'apiKey',
  permission: needs.read,
  query: listConversionsQuery,
  data: z.array(conversionSchema),
  paginated: true,
});

export const getConversion = operation({
  operationId: 'getConversion',
  method: 'GET',
  path: '/api/v1/merchants/conversion/{conversion_id}',
  tag: 'Conversion',
  summary: 'Get conversion',
  description: "Another merchant's id is a 404.",
  security: 'apiKey',
  permission: needs.read,
  params: conversionIdParams,
  data: conversionSchema,
});
