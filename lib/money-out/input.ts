import { z } from 'zod';
import { PAYOUT_STATUSES } from '../platform/vocabulary';
import { amountNumber } from '../platform/money/amount';
import { caseInsensitiveEnum, pageQuery } from '../platform/http/paging';
import { currencyInput, moneyIn } from '../platform/http/money-input';
import { requiredText } from '../platform/http/text-input';
import { FREE_FORM_LIMITS, freeFormObject } from '../platform/http/free-form';
import { documentedVariants, exclusiveVariants } from '../platform/documented';
import { accountNumber } from './payment-accounts/input';
import { networkProvider } from '../rails/payout-destination';

const text = requiredText;
const optionalText = (max: number) => text(max).optional();

export const PAYOUT_TYPES = ['bank_transfer', 'mobile_money'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

/** Spec 4.8 recipient_details, by payout_type. */
export const bankRecipient = z.strictObject({
  recipient_name: text(200),
  bank_account_number: accountNumber,
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

/** The recipients a payout can name, one per payout_type, as the document shows them. */
const recipientVariants = (fields: z.core.$ZodLooseShape): [z.ZodObject, z.ZodObject] => {
  const whole = { description: `The recipient; at most ${FREE_FORM_LIMITS.bytes} bytes of JSON in all` };
  return [
    z.strictObject({
      ...fields,
      payout_type: z.literal('bank_transfer'),
      recipient_details: bankRecipient.meta(whole),
    }),
    z.strictObject({
      ...fields,
      payout_type: z.literal('mobile_money'),
      recipient_details: mobileRecipient.meta(whole),
    }),
  ];
};

/** Exactly one of `payment_account_id` or (`payout_type` + `recipient_details`). */
const withdrawalFields = { amount: common.amount, currency_code: common.currency_code, notes: common.notes };
const withdrawalObject = z
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
  });
export const withdrawalInput = documentedVariants(
  withdrawalObject.transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.currency_code) })),
  exclusiveVariants([
    z.strictObject({ ...withdrawalFields, payment_account_id: z.uuid() }),
    ...recipientVariants(withdrawalFields),
  ]),
);
export type WithdrawalInput = z.output<typeof withdrawalInput>;

const payoutFields = { ...withdrawalFields, payout_reason: text(500) };
export const payoutInput = documentedVariants(
  z
    .strictObject({
      ...common,
      payout_type: z.enum(PAYOUT_TYPES, { error: 'must be bank_transfer or mobile_money' }),
      recipient_details: freeFormObject(),
      payout_reason: payoutFields.payout_reason,
    })
    .transform((v, ctx) => ({ ...v, money: moneyIn(ctx, v.amount, v.currency_code) })),
  exclusiveVariants(recipientVariants(payoutFields)),
);
export type PayoutInput = z.output<typeof payoutInput>;

export const cancelInput = z.strictObject({
  reason: requiredText(500, { type: 'is required', empty: 'is required' }),
});

export const payoutHistoryQuery = z.strictObject({
  currency_code: currencyInput.optional(),
  status: caseInsensitiveEnum(PAYOUT_STATUSES).optional(),
  ...pageQuery(50),
});
export type PayoutHistoryQuery = z.output<typeof payoutHistoryQuery>;
