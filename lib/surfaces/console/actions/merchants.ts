import { createMerchant, createMerchantInput } from '../../../operator/merchants/create-merchant';
import { updateMerchant } from '../../../operator/merchants/manage-merchant';
import { merchantIdParams, updateMerchantInput } from '../../../operator/merchants/input';
import { validate } from '../../../platform/http/parse';
import type { OperatorAction } from '../perform-operator';

/**
 * Merchants from the console: the operator API's own schemas and verbs (POST and PATCH
 * /api/admin/v1/merchants). Onboarding answers the first key's secret once, as the API does; live
 * mode needs a verified business, which the verb enforces (409 `kyb_not_verified`).
 */
export const createMerchantAction = {
  name: 'merchant.create',
  read: (form) =>
    validate(createMerchantInput, {
      name: form.name,
      email: form.email,
      kyb_status: form.kyb_status || undefined,
    }),
  run: (ctx, input) => createMerchant(ctx.db, { input, createdBy: ctx.person.user.id }),
  audit: (input, created) => ({
    merchantId: created.merchant.id,
    target: created.merchant.id,
    details: { name: input.name, kyb_status: input.kyb_status, api_key_prefix: created.api_key.key_prefix },
  }),
} satisfies OperatorAction<ReturnType<typeof createMerchantInput.parse>, Awaited<ReturnType<typeof createMerchant>>>;

type MerchantChange = { merchant_id: string; body: ReturnType<typeof updateMerchantInput.parse> };

const merchantChange = (form: Record<string, string>, body: Record<string, unknown>): MerchantChange => ({
  ...validate(merchantIdParams, { merchant_id: form.merchant_id }),
  body: validate(updateMerchantInput, body),
});

/** A KYB decision; a status other than verified switches live mode off (the verb does). */
export const setKybStatusAction = {
  name: 'merchant.kyb_status',
  read: (form) => merchantChange(form, { kyb_status: form.kyb_status }),
  run: (ctx, { merchant_id, body }) => updateMerchant(ctx.db, merchant_id, body),
  audit: ({ merchant_id, body }, merchant) => ({
    merchantId: merchant_id,
    target: merchant_id,
    details: { kyb_status: body.kyb_status, live_enabled: merchant.live_enabled_at !== null },
  }),
} satisfies OperatorAction<MerchantChange, Awaited<ReturnType<typeof updateMerchant>>>;

/** The form's `live_enabled` is `true` or `false`, as the API's boolean; anything else is its 422. */
const booleanOf = (value: string | undefined) => (value === 'true' ? true : value === 'false' ? false : value);

export const setLiveModeAction = {
  name: 'merchant.live_mode',
  read: (form) => merchantChange(form, { live_enabled: booleanOf(form.live_enabled) }),
  run: (ctx, { merchant_id, body }) => updateMerchant(ctx.db, merchant_id, body),
  audit: ({ merchant_id, body }) => ({
    merchantId: merchant_id,
    target: merchant_id,
    mode: 'live',
    details: { live_enabled: body.live_enabled },
  }),
} satisfies OperatorAction<MerchantChange, Awaited<ReturnType<typeof updateMerchant>>>;
