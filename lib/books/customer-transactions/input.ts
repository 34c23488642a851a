import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../platform/vocabulary';
import { amountNumber } from '../../platform/money/amount';
import { caseInsensitiveEnum, pageQuery } from '../../platform/http/paging';
import { currencyInput } from '../../platform/http/money-input';
import { requiredText } from '../../platform/http/text-input';
import { documentedVariants, exclusiveVariants } from '../../platform/documented';

export const listTransactionsQuery = z.strictObject({
  currency_code: currencyInput.optional(),
  transaction_type: caseInsensitiveEnum(TRANSACTION_TYPES).optional(),
  status: caseInsensitiveEnum(TRANSACTION_STATUSES).optional(),
  ...pageQuery(50),
});
export type ListTransactionsQuery = z.output<typeof listTransactionsQuery>;

export const transactionIdParams = z.strictObject({ transaction_id: z.uuid({ error: 'must be a UUID' }) });

const refundFields = {
  amount: amountNumber.optional(),
  reason: requiredText(500, { type: 'is required', empty: 'is required' }),
};
/** Exactly one of `transaction_id` (a deposit) or `checkout_id`; no amount means "all that is left". */
export const refundInput = documentedVariants(
  z
    .strictObject({
      transaction_id: z.uuid({ error: 'must be a UUID' }).optional(),
      checkout_id: z.uuid({ error: 'must be a UUID' }).optional(),
      ...refundFields,
    })
    .superRefine((v, ctx) => {
      if ((v.transaction_id === undefined) === (v.checkout_id === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [v.transaction_id === undefined ? 'transaction_id' : 'checkout_id'],
          message: 'give exactly one of transaction_id (the deposit) or checkout_id',
        });
      }
    }),
  exclusiveVariants([
    z.strictObject({ transaction_id: z.uuid(), ...refundFields }),
    z.strictObject({ checkout_id: z.uuid(), ...refundFields }),
  ]),
);
export type RefundInput = z.output<typeof refundInput>;
