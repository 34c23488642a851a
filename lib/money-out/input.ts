import { z } from 'zod';
import { PAYOUT_STATUSES } from '../platform/vocabulary';
import { amountNumber } from '../platform/money/amount';
import { caseInsensitiveEnum, pageQuery } from '../platform/http/paging';
import { currencyInput, moneyIn } from '../platform/http/money-input';
import { freeFormObject } from '../platform/http/free-form';
import { networkProvider } from '../rails/payout-destination';

const text = (max: number) => z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(max);
const optionalText = (max: number) => text(max).optional();

export const PAYOUT_TYPES = ['bank_transfer', 'mobile_money'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

/** Spec 4.8 recipient_details, by payout_type. */
export const bankRecipient = z.strictObject({
  recipient_name: text(200),
  bank_account_number: z
    .string({ error: 'must be a string' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^[A-Za-z0-9]{4,34}$/.test(v), 'must be 4 to 34 letters or digits (IBANs allowed)'),
  bank_name: text(120),
  account_holder_name: text(200),
  bank_routing_number: optionalText(34),
  recipient_email: z.email({ error: 'must be an email address' }).max(254).optional(),
  recipient_phone: optionalText(32),
});
export const mobileRecipient = z.strictObject({
  recipient_name: text(200),
  mobile_number: text(32),
  network_provider: networkProvider,
  recipient_email: z.email({ error: 'must be an email address' }).max(254).optional(),
  recipient_phone: optionalText(32),
});

const common = {
  amount: amountNumber,
  currency_code: currencyInput,
  notes: text(500).optional(),
  payout_type: z.enum(PAYOUT_TYPES, { error: 'must be bank_transfer or mobile_money' }).optional(),
  /** Checked against payout_type in the verb, so each field's error names the field. */
  recipient_details: freeFormObject().optional(),
};

/** Exactly one of `payment_account_id` or (`payout_type` + `recipient_details`). */
export const withdrawalInput = z
  .strictObject({ ...common, payment_account_id: z.uuid({ error: 'must be a UUID' }).optional() })
  .superRefine((v, ctx) => {
    const saved = v.payment_account_id !== undefined;
    const adHoc = v.payout_type !== undefined || v.recipient_details !== undefined;
    if (saved === adHoc) {
      ctx.addIssue({
        code: 'custom',
        path: [saved ? 'payment_account_id' : 'payout_type'],
        message: 'give exactly one of payment_account_id or payout_type with recipient_details',
      });
    } else if (adHoc && (v.payout_type === undefined || v.recipient_details === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [v.payout_type === undefined ? 'payout_type' : 'recipient_details'],
        message: 'is required with an ad-hoc recipient',
      });
    }
  })
  .transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.currency_code) }));
export type WithdrawalInput = z.output<typeof withdrawalInput>;

export const payoutInput = z
  .strictObject({
    ...common,
    payout_type: z.enum(PAYOUT_TYPES, { error: 'must be bank_transfer or mobile_money' }),
    recipient_details: freeFormObject(),
    payout_reason: text(500),
  })
  .transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.currency_code) }));
export type PayoutInput = z.output<typeof payoutInput>;

export const cancelInput = z.strictObject({
  reason: z.string({ error: 'is required' }).trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
});

export const payoutHistoryQuery = z.strictObject({
  currency_code: currencyInput.optional(),
  status: caseInsensitiveEnum(PAYOUT_STATUSES).optional(),
  ...pageQuery(50),
});
export type PayoutHistoryQuery = z.output<typeof payoutHistoryQuery>;
