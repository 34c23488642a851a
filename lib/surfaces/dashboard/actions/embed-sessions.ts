import * as contract from '../../../checkout/embed/contract';
import {
  createEmbedSessionInput,
  embedSessionIdParams,
  type CreateEmbedSessionInput,
} from '../../../checkout/embed/input';
import { EMBED_LIMITS } from '../../../platform/vocabulary';
import { createEmbedSession, disableEmbedSession } from '../../../checkout/embed/sessions';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction, FormValues } from '../perform';
import { amountOf } from '../amount-text';
import { permissionOf } from './operation-permission';

/**
 * The checkout button from the dashboard (Developers → Checkout button): define an embed session
 * and disable one, with the API's own schema and verbs, so a refusal names the same fields
 * (`amounts.1`, `allowed_origins.0`…) as the API's 422.
 */

/** The amount fields of the builder: `amount_0` … `amount_9`, blank rows left out. */
export const AMOUNT_FIELDS = Array.from({ length: EMBED_LIMITS.amounts }, (_, i) => `amount_${i}`);

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);

/** One origin per line (or separated by spaces or commas, as people paste them). */
const originsOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter(Boolean);

/**
 * The builder's form as the API's JSON body: one filled amount row is `amount`, several are
 * `amounts` (in the order shown), none is neither (the schema then asks for one). The expiry is a
 * day: the button works to its end (UTC), as an API key's expiry does.
 */
export function embedSessionBody(form: FormValues) {
  const amounts = AMOUNT_FIELDS.map((name) => optional(form[name])).filter((a) => a !== undefined);
  const expires = optional(form.expires_at);
  return {
    ...(amounts.length === 1 && { amount: amountOf(amounts[0]) }),
    ...(amounts.length > 1 && { amounts: amounts.map(amountOf) }),
    currency_code: form.currency_code ?? '',
    description: optional(form.description),
    button_label: optional(form.button_label),
    collect_customer_name: form.collect_customer_name === 'on',
    collect_customer_phone: form.collect_customer_phone === 'on',
    allowed_origins: originsOf(form.allowed_origins),
    expires_at: expires && /^\d{4}-\d{2}-\d{2}$/.test(expires) ? `${expires}T23:59:59Z` : expires,
  };
}

type Created = Awaited<ReturnType<typeof createEmbedSession>>;
type Disabled = Awaited<ReturnType<typeof disableEmbedSession>>;

export const EMBED_SESSION_ACTIONS = {
  createEmbedSession: {
    name: 'embed_session.create',
    allowed: permissionOf(contract.createEmbedSession),
    read: (form) => validate(createEmbedSessionInput, embedSessionBody(form)),
    // The verb needs the merchant (its KYB decides the currencies) and the tenant of the page's mode.
    run: (ctx, input) => createEmbedSession({ db: ctx.db, merchant: ctx.merchant, tenant: ctx.tenant }, input),
    audit: (_input, session) => ({
      target: session.id,
      details: {
        amounts: session.amounts ?? [session.amount],
        currency_code: session.currency_code,
        button_label: session.button_label,
        allowed_origins: session.allowed_origins,
        expires_at: session.expires_at,
      },
    }),
  } satisfies DashboardAction<CreateEmbedSessionInput, Created>,

  disableEmbedSession: {
    name: 'embed_session.disable',
    allowed: permissionOf(contract.disableEmbedSession),
    read: (form) => validate(embedSessionIdParams, { embed_session_id: form.embed_session_id }),
    run: (ctx, { embed_session_id }) => disableEmbedSession(ctx.db, ctx.tenant, embed_session_id),
    audit: ({ embed_session_id }, session) => ({
      target: embed_session_id,
      details: { checkouts_created: session.checkouts_created },
    }),
  } satisfies DashboardAction<{ embed_session_id: string }, Disabled>,
};
