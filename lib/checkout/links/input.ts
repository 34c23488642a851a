import { z } from 'zod';
import { requiredText } from '../../platform/http/text-input';
import { documentedAlso, documentedVariants, exclusiveVariants } from '../../platform/documented';
import { amountNumber } from '../../platform/money/amount';
import { currencyInput } from '../../platform/http/money-input';
import { readMoney } from '../../platform/money/money';
import { pageQuery } from '../../platform/http/paging';
import { timestampInput } from '../../platform/http/timestamp-input';

/**
 * Inputs of reusable payment links (docs/decisions/payment-links.md). Amounts arrive in major units
 * and leave here as minor units of the link's currency, refused by the same rules as a checkout's
 * (decimals, positive, the largest amount).
 */

export const PAYMENT_LINK_LIMITS = { maxPayments: 1_000_000, description: 500 } as const;

/** The longest a link may run when it has an end date (5 years). */
export const MAX_PAYMENT_LINK_DAYS = 1826;

const description = requiredText(PAYMENT_LINK_LIMITS.description, { type: 'must be text' });

const endsAt = timestampInput
  .refine((d) => d.getTime() - Date.now() >= 5 * 60_000, 'must be at least 5 minutes in the future')
  .refine(
    (d) => d.getTime() - Date.now() <= MAX_PAYMENT_LINK_DAYS * 86_400_000,
    `must be at most ${MAX_PAYMENT_LINK_DAYS} days ahead`,
  )
  .nullish()
  .meta({ description: `When the link stops taking payments (UTC when no offset). null or absent: no end date.` });

const maxPayments = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(PAYMENT_LINK_LIMITS.maxPayments, `must be at most ${PAYMENT_LINK_LIMITS.maxPayments}`)
  .nullish()
  .meta({ description: 'How many paid checkouts the link takes before it is full. null or absent: no limit.' });

const collectEmail = z
  .boolean({ error: 'must be true or false' })
  .optional()
  .meta({ description: "Ask the customer's email on the link's page (then required). Default false." });

const fixedAmount = amountNumber.meta({
  description: 'A fixed amount (major units). Absent: the customer chooses the amount.',
});
const chosenBounds = {
  min_amount: amountNumber
    .optional()
    .meta({ description: 'Only without `amount`: the least the customer may pay (major units).' }),
  max_amount: amountNumber.optional().meta({
    description:
      'Only without `amount`: the most the customer may pay (major units); must not be less than min_amount.',
  }),
};
const linkFields = {
  currency_code: currencyInput,
  description: description.meta({ description: 'What the customer pays for: shown on the page and the checkout' }),
  collect_customer_email: collectEmail,
  ends_at: endsAt,
  max_payments: maxPayments,
};

/** A fixed amount, or the customer's between optional bounds: the document shows the two as `oneOf`. */
const createPaymentLinkObject = z
  .strictObject({ amount: fixedAmount.optional(), ...chosenBounds, ...linkFields })
  .transform((v, ctx) => {
    const currency = v.currency_code;
    let refused = false;
    const minor = (value: number | undefined, field: string): bigint | null => {
      if (value === undefined) return null;
      const money = readMoney(value, currency);
      if ('minor' in money) return money.minor;
      ctx.addIssue({ code: 'custom', path: [field], message: money.problem });
      refused = true;
      return null;
    };
    if (v.amount !== undefined && (v.min_amount !== undefined || v.max_amount !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.min_amount !== undefined ? 'min_amount' : 'max_amount'],
        message: 'only for a link whose customer chooses the amount (without amount)',
      });
      return z.NEVER;
    }
    const amount = minor(v.amount, 'amount');
    const minAmount = minor(v.min_amount, 'min_amount');
    const maxAmount = minor(v.max_amount, 'max_amount');
    if (refused) return z.NEVER;
    if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) {
      ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'must not be less than min_amount' });
      return z.NEVER;
    }
    return { ...v, currency, amount, minAmount, maxAmount };
  });
export const createPaymentLinkInput = documentedVariants(
  createPaymentLinkObject,
  exclusiveVariants([
    z.strictObject({ amount: fixedAmount, ...linkFields }),
    z.strictObject({ ...chosenBounds, ...linkFields }),
  ]),
);
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkInput>;

export const updatePaymentLinkInput = documentedAlso(
  z
    .strictObject({
      description: description.optional(),
      active: z
        .boolean({ error: 'must be true or false' })
        .optional()
        .meta({ description: 'false: the link stops taking payments (its page says so); true: it takes them again' }),
      collect_customer_email: collectEmail,
      ends_at: endsAt,
      max_payments: maxPayments,
    })
    .refine((v) => Object.keys(v).length > 0, 'must change at least one field'),
  { minProperties: 1 },
);
export type UpdatePaymentLinkInput = z.output<typeof updatePaymentLinkInput>;

export const listPaymentLinksQuery = z.strictObject(pageQuery(20));

export const paymentLinkIdParams = z.strictObject({ payment_link_id: z.uuid({ error: 'must be a UUID' }) });
