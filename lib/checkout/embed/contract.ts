import { z } from 'zod';
import { needs } from '../../access/permissions';
import { operation } from '../../platform/http/operation';
import {
  amount,
  currencyCode,
  metaData,
  named,
  nullableTimestamp,
  timestamp,
  uuidField,
} from '../../platform/http/shapes';
import {
  createEmbedCheckoutInput,
  createEmbedSessionInput,
  embedSessionIdParams,
  listEmbedSessionsQuery,
} from './input';

/**
 * The checkout button: the merchant's embed sessions (x-api-key) and the public calls the button's
 * script makes with the session's public token (X-Embed-Token), from the session's allowed origins.
 */

const EXAMPLE_TOKEN = 'pk_embed_8mZ4qv0cN1xYw2Lk7Rt5Hs3Ju6Pe9Ba4Df0Gi2Kn8Mo';

export const embedSessionSchema = named(
  'EmbedSession',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    public_token: z.string().meta({
      description: "The button's credential (`pk_embed_…`). Public by design: it goes in the page's HTML",
      example: EXAMPLE_TOKEN,
    }),
    status: z.enum(['active', 'disabled', 'expired']).meta({ description: '`expired` once `expires_at` has passed' }),
    amount: amount.nullable().meta({ description: 'The one fixed amount, or null when `amounts` is set' }),
    amounts: z
      .array(amount)
      .nullable()
      .meta({ description: 'The amounts the customer picks from, or null when `amount` is set' }),
    currency_code: currencyCode,
    description: z.string().nullable(),
    button_label: z.string().meta({ example: 'Pay' }),
    collect_customer_name: z.boolean(),
    collect_customer_phone: z.boolean(),
    meta_data: metaData.nullable(),
    allowed_origins: z.array(z.string()).meta({ example: ['https://shop.example'] }),
    expires_at: nullableTimestamp.meta({ description: 'null: until disabled' }),
    disabled_at: nullableTimestamp,
    checkouts_created: z.int().min(0).meta({ description: 'Checkouts customers have started with this button' }),
    script_url: z.string().meta({ description: "The button's script (a few KiB, no dependencies)" }),
    snippet: z.string().meta({ description: 'HTML to paste where the button should appear' }),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type EmbedSessionView = z.infer<typeof embedSessionSchema>;

export const embedButtonSchema = named(
  'EmbedButton',
  z.object({
    amounts: z
      .array(amount)
      .min(1)
      .meta({ description: 'One entry: the button pays it; several: the customer picks one' }),
    currency_code: currencyCode,
    description: z.string().nullable(),
    button_label: z.string(),
    collect_customer_name: z.boolean(),
    collect_customer_phone: z.boolean(),
    merchant: z.object({
      display_name: z.string(),
      logo_url: z.string().nullable(),
      primary_color: z.string().meta({ example: '#0B5FFF' }),
      text_color: z.string().meta({ description: 'Readable on primary_color', example: '#FFFFFF' }),
    }),
    expires_at: nullableTimestamp,
  }),
);
export type EmbedButton = z.infer<typeof embedButtonSchema>;

export const embedCheckoutSchema = named(
  'EmbedCheckout',
  z.object({
    checkout_id: uuidField,
    payment_reference: z.string().meta({ example: 'PAY-7K3M9Q2XW4T8B6ZD' }),
    checkout_url: z.string().meta({ description: 'The hosted page with its `#token=`: open it as is' }),
    amount,
    currency_code: currencyCode,
    expires_at: timestamp,
  }),
);
export type EmbedCheckout = z.infer<typeof embedCheckoutSchema>;

export const createEmbedSession = operation({
  operationId: 'createEmbedSession',
  method: 'POST',
  path: '/api/v1/merchants/checkouts/embed-sessions',
  tag: 'Checkout button',
  summary: 'Create checkout button embed session',
  description:
    "Defines a payment button for the merchant's own page: one amount or a set to pick from, the currency, what to ask the customer, and the origins allowed to show it. The response's `snippet` goes in the page's HTML; each click creates a checkout (with `meta_data.embed_session_id`) and opens the hosted page. Send an `Idempotency-Key` to make retries safe.",
  security: 'apiKey',
  permission: needs.checkoutWrite,
  body: createEmbedSessionInput,
  idempotent: true,
  data: embedSessionSchema,
  example: {
    body: {
      amounts: [50, 125.5, 250],
      currency_code: 'GHS',
      description: 'Donation to the library fund',
      allowed_origins: ['https://shop.example'],
      meta_data: { campaign: 'library-2026' },
    },
  },
});

export const listEmbedSessions = operation({
  operationId: 'listEmbedSessions',
  method: 'GET',
  path: '/api/v1/merchants/checkouts/embed-sessions',
  tag: 'Checkout button',
  summary: 'List checkout button embed sessions',
  description: 'Newest first, every status, with spec 2.6 paging (`size` default 20).',
  security: 'apiKey',
  permission: needs.checkoutRead,
  query: listEmbedSessionsQuery,
  paginated: true,
  data: z.array(embedSessionSchema),
});

export const getEmbedSession = operation({
  operationId: 'getEmbedSession',
  method: 'GET',
  path: '/api/v1/merchants/checkouts/embed-sessions/{embed_session_id}',
  tag: 'Checkout button',
  summary: 'Get checkout button embed session',
  description: "With its snippet again. Another merchant's id is a 404.",
  security: 'apiKey',
  permission: needs.checkoutRead,
  params: embedSessionIdParams,
  data: embedSessionSchema,
});

export const disableEmbedSession = operation({
  operationId: 'disableEmbedSession',
  method: 'POST',
  path: '/api/v1/merchants/checkouts/embed-sessions/{embed_session_id}/disable',
  tag: 'Checkout button',
  summary: 'Disable checkout button embed session',
  description:
    'For good: the button shows that it is no longer available and its token creates no more checkouts (410). Checkouts it already created are not touched. Disabling twice is a 409 `embed_session_disabled`.',
  security: 'apiKey',
  permission: needs.checkoutWrite,
  params: embedSessionIdParams,
  data: embedSessionSchema,
  errors: [409],
});

const PUBLIC_NOTE =
  "Called by the button's script (`/embed/v1/button.js`) from the merchant's page: the `Origin` header must be one of the session's `allowed_origins` (403 `origin_not_allowed` otherwise, also when absent). A disabled or expired session is a 410. Rate-limited per session and per client address.";

export const getEmbedButton = operation({
  operationId: 'getEmbedButton',
  method: 'GET',
  path: '/api/embed/v1/session',
  tag: 'Checkout button',
  summary: 'What the button shows',
  description: `The amounts, currency, label, fields to ask for and the merchant's branding. ${PUBLIC_NOTE}`,
  security: 'embedToken',
  data: embedButtonSchema,
  errors: [403, 410, 422],
});

export const createEmbedCheckout = operation({
  operationId: 'createEmbedCheckout',
  method: 'POST',
  path: '/api/embed/v1/checkouts',
  tag: 'Checkout button',
  summary: 'Start a checkout from the button',
  description: `Creates a checkout in the session's currency for the chosen amount, which must be the session's amount or one of its amounts (422 otherwise: the page can never set its own price), with the session's description and \`meta_data\` plus \`embed_session_id\`. Open \`checkout_url\` as is. ${PUBLIC_NOTE}`,
  security: 'embedToken',
  body: createEmbedCheckoutInput,
  data: embedCheckoutSchema,
  errors: [403, 410],
  example: { body: { amount: 125.5, customer_email: 'ama@example.com' } },
});
