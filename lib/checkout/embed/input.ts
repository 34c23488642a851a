import { z } from 'zod';
import { requiredText } from '../../platform/http/text-input';
import { currencyInput } from '../../platform/http/money-input';
import { hostPattern } from '../../platform/http/stored-url';
import { documentedAlso, documentedVariants, exclusiveVariants } from '../../platform/documented';
import { displayName } from '../../platform/http/display-name';
import { amountNumber } from '../../platform/money/amount';
import { META_DATA_LIMITS } from '../input';
import { phoneNumber } from '../../platform/http/phone-number';
import { pageQuery } from '../../platform/http/paging';
import { timestampInput } from '../../platform/http/timestamp-input';
import { EMBED_LIMITS } from '../../platform/vocabulary';

/**
 * Inputs of the checkout button (docs/checkout-button.md): the merchant's session definition and
 * the embed's own calls. Rules that need the merchant or configuration (currency per KYB, http
 * origins only in sandbox, amount decimals per currency) are checked by the verbs in lib/embed.
 */

/** The meta_data key the service sets on every checkout a button creates. */
export const EMBED_SESSION_META_KEY = 'embed_session_id';

/** `https://shop.example` or `https://shop.example:8443`: scheme, host and port only, as browsers send `Origin`. */
export const originField = documentedAlso(
  z
    .string({ error: 'must be an origin such as https://shop.example' })
    .max(300)
    .transform((value, ctx) => {
      const url = URL.parse(value.trim());
      const ok =
        url &&
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        !url.username &&
        !url.password &&
        url.pathname === '/' &&
        !/[?#*]/.test(value) &&
        // Nothing after the host and port but one optional slash.
        /^https?:\/\/[^/]+\/?$/i.test(value.trim());
      if (!ok) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be an origin such as https://shop.example (scheme, host and optional port; no path, query or wildcard)',
        });
        return z.NEVER;
      }
      return url.origin;
    }),
  // Scheme, host and an optional port, nothing after: the usual form of what the check above takes.
  { pattern: `^https?://${hostPattern()}(?::[0-9]{1,4})?/?$` },
);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullish();

const metaData = documentedAlso(
  z
    .record(
      z
        .string()
        .min(1, 'keys must not be empty')
        .max(META_DATA_LIMITS.keyLength, `keys must be at most ${META_DATA_LIMITS.keyLength} characters`),
      z
        .string({ error: 'values must be strings' })
        .max(META_DATA_LIMITS.valueLength, `values must be at most ${META_DATA_LIMITS.valueLength} characters`),
      { error: (issue) => (issue.code === 'invalid_type' ? 'must be an object of string values' : undefined) },
    )
    // One key is kept for embed_session_id, which every checkout of the button carries.
    .refine((m) => Object.keys(m).length < META_DATA_LIMITS.keys, `must have at most ${META_DATA_LIMITS.keys - 1} keys`)
    .refine((m) => !Object.hasOwn(m, EMBED_SESSION_META_KEY), {
      path: [EMBED_SESSION_META_KEY],
      message: 'is set by the service on each checkout',
    }),
  {
    maxProperties: META_DATA_LIMITS.keys - 1,
    propertyNames: {
      type: 'string',
      minLength: 1,
      maxLength: META_DATA_LIMITS.keyLength,
      not: { const: EMBED_SESSION_META_KEY },
    },
  },
).nullish();

/**
 * A list length check's parameters that make it run only on an actual list: zod would also measure a
 * string given instead and report a second, misleading problem. (`when` is a zod 4 check option that
 * its length-check parameter types leave out.)
 */
const onList = (error: string): { error: string } =>
  Object.assign({ error }, { when: (payload: { value: unknown }) => Array.isArray(payload.value) });

/** The longest a button may live when it has an expiry (5 years). */
export const MAX_EMBED_LIFETIME_DAYS = 1826;

const oneAmount = amountNumber.meta({
  description: 'One fixed amount (major units). Exactly one of `amount` and `amounts`.',
});
const pickedAmounts = documentedAlso(
  z
    .array(amountNumber, { error: 'must be an array of amounts' })
    .min(1, onList('must list at least one amount'))
    .max(EMBED_LIMITS.amounts, onList(`must list at most ${EMBED_LIMITS.amounts} amounts`))
    .refine((list) => new Set(list).size === list.length, 'must not repeat an amount')
    .meta({
      description: `The amounts the customer picks from (1 to ${EMBED_LIMITS.amounts}, major units), in the order shown.`,
    }),
  { uniqueItems: true },
);
const embedFields = {
  currency_code: currencyInput,
  description: optionalText(500).meta({
    description: "Shown on the hosted page; becomes each checkout's description",
  }),
  // Shown right before the amount: a direction control in it could reverse "GHS 25.50".
  button_label: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), displayName(40).nullish())
    .meta({
      description: "The button's verb, before the amount (default `Pay`); no control or direction characters",
    }),
  collect_customer_name: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Ask the customer for a name (then required)' }),
  collect_customer_phone: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Ask the customer for a phone number (then required)' }),
  meta_data: metaData.meta({
    description: 'Copied to every checkout the button creates, with `embed_session_id` added',
  }),
  allowed_origins: z
    .array(originField, { error: 'must be an array of origins' })
    .min(1, onList('must list at least one origin'))
    .max(EMBED_LIMITS.origins, onList(`must list at most ${EMBED_LIMITS.origins} origins`))
    .superRefine((list, ctx) => {
      list.forEach((origin, i) => {
        if (list.indexOf(origin) !== i) ctx.addIssue({ code: 'custom', path: [i], message: 'is listed twice' });
      });
    })
    .meta({
      description:
        'The pages that may show the button, as exact origins (`https://shop.example`). http:// only for localhost and 127.0.0.1, and only in sandbox.',
    }),
  expires_at: timestampInput
    .refine((d) => d.getTime() - Date.now() >= 5 * 60_000, 'must be at least 5 minutes in the future')
    .refine(
      (d) => d.getTime() - Date.now() <= MAX_EMBED_LIFETIME_DAYS * 86_400_000,
      `must be at most ${MAX_EMBED_LIFETIME_DAYS} days ahead`,
    )
    .nullish()
    .meta({
      description: `When the button stops working (UTC when no offset; at most ${MAX_EMBED_LIFETIME_DAYS} days ahead). null or absent: until disabled.`,
    }),
};

export const createEmbedSessionInput = documentedVariants(
  z
    .strictObject({ amount: oneAmount.optional(), amounts: pickedAmounts.optional(), ...embedFields })
    .superRefine((v, ctx) => {
      if ((v.amount === undefined) === (v.amounts === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [v.amount === undefined ? 'amount' : 'amounts'],
          message: 'give exactly one of amount and amounts',
        });
      }
    }),
  exclusiveVariants([
    z.strictObject({ amount: oneAmount, ...embedFields }),
    z.strictObject({ amounts: pickedAmounts, ...embedFields }),
  ]),
);
export type CreateEmbedSessionInput = z.output<typeof createEmbedSessionInput>;

export const listEmbedSessionsQuery = z.strictObject(pageQuery(20));

export const embedSessionIdParams = z.strictObject({ embed_session_id: z.uuid({ error: 'must be a UUID' }) });

/** The embed's checkout request: the amount the customer chose and who they are. Nothing else. */
export const createEmbedCheckoutInput = z.strictObject({
  amount: amountNumber.meta({ description: "The button's amount, or one of its amounts; anything else is a 422" }),
  customer_email: z.email({ error: 'must be an email address' }).max(254),
  customer_name: requiredText(200).optional().meta({ description: 'Only when the button collects it (then required)' }),
  customer_phone: phoneNumber.optional().meta({ description: 'Only when the button collects it (then required)' }),
});
export type CreateEmbedCheckoutInput = z.output<typeof createEmbedCheckoutInput>;
