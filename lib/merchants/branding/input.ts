import { displayName } from '../../platform/http/display-name';
import { z } from 'zod';
import { HEX_COLOUR } from './colour';
import { PAYMENT_METHODS } from '../../platform/vocabulary';
import { phoneNumber } from '../../platform/http/phone-number';
import { storedUrlField, usualUrlPattern } from '../../platform/http/stored-url';
import { documentedAlso } from '../../platform/documented';
import { LOCALES } from '../../platform/i18n/locale';

/** https only, written the usual way, no credentials or fragment, stored normalised: nothing a redirect could abuse. */
const HTTPS_ONLY = { schemes: ['https'], fragment: false } as const;
export const httpsUrl = documentedAlso(
  storedUrlField(HTTPS_ONLY, (url) =>
    url.hostname.includes('.') ? null : 'must name a host with a domain (https://shop.example/…)',
  ),
  { pattern: usualUrlPattern(HTTPS_ONLY, { dotted: true }) },
);

/** PUT semantics: fields given are set, `null` clears one, fields left out keep their value. */
export const updateBrandingInput = z.strictObject({
  display_name: displayName(80).nullish(),
  logo_url: httpsUrl.nullish(),
  primary_color: z
    .string()
    .regex(HEX_COLOUR, 'must be a hex colour like #1A2B3C')
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
  default_locale: z.enum(LOCALES, { error: `must be one of the page's languages: ${LOCALES.join(', ')}` }).nullish(),
});
export type UpdateBrandingInput = z.output<typeof updateBrandingInput>;
