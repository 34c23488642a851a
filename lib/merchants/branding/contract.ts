import { z } from 'zod';
import { needs } from '../../access/permissions';
import { PAYMENT_METHODS } from '../../platform/vocabulary';
import { LOCALES } from '../../platform/i18n/locale';
import { operation } from '../../platform/http/operation';
import { named, nullableTimestamp, uuidField } from '../../platform/http/shapes';
import { updateBrandingInput } from './input';

const hexColour = z.string().meta({ example: '#0B5FFF' });

/** How the hosted checkout page looks for a merchant, with defaults filled in. */
export const brandingSchema = named(
  'Branding',
  z.object({
    merchant_id: uuidField,
    display_name: z.string().meta({ description: "Shown on the page; the merchant's name unless set" }),
    logo_url: z.string().nullable().meta({
      description:
        'An https:// image URL, or the address of the logo uploaded in the dashboard (which wins over the URL set here); null shows the display name only',
    }),
    primary_color: hexColour.meta({ description: 'Uppercase hex; #0B5FFF unless set' }),
    text_color: hexColour.meta({
      description: 'Computed, not settable: #111111 or #FFFFFF, whichever contrasts more with `primary_color` (WCAG)',
    }),
    accepted_methods: z.array(z.enum(PAYMENT_METHODS)).nullable().meta({
      description: "The methods the page offers; null = every method the currency and the merchant's KYB allow",
    }),
    success_redirect_url: z.string().nullable().meta({
      description:
        'Where the page sends the customer after paying, with `checkout_id`, `reference` and `status` appended',
    }),
    support_email: z.string().nullable(),
    support_phone: z.string().nullable(),
    default_locale: z.enum(LOCALES).nullable().meta({
      description:
        "The hosted page's language when neither the customer's own choice nor their browser's languages name one it speaks; null: English",
    }),
    updated_at: nullableTimestamp.meta({ description: 'null until branding is first set' }),
  }),
);
export type Branding = z.infer<typeof brandingSchema>;

export const getBranding = operation({
  operationId: 'getBranding',
  method: 'GET',
  path: '/api/v1/merchants/branding',
  tag: 'Branding',
  summary: 'Get branding',
  description: 'Defaults are filled in for anything never set.',
  security: 'apiKey',
  permission: needs.read,
  data: brandingSchema,
});

export const updateBranding = operation({
  operationId: 'updateBranding',
  method: 'PUT',
  path: '/api/v1/merchants/branding',
  tag: 'Branding',
  summary: 'Update branding',
  description:
    'Fields given are set, `null` clears one (back to its default), fields left out keep their value. URLs must be https:// without credentials or a fragment.',
  security: 'apiKey',
  permission: needs.write,
  body: updateBrandingInput,
  data: brandingSchema,
  example: { body: { display_name: 'Ama Stores', primary_color: '#1A7F37', support_email: 'help@ama.example' } },
});
