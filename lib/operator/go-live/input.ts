import { z } from 'zod';
import { PAYMENT_ACCOUNT_TYPES } from '../../platform/vocabulary';
import { currencyInput } from '../../platform/http/money-input';
import { addPaymentAccountInput } from '../../money-out/payment-accounts/input';

/** Empty form fields are "not given yet": a draft may be saved half-filled. */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) =>
  z.preprocess(
    blank,
    z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`).optional(),
  );

/**
 * The application's fields. Every one may be missing in a draft; submitting checks that what the
 * operator needs is there (`missingForSubmission`). The settlement account speaks the payment
 * accounts' words (`account_type` bank_account or mobile_money, their field rules).
 */
export const goLiveFieldsInput = z.strictObject({
  legal_name: text(200),
  trading_name: text(200),
  registration_number: z.preprocess(
    blank,
    z
      .string({ error: 'must be a string' })
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{1,63}$/, 'must be 2 to 64 letters, digits, spaces, dots, dashes or slashes')
      .optional(),
  ),
  country: z.preprocess(
    (v) => (typeof blank(v) === 'string' ? (v as string).trim().toUpperCase() : blank(v)),
    z
      .string({ error: 'must be a string' })
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (GH, KE, NG…)')
      .optional(),
  ),
  business_address: text(500),
  website: z.preprocess(
    blank,
    z
      .url({ protocol: /^https?$/, error: 'must be a web address (https://…)' })
      .max(300)
      .optional(),
  ),
  business_description: text(2000),
  owner_name: text(200),
  owner_email: z.preprocess(blank, z.email({ error: 'must be an email address' }).max(254).optional()),
  owner_phone: z.preprocess(
    blank,
    z
      .string({ error: 'must be a string' })
      .trim()
      .regex(/^\+?[0-9 ()-]{6,24}$/, 'must be a phone number')
      .optional(),
  ),
  settlement_currency_code: z.preprocess(blank, currencyInput.optional()),
  settlement_account_type: z.preprocess(
    blank,
    z.enum(PAYMENT_ACCOUNT_TYPES, { error: 'must be bank_account or mobile_money' }).optional(),
  ),
  account_holder_name: z.preprocess(blank, addPaymentAccountInput.shape.account_holder_name),
  bank_name: z.preprocess(blank, addPaymentAccountInput.shape.bank_name),
  account_number: z.preprocess(blank, addPaymentAccountInput.shape.account_number),
  phone_number: z.preprocess(blank, addPaymentAccountInput.shape.phone_number),
  network_provider: z.preprocess(blank, addPaymentAccountInput.shape.network_provider),
});
export type GoLiveFieldsInput = z.output<typeof goLiveFieldsInput>;

/** An uploaded document as the form carries it: its bytes in base64 and the name it had. */
export const goLiveDocumentInput = z.strictObject({
  document: z.string({ error: 'choose a file' }).min(1, 'choose a file'),
  document_name: z.string().trim().max(200).optional(),
});

export const goLiveDocumentIdInput = z.strictObject({ document_id: z.uuid({ error: 'must be a UUID' }) });

/** The operator's decision: a reason is required to reject or ask for more. */
export const goLiveDecisionInput = z.strictObject({
  merchant_id: z.uuid({ error: 'must be a UUID' }),
  reason: z.preprocess(
    blank,
    z.string({ error: 'give a reason the business will read' }).trim().max(2000, 'must be at most 2000 characters'),
  ),
});
export const goLiveApproveInput = z.strictObject({
  merchant_id: z.uuid({ error: 'must be a UUID' }),
  reason: z.preprocess(blank, z.string().trim().max(2000, 'must be at most 2000 characters').optional()),
});

/** The business whose application an operator looks at. */
export const merchantIdInput = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }) });
