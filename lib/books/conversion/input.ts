import { z } from 'zod';
import { amountNumber } from '../../platform/money/amount';
import { caseInsensitiveEnum, pageQuery } from '../../platform/http/paging';
import { currencyInput, moneyIn } from '../../platform/http/money-input';

const currencyCode = currencyInput;

export const quoteInput = z
  .strictObject({
    from_currency: currencyCode,
    to_currency: currencyCode.meta({ description: 'The currency to convert into: must differ from `from_currency`' }),
    amount: amountNumber,
  })
  .refine((v) => v.from_currency !== v.to_currency, {
    path: ['to_currency'],
    message: 'must differ from from_currency',
  })
  .transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.from_currency) }));

export const convertInput = z.strictObject({
  quote_id: z.uuid({ error: 'must be a UUID' }),
  idempotency_key: z
    .string({ error: 'is required' })
    .regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters'),
});

export const CONVERSION_STATUSES = ['completed'] as const;

export const listConversionsQuery = z.strictObject({
  from_currency: currencyCode.optional(),
  to_currency: currencyCode.optional(),
  status: caseInsensitiveEnum(CONVERSION_STATUSES).optional(),
  ...pageQuery(50),
});

export const conversionIdParams = z.strictObject({ conversion_id: z.uuid({ error: 'must be a UUID' }) });
