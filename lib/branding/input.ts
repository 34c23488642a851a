import { z } from 'zod';
import { PAYMENT_METHODS } from '../db/schema';
import { phoneNumber } from '../checkouts/input';

/** https only, no credentials, no fragments: nothing a redirect could abuse. */
export const httpsUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && !url.hash && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'must be an https:// URL (no credentials, no fragment)');

/** PUT semantics: fields given are set, `null` clears one, fields left out keep their value. */
export const updateBrandingInput = z.strictObject({
  display_name: z.string().trim().min(1).max(80).nullish(),
  logo_url: httpsUrl.nullish(),
  primary_color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour like #1A2B3C')
    .transform((v) => v.toUpperCase())
    .nullish(),
  accepted_methods: z
    .array(z.enum(PAYMENT_METHODS))
    .min(1, 'must accept at least one method (null accepts all)')
    .transform((list) => [...new Set(list)])
    .nullish(),
  success_redirect_url: httpsUrl.nullish(),
  support_email: z.email({ error: 'must be an email address' }).max(254).nullish(),
  support_phone: phoneNumber.nullish(),
});
export type UpdateBrandingInput = z.output<typeof updateBrandingInput>;
