import * as contract from '../../../merchants/branding/contract';
import { loadBranding, updateBranding } from '../../../merchants/branding/branding';
import { readLogoUpload, removeLogo, saveLogo, type LogoUpload } from '../../../merchants/branding/logo';
import { updateBrandingInput, type UpdateBrandingInput } from '../../../merchants/branding/input';
import { PAYMENT_METHODS } from '../../../platform/vocabulary';
import { validate } from '../../../platform/http/parse';
import type { Branding } from '../../../merchants/branding/contract';
import type { DashboardAction, FormValues } from '../perform';
import { permissionOf } from './operation-permission';

const TEXT_FIELDS = [
  'display_name',
  'logo_url',
  'primary_color',
  'success_redirect_url',
  'support_email',
  'support_phone',
  'default_locale',
] as const;

/**
 * The branding form as the API's PUT body: the form always sends every field, so an empty one is
 * `null` (back to its default). One checkbox per method; all of them ticked is `null`, "every method
 * the currency allows", so a method added later is offered too.
 */
export function brandingFromForm(form: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) body[field] = form[field]?.trim() ? form[field] : null;
  const ticked = PAYMENT_METHODS.filter((m) => form[`method_${m}`] === 'on');
  body.accepted_methods = ticked.length === PAYMENT_METHODS.length ? null : ticked;
  return body;
}

/** The hosted page's look for the whole business (both modes): the API's own schema and verb. */
export const updateBrandingAction = {
  name: 'branding.update',
  allowed: permissionOf(contract.updateBranding),
  read: (form) => validate(updateBrandingInput, brandingFromForm(form)),
  // Where customers are sent after paying routes them: changing it asks for a fresh second factor.
  stepUpWhen: async (ctx, { success_redirect_url: url }) =>
    url !== undefined && url !== (await loadBranding(ctx.db, ctx.merchant.id)).success_redirect_url,
  run: (ctx, input) => updateBranding(ctx.db, ctx.merchant.id, input),
  audit: (input) => ({ target: null, details: { fields: input } }),
} satisfies DashboardAction<UpdateBrandingInput, Branding>;

/**
 * An uploaded logo (the file's bytes in base64, read by the editor: the wrapper reads text fields);
 * the same policy, step-up and audit line as the rest of the branding. The audit line names the
 * file by type, size and hash, not its bytes.
 */
export const uploadLogoAction = {
  name: 'branding.update',
  allowed: permissionOf(contract.updateBranding),
  read: (form) => readLogoUpload(form.logo_file),
  run: async (ctx, logo) => {
    await saveLogo(ctx.db, ctx.merchant.id, logo);
    return loadBranding(ctx.db, ctx.merchant.id);
  },
  audit: (logo) => ({
    target: null,
    details: { logo: { content_type: logo.contentType, bytes: logo.bytes.length, sha256: logo.sha256 } },
  }),
} satisfies DashboardAction<LogoUpload, Branding>;

/** Back to the web address (or the name alone). */
export const removeLogoAction = {
  name: 'branding.update',
  allowed: permissionOf(contract.updateBranding),
  read: () => null,
  run: async (ctx) => {
    await removeLogo(ctx.db, ctx.merchant.id);
    return loadBranding(ctx.db, ctx.merchant.id);
  },
  audit: () => ({ target: null, details: { logo: null } }),
} satisfies DashboardAction<null, Branding>;
