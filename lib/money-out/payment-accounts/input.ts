import { z } from 'zod';
import { documented, documentedAlso, documentedVariants, exclusiveVariants } from '../../platform/documented';
import { PAYMENT_ACCOUNT_STATUSES, PAYMENT_ACCOUNT_TYPES } from '../../platform/vocabulary';
import { currencyInput } from '../../platform/http/money-input';
import { freeFormObject } from '../../platform/http/free-form';
import { requiredText } from '../../platform/http/text-input';
import { networkProvider } from '../../rails/payout-destination';

const text = requiredText;
/** A bank account number or IBAN; spaces and dashes are dropped before it is checked. */
export const accountNumber = documentedAlso(
  z
    .string({ error: 'must be a string' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^[A-Za-z0-9]{4,34}$/.test(v), 'must be 4 to 34 letters or digits (IBANs allowed)'),
  { maxLength: 64, pattern: '^[\\s-]*(?:[A-Za-z0-9][\\s-]*){4,34}$' },
);

const accountFields = {
  currency_code: currencyInput,
  is_primary: z.boolean({ error: 'must be true or false' }).optional(),
  provider_metadata: freeFormObject().nullish(),
};
const bankFields = {
  account_number: accountNumber,
  bank_name: text(120),
  bank_routing_number: text(34).optional(),
  account_holder_name: text(200),
};
const mobileFields = { phone_number: text(32), network_provider: networkProvider };

/** Spec 4.7; which fields are required depends on `account_type` (checked in the verb, field by field). */
export const addPaymentAccountInput = documentedVariants(
  z.strictObject({
    ...accountFields,
    account_type: z.enum(PAYMENT_ACCOUNT_TYPES, { error: 'must be bank_account or mobile_money' }),
    ...z.strictObject(bankFields).partial().shape,
    ...z.strictObject(mobileFields).partial().shape,
  }),
  exclusiveVariants([
    z.strictObject({ ...accountFields, account_type: z.literal('bank_account'), ...bankFields }),
    z.strictObject({ ...accountFields, account_type: z.literal('mobile_money'), ...mobileFields }),
  ]),
);
export type AddPaymentAccountInput = z.output<typeof addPaymentAccountInput>;

/** Named only to be refused with a clear 422: in the document, a field no value satisfies. */
const neverChanged = documented(z.unknown(), { not: {}, description: 'Cannot be changed after creation (a 422)' });

/** Only the fields to change; `account_type`, `currency_code` and `currency_id` can never change (422). */
export const updatePaymentAccountInput = z
  .strictObject({
    account_type: neverChanged.optional(),
    currency_code: neverChanged.optional(),
    currency_id: neverChanged.optional(),
    is_primary: z.boolean({ error: 'must be true or false' }).optional(),
    status: z.enum(PAYMENT_ACCOUNT_STATUSES, { error: 'must be active, inactive or suspended' }).optional(),
    account_number: accountNumber.optional(),
    bank_name: text(120).optional(),
    bank_routing_number: text(34).nullish(),
    account_holder_name: text(200).optional(),
    phone_number: text(32).optional(),
    network_provider: networkProvider.optional(),
    provider_metadata: freeFormObject().nullish(),
  })
  .superRefine((v, ctx) => {
    for (const field of ['account_type', 'currency_code', 'currency_id'] as const) {
      if (v[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'cannot be changed after creation' });
    }
  });
export type UpdatePaymentAccountInput = z.output<typeof updatePaymentAccountInput>;

export const listPaymentAccountsQuery = z.strictObject({ currency_code: currencyInput.optional() });
export const paymentAccountIdParams = z.strictObject({ account_id: z.uuid({ error: 'must be a UUID' }) });
