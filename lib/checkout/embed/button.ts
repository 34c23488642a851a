import { eq } from 'drizzle-orm';
import {
  embedSessionCheckouts,
  embedSessions,
  merchants,
  ownerOf,
  tenants,
  type Tenant,
} from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { ApiError, forbidden, unauthorized, unprocessable, type FieldError } from '../../platform/http/errors';
import { loadBranding } from '../../merchants/branding/branding';
import { createCheckout } from '../create-checkout';
import { toMajorUnits } from '../../platform/money/amount';
import { readMoney, type Money } from '../../platform/money/money';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../../merchants/kyb';
import type { KybStatus } from '../../platform/vocabulary';
import { formatTimestamp } from '../../platform/time';
import type { EmbedButton, EmbedCheckout } from './contract';
import { EMBED_SESSION_META_KEY, type CreateEmbedCheckoutInput } from './input';
import { isAllowedOrigin } from './origins';
import { allowedAmounts, effectiveEmbedStatus, type EmbedSessionRow } from './sessions';
import { isWellFormedEmbedToken } from './token';

export interface EmbedCaller {
  session: EmbedSessionRow;
  merchant: { id: string; name: string; kybStatus: KybStatus };
  /** The session's tenant: its checkouts are created in the same mode. */
  tenant: Tenant;
}

/**
 * The embed's credential, in this order: a well-formed, known token (401), called from one of the
 * session's allowed origins (403 `origin_not_allowed`, also without an Origin header), of a session
 * still usable (410 `embed_session_disabled` / `embed_session_expired`).
 */
export async function authenticateEmbed(db: Db, token: string | null, origin: string | null): Promise<EmbedCaller> {
  if (!token) throw unauthorized('Missing X-Embed-Token header', 'missing_embed_token');
  const candidate = token.trim();
  if (!isWellFormedEmbedToken(candidate)) throw unauthorized('Malformed embed token', 'invalid_embed_token');
  const [found] = await db
    .select({
      session: embedSessions,
      merchant: { id: merchants.id, name: merchants.name, kybStatus: merchants.kybStatus },
      tenant: { id: tenants.id, merchantId: tenants.merchantId, mode: tenants.mode },
      liveEnabledAt: merchants.liveEnabledAt,
    })
    .from(embedSessions)
    .innerJoin(merchants, eq(merchants.id, embedSessions.merchantId))
    .innerJoin(tenants, eq(tenants.id, embedSessions.tenantId))
    .where(eq(embedSessions.publicToken, candidate));
  if (!found) throw unauthorized('Unknown embed token', 'invalid_embed_token');
  if (found.tenant.mode === 'live' && !found.liveEnabledAt) {
    throw forbidden(
      'This payment button is not available: live mode is off for this merchant',
      'live_mode_not_enabled',
    );
  }
  if (!isAllowedOrigin(origin, found.session.allowedOrigins)) {
    throw forbidden(
      origin
        ? `This payment button is not enabled on ${origin}; the merchant can add it to the session's allowed_origins`
        : 'This payment button only works from the pages it is enabled on (no Origin header was sent)',
      'origin_not_allowed',
    );
  }
  assertUsable(found.session);
  return { session: found.session, merchant: found.merchant, tenant: found.tenant };
}

function assertUsable(session: Pick<EmbedSessionRow, 'status' | 'expiresAt'>) {
  const status = effectiveEmbedStatus(session);
  if (status === 'disabled')
    throw new ApiError(410, 'embed_session_disabled', 'This payment button has been disabled by the merchant');
  if (status === 'expired') throw new ApiError(410, 'embed_session_expired', 'This payment button has expired');
}

/** What the button shows: amounts, label, fields to ask for, and the merchant's look. */
export async function describeButton(db: Db, { session }: EmbedCaller): Promise<EmbedButton> {
  const currency = session.currencyCode;
  const branding = await loadBranding(db, session.merchantId);
  return {
    amounts: allowedAmounts(session).map((a) => toMajorUnits(a, currency)),
    currency_code: currency,
    description: session.description,
    button_label: session.buttonLabel,
    collect_customer_name: session.collectCustomerName,
    collect_customer_phone: session.collectCustomerPhone,
    merchant: {
      display_name: branding.display_name,
      logo_url: branding.logo_url,
      primary_color: branding.primary_color,
      text_color: branding.text_color,
    },
    expires_at: formatTimestamp(session.expiresAt),
  };
}

/**
 * A checkout for the amount the customer chose, which must be one the merchant allowed; everything
 * else (currency, description, meta_data) comes from the session, never from the page. Created by
 * the same verb as the merchant API's checkouts (ledger, event, expiry job), linked to the session
 * in the same transaction.
 */
export async function startEmbedCheckout(
  db: Db,
  caller: EmbedCaller,
  input: CreateEmbedCheckoutInput,
): Promise<EmbedCheckout> {
  const { session, merchant, tenant } = caller;
  const currency = session.currencyCode;
  const problems: FieldError[] = [];
  const chosen = readMoney(input.amount, currency);
  if ('problem' in chosen || !allowedAmounts(session).includes(chosen.minor)) {
    const allowed = allowedAmounts(session).map((a) => toMajorUnits(a, currency));
    problems.push({
      field: 'amount',
      message:
        allowed.length === 1
          ? `must be ${allowed[0]} (this button's amount)`
          : `must be one of this button's amounts: ${allowed.join(', ')}`,
    });
  }
  const field = (name: 'customer_name' | 'customer_phone', collected: boolean) => {
    if (collected && input[name] === undefined) problems.push({ field: name, message: 'is required by this button' });
    if (!collected && input[name] !== undefined)
      problems.push({ field: name, message: 'is not collected by this button' });
  };
  field('customer_name', session.collectCustomerName);
  field('customer_phone', session.collectCustomerPhone);
  if (problems.length) throw unprocessable(problems);

  if (merchant.kybStatus !== 'rejected' && !CHECKOUT_CURRENCIES_BY_KYB[merchant.kybStatus].includes(currency)) {
    throw forbidden(`This merchant cannot accept ${currency} payments at the moment`, 'currency_unavailable');
  }

  return db.transaction(async (tx: Db) => {
    // The session again, share-locked until this checkout commits: a disable committed since the
    // token check is seen here, and one still running waits, so no checkout follows a disable.
    const [current] = await tx
      .select({ status: embedSessions.status, expiresAt: embedSessions.expiresAt })
      .from(embedSessions)
      .where(eq(embedSessions.id, session.id))
      .for('share');
    assertUsable(current ?? { status: 'disabled', expiresAt: null });
    const checkout = await createCheckout(
      { db: tx, merchant, tenant },
      {
        customer_email: input.customer_email,
        amount: input.amount,
        currency_code: currency,
        // Checked against the button's amounts above: a Money by now.
        money: chosen as Money,
        customer_name: input.customer_name ?? null,
        customer_phone: input.customer_phone ?? null,
        description: session.description,
        meta_data: { ...(session.metaData ?? {}), [EMBED_SESSION_META_KEY]: session.id },
      },
    );
    await tx
      .insert(embedSessionCheckouts)
      .values({ checkoutId: checkout.id, embedSessionId: session.id, ...ownerOf(tenant) });
    return {
      checkout_id: checkout.id,
      payment_reference: checkout.payment_reference,
      checkout_url: checkout.checkout_url,
      amount: checkout.amount,
      currency_code: checkout.currency_code,
      expires_at: checkout.expires_at,
    };
  });
}
