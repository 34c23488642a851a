import { and, count, desc, eq, sql } from 'drizzle-orm';
import { embedSessionCheckouts, embedSessions, type Tenant, ownerOf } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { config } from '../../platform/config';
import { conflict, forbidden, notFound, unprocessable, type FieldError } from '../../platform/http/errors';
import { pagination } from '../../platform/http/envelope';
import { offsetOf } from '../../platform/http/paging';
import { toMajorUnits } from '../../platform/money/amount';
import { readMoney } from '../../platform/money/money';
import { CHECKOUT_CURRENCIES_BY_KYB } from '../../merchants/kyb';
import type { MerchantCtx } from '../../access/endpoints';
import { formatTimestamp } from '../../platform/time';
import type { EmbedSessionView } from './contract';
import type { CreateEmbedSessionInput } from './input';
import { originProblem } from './origins';
import { newEmbedToken } from './token';

export type EmbedSessionRow = typeof embedSessions.$inferSelect;

/** Disabled wins over expired; a session past `expires_at` reads as expired without any sweep. */
export function effectiveEmbedStatus(row: Pick<EmbedSessionRow, 'status' | 'expiresAt'>, now = new Date()) {
  if (row.status === 'disabled') return 'disabled' as const;
  if (row.expiresAt && row.expiresAt <= now) return 'expired' as const;
  return 'active' as const;
}

export const embedScriptUrl = () => `${config().API_BASE_URL}/embed/v1/button.js`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML the merchant pastes: a container, then the async script that fills it. */
export function embedSnippet(row: Pick<EmbedSessionRow, 'id' | 'publicToken'>): string {
  const container = `pay-button-${row.id.slice(0, 8)}`;
  return (
    `<div id="${container}"></div>\n` +
    `<script src="${escapeAttribute(embedScriptUrl())}" data-session="${escapeAttribute(row.publicToken)}" data-container="${container}" async></script>`
  );
}

/** The amounts a session allows, in minor units, in the merchant's order. */
export const allowedAmounts = (row: Pick<EmbedSessionRow, 'amount' | 'amounts'>): bigint[] =>
  row.amount !== null ? [row.amount] : (row.amounts ?? []).map((a) => BigInt(a));

export function presentEmbedSession(row: EmbedSessionRow, checkoutsCreated: number): EmbedSessionView {
  const currency = row.currencyCode;
  return {
    id: row.id,
    merchant_id: row.merchantId,
    public_token: row.publicToken,
    status: effectiveEmbedStatus(row),
    amount: row.amount !== null ? toMajorUnits(row.amount, currency) : null,
    amounts: row.amounts !== null ? row.amounts.map((a) => toMajorUnits(BigInt(a), currency)) : null,
    currency_code: currency,
    description: row.description,
    button_label: row.buttonLabel,
    collect_customer_name: row.collectCustomerName,
    collect_customer_phone: row.collectCustomerPhone,
    meta_data: row.metaData,
    allowed_origins: row.allowedOrigins,
    expires_at: formatTimestamp(row.expiresAt),
    disabled_at: formatTimestamp(row.disabledAt),
    checkouts_created: checkoutsCreated,
    script_url: embedScriptUrl(),
    snippet: embedSnippet(row),
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}

/** Refuses what a checkout would refuse later, at definition time: the currency, each amount, each origin. */
function checkDefinition(merchant: MerchantCtx['merchant'], tenant: Tenant, input: CreateEmbedSessionInput) {
  if (merchant.kybStatus === 'rejected') {
    throw forbidden('This merchant account cannot accept payments (KYB rejected)', 'merchant_rejected');
  }
  const currency = input.currency_code;
  if (!CHECKOUT_CURRENCIES_BY_KYB[merchant.kybStatus].includes(currency)) {
    throw unprocessable([
      {
        field: 'currency_code',
        message: `${currency} is not available to this merchant until its business is verified (KYB ${merchant.kybStatus})`,
      },
    ]);
  }
  const problems: FieldError[] = [];
  const minor = (value: number, field: string): bigint => {
    const money = readMoney(value, currency);
    if (!('problem' in money)) return money.minor;
    problems.push({ field, message: money.problem });
    return 0n;
  };
  const amount = input.amount !== undefined ? minor(input.amount, 'amount') : null;
  const amounts = input.amounts !== undefined ? input.amounts.map((a, i) => minor(a, `amounts.${i}`)) : null;
  input.allowed_origins.forEach((origin, i) => {
    const problem = originProblem(origin, tenant.mode);
    if (problem) problems.push({ field: `allowed_origins.${i}`, message: problem });
  });
  if (problems.length) throw unprocessable(problems);
  return { currency, amount, amounts };
}

export async function createEmbedSession(
  ctx: Pick<MerchantCtx, 'db' | 'merchant' | 'tenant'>,
  input: CreateEmbedSessionInput,
) {
  const { currency, amount, amounts } = checkDefinition(ctx.merchant, ctx.tenant, input);
  const [row] = await ctx.db
    .insert(embedSessions)
    .values({
      ...ownerOf(ctx.tenant),
      publicToken: newEmbedToken(),
      amount,
      amounts,
      currencyCode: currency,
      description: input.description ?? null,
      buttonLabel: input.button_label ?? 'Pay',
      collectCustomerName: input.collect_customer_name ?? false,
      collectCustomerPhone: input.collect_customer_phone ?? false,
      metaData: input.meta_data ?? null,
      allowedOrigins: input.allowed_origins,
      expiresAt: input.expires_at ?? null,
    })
    .returning();
  return presentEmbedSession(row!, 0);
}

const checkoutsCreated = sql<number>`(select count(*)::int from ${embedSessionCheckouts} where ${embedSessionCheckouts.embedSessionId} = ${embedSessions.id})`;

export async function listEmbedSessions(db: Db, tenant: Tenant, query: { page: number; size: number }) {
  const rows = await db
    .select({ row: embedSessions, created: checkoutsCreated })
    .from(embedSessions)
    .where(eq(embedSessions.tenantId, tenant.id))
    .orderBy(desc(embedSessions.createdAt), desc(embedSessions.id))
    .limit(query.size)
    .offset(offsetOf(query));
  const [total] = await db.select({ n: count() }).from(embedSessions).where(eq(embedSessions.tenantId, tenant.id));
  return {
    data: rows.map((r) => presentEmbedSession(r.row, r.created)),
    pagination: pagination(total?.n ?? 0, query.page, query.size),
  };
}

async function findEmbedSession(db: Db, tenant: Tenant, id: string) {
  const [found] = await db
    .select({ row: embedSessions, created: checkoutsCreated })
    .from(embedSessions)
    .where(and(eq(embedSessions.id, id), eq(embedSessions.tenantId, tenant.id)));
  if (!found) throw notFound('Embed session');
  return found;
}

export async function getEmbedSession(db: Db, tenant: Tenant, id: string) {
  const found = await findEmbedSession(db, tenant, id);
  return presentEmbedSession(found.row, found.created);
}

/** active (or expired) → disabled, for good. Twice → 409. */
export async function disableEmbedSession(db: Db, tenant: Tenant, id: string) {
  const [updated] = await db
    .update(embedSessions)
    .set({ status: 'disabled', disabledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(embedSessions.id, id), eq(embedSessions.tenantId, tenant.id), eq(embedSessions.status, 'active')))
    .returning({ id: embedSessions.id });
  if (!updated) {
    await findEmbedSession(db, tenant, id); // 404 when it is not this merchant's
    throw conflict('embed_session_disabled', 'This embed session is already disabled');
  }
  return getEmbedSession(db, tenant, id);
}
