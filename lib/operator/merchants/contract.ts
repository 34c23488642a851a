import { z } from 'zod';
import { KYB_STATUSES } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { modeQuery, named, timestamp, uuidField } from '../../platform/http/shapes';
import { apiKeyWithSecretSchema } from '../../merchants/api-keys/contract';
import { createApiKeyInput } from '../../merchants/api-keys/input';
import { walletSchema } from '../../books/wallets/contract';
import { createMerchantInput, merchantIdParams, updateMerchantInput } from './input';

/** The operator's merchant API: onboarding, KYB, and recovery keys. */
export const merchantSchema = named(
  'Merchant',
  z.object({
    id: uuidField,
    name: z.string(),
    email: z.string(),
    kyb_status: z.enum(KYB_STATUSES).meta({
      description:
        'unverified and pending merchants collect in the African currencies only (GHS, KES, NGN, ETB, XOF, XAF), and their bank transfers wait for an operator; verified in every currency; rejected cannot create checkouts',
    }),
    live_enabled_at: timestamp.nullable().meta({
      description:
        'When the operator enabled live mode (live keys, live checkouts, real rails); null while it is off, and live keys then answer 403 `live_mode_not_enabled`',
    }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type Merchant = z.infer<typeof merchantSchema>;

const merchantWallets = z.array(walletSchema).meta({
  description:
    "One per currency, by currency code, as the merchant sees them (a hold's reason only when made visible to the merchant)",
});

export const merchantWithWalletsSchema = named(
  'MerchantWithWallets',
  merchantSchema.extend({
    wallets: merchantWallets,
    live_wallets: merchantWallets
      .nullable()
      .meta({ description: "The live tenant's wallets; null until live mode was first enabled" }),
  }),
);
export type MerchantWithWallets = z.infer<typeof merchantWithWalletsSchema>;

export const createdMerchantSchema = named(
  'CreatedMerchant',
  z.object({
    merchant: merchantSchema,
    wallets: merchantWallets,
    api_key: apiKeyWithSecretSchema.meta({
      description: 'A first FULL_ACCESS key ("Default key"); its `secret_key` is shown only here',
    }),
  }),
);
export type CreatedMerchant = z.infer<typeof createdMerchantSchema>;

export const createMerchant = operation({
  operationId: 'createMerchant',
  method: 'POST',
  path: '/api/admin/v1/merchants',
  tag: 'Operator',
  summary: 'Onboard merchant',
  description:
    'In one transaction: the merchant, a wallet in every currency, and a first FULL_ACCESS API key whose secret appears only in this answer. `kyb_status` defaults to `unverified`. (`npm run merchant:create` does the same from a shell.)',
  security: 'adminBearer',
  body: createMerchantInput,
  data: createdMerchantSchema,
  example: { body: { name: 'Ama Stores', email: 'ops@ama.example', kyb_status: 'verified' } },
});

export const getMerchant = operation({
  operationId: 'getMerchant',
  method: 'GET',
  path: '/api/admin/v1/merchants/{merchant_id}',
  tag: 'Operator',
  summary: 'Get merchant',
  description: 'The merchant with its wallets.',
  security: 'adminBearer',
  params: merchantIdParams,
  data: merchantWithWalletsSchema,
});

export const updateMerchant = operation({
  operationId: 'updateMerchant',
  method: 'PATCH',
  path: '/api/admin/v1/merchants/{merchant_id}',
  tag: 'Operator',
  summary: 'Update merchant',
  description:
    'Rename, record a KYB decision, or switch live mode; give at least one of `name`, `kyb_status`, `live_enabled`. `live_enabled: true` needs KYB `verified` (409 `kyb_not_verified`) and opens the live tenant with its wallets the first time; a KYB status other than `verified` switches live mode off. Answers without the wallets.',
  security: 'adminBearer',
  params: merchantIdParams,
  body: updateMerchantInput,
  data: merchantSchema,
  errors: [409],
});

export const createMerchantApiKey = operation({
  operationId: 'createMerchantApiKey',
  method: 'POST',
  path: '/api/admin/v1/merchants/{merchant_id}/api-keys',
  tag: 'Operator',
  summary: 'Issue API key to merchant',
  description:
    "Recovery: a fresh key for a merchant that revoked or lost all of its keys, in the mode `?mode=` names (test by default). Same body and answer as the merchant's own `POST /api/v1/merchants/api-keys`; `created_by` is the operator.",
  security: 'adminBearer',
  params: merchantIdParams,
  query: modeQuery,
  body: createApiKeyInput,
  data: apiKeyWithSecretSchema,
});
