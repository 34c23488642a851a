import { z } from 'zod';
import { requiredText } from '../platform/http/text-input';
import { documentedAlso } from '../platform/documented';
import { amountNumber } from '../platform/money/amount';
import { caseInsensitiveEnum, integerParam } from '../platform/http/paging';
import { rangeBoundInput } from '../platform/http/timestamp-input';
import { CHECKOUT_STATUSES } from '../platform/vocabulary';
import { phoneNumber } from '../platform/http/phone-number';
import { currencyInput, moneyIn } from '../platform/http/money-input';

export const META_DATA_LIMITS = { keys: 50, keyLength: 40, valueLength: 500 } as const;

/** Free text that is absent when blank: "   " is stored and shown as null (spec 2.1), never "". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullish();

export const createCheckoutInput = z
  .strictObject({
    customer_email: z.email({ error: 'must be an email address' }).max(254),
    amount: amountNumber,
    currency_code: currencyInput,
    customer_name: optionalText(200),
    customer_phone: phoneNumber.nullish(),
    customer_phone_editable: z.boolean({ error: 'must be true or false' }).optional(),
    description: optionalText(500),
    expires_in_minutes: z
      .number({ error: 'must be a whole number of minutes' })
      .int('must be a whole number of minutes')
      .min(5, 'must be at least 5')
      .max(10080, 'must be at most 10080 (7 days)')
      .optional(),
    meta_data: documentedAlso(
      z
        .record(
          z
            .string()
            .min(1, 'keys must not be empty')
            .max(META_DATA_LIMITS.keyLength, `keys must be at most ${META_DATA_LIMITS.keyLength} characters`),
          z
            .string({ error: 'values must be strings' })
            .max(META_DATA_LIMITS.valueLength, `values must be at most ${META_DATA_LIMITS.valueLength} characters`),
          { error: 'must be an object of string values' },
        )
        .refine(
          (m) => Object.keys(m).length <= META_DATA_LIMITS.keys,
          `must have at most ${META_DATA_LIMITS.keys} keys`,
        ),
      { maxProperties: META_DATA_LIMITS.keys },
    ).nullish(),
  })
  // Amount and currency become one Money here: the verb never holds one without the other.
  .transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.currency_code) }));

export type CreateCheckoutInput = z.output<typeof createCheckoutInput>;

export const CHECKOUT_LIST_LIMITS = { default: 20, max: 100 } as const;

export const listCheckoutsQuery = z
  .strictObject({
    limit: integerParam('limit', 1, CHECKOUT_LIST_LIMITS.max, CHECKOUT_LIST_LIMITS.default),
    offset: integerParam('offset', 0, 1_000_000, 0),
    status: caseInsensitiveEnum(CHECKOUT_STATUSES).optional(),
    payment_reference: documentedAlso(
      z
        .string()
        .transform((v) => v.trim().toUpperCase())
        .pipe(z.string().regex(/^PAY-[0-9A-Z]{16}$/, 'must be a payment reference (PAY- and 16 letters or digits)')),
      { pattern: '^\\s*[Pp][Aa][Yy]-[0-9A-Za-z]{16}\\s*$' },
    ).optional(),
    customer_email: requiredText(254).optional(),
    created_from: rangeBoundInput('start').optional(),
    created_to: rangeBoundInput('end').optional(),
  })
  .refine((q) => !q.created_from || !q.created_to || q.created_from <= q.created_to, {
    path: ['created_to'],
    message: 'must not be before created_from',
  });
export type ListCheckoutsQuery = z.output<typeof listCheckoutsQuery>;

export const checkoutIdParams = z.strictObject({ checkout_id: z.uuid({ error: 'must be a UUID' }) });
