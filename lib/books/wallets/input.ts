import { z } from 'zod';
import { requiredText } from '../../platform/http/text-input';
import { documentedAlso } from '../../platform/documented';
import { caseInsensitiveEnum, pageQuery } from '../../platform/http/paging';
import { currencyInput } from '../../platform/http/money-input';

/** A wallet in the path, by its currency code in any case (`ghs` = `GHS`); an unknown code is a 404. */
export const currencyCodeParams = z.strictObject({
  currency_code: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code'),
});

/** The operator's view of one merchant's wallets. */
export const merchantWalletsParams = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }) });
export const merchantWalletParams = currencyCodeParams.extend({ merchant_id: z.uuid({ error: 'must be a UUID' }) });

/** What a merchant may set: `active` ↔ `frozen`. `suspended` belongs to the operator. */
export const walletStatusInput = z.strictObject({
  status: z.enum(['active', 'frozen'], { error: 'must be active or frozen' }),
});

export const operatorWalletInput = documentedAlso(
  z
    .strictObject({
      status: z.enum(['active', 'frozen', 'suspended'], { error: 'must be active, frozen or suspended' }).optional(),
      settlement_hold: z.boolean({ error: 'must be true or false' }).optional(),
      settlement_hold_reason: requiredText(500)
        .nullish()
        .meta({ description: 'Why the hold is placed: required when placing one on a wallet that has no reason yet' }),
      settlement_hold_visibility: z.enum(['merchant', 'internal'], { error: 'must be merchant or internal' }).nullish(),
    })
    .refine((v) => Object.keys(v).length > 0, 'give at least one field to change'),
  { minProperties: 1 },
);

/** What a movement of a wallet can be for (the ledger line's purpose). */
export const WALLET_TRANSACTION_TYPES = [
  'deposit',
  'fee',
  'settlement',
  'refund',
  'conversion',
  'withdrawal',
  'payout',
  'reversal',
] as const;

export const walletTransactionsQuery = z.strictObject({
  currency_code: currencyInput.optional(),
  transaction_type: caseInsensitiveEnum(WALLET_TRANSACTION_TYPES).optional(),
  ...pageQuery(50),
});
