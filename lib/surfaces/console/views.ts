import { z } from 'zod';
import { and, desc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import { listAwaitingApproval } from '../../collections/approvals/approvals';
import { listCheckoutsQuery } from '../../checkout/input';
import { getLedgerReconciliation } from '../../books/ledger/contract';
import { reconcileLedger } from '../../books/ledger/reconcile';
import { presentBatch } from '../../books/settlement/present';
import { presentWallet } from '../../books/wallets/present';
import { unresolvedQuery } from '../../operator/rails/contract';
import { listUnresolvedOnRails } from '../../operator/rails/unresolved';
import { listAdminKeys } from '../../operator/admin-keys/admin-keys';
import { listApplications } from '../../operator/go-live/review';
import { readApplication } from '../../operator/go-live/read';
import { maskAccountNumber } from '../../operator/go-live/review';
import { currencies, merchants, settlementBatches, tenants, wallets, webhookEndpoints } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/errors';
import { validate } from '../../platform/http/parse';
import { formatTimestamp } from '../../platform/time';
import { refusedWhileDatabaseAway, type FormValues } from '../dashboard/perform';
import { operatorContext, type OperatorCtx } from './operator';
import { NO_OPERATOR_MESSAGES, type ConsoleOutcome } from './perform-operator';

/**
 * What each console page shows, by name, read only behind the operator check (`readConsoleView`):
 * the pages and the tests go through the same gate. Where the operator API has the read (approvals,
 * reconciliation, the rails), its query schema and verb; the merchant list, the holds and webhook
 * health are the console's own queries across merchants.
 */
const noQuery = z.strictObject({});

const goLiveQuery = z.strictObject({ merchant_id: z.uuid({ error: 'must be a UUID' }).optional() });

/** Go-live applications to review, and the one chosen (`merchant_id`) in full, documents listed. */
async function goLiveView(ctx: OperatorCtx, merchantId: string | undefined) {
  const applications = await listApplications(ctx.db);
  const chosen = merchantId ? await readApplication(ctx.db, merchantId) : null;
  const name = applications.find((a) => a.merchant_id === merchantId)?.merchant_name ?? null;
  if (!chosen || chosen.status === 'draft') return { applications, selected: null };
  // The settlement account is masked here, so the page never holds the full number: "show" asks for it.
  const masked = <A extends { account_number: string | null; phone_number: string | null }>(a: A) => ({
    ...a,
    account_number: maskAccountNumber(a.account_number),
    phone_number: maskAccountNumber(a.phone_number),
  });
  return {
    applications,
    selected: { ...masked(chosen), earlier: chosen.earlier.map(masked), merchant_name: name },
  };
}

/** Every merchant, newest first (the operator API has no list; the console needs one). */
async function merchantList(ctx: OperatorCtx) {
  const rows = await ctx.db
    .select({
      id: merchants.id,
      name: merchants.name,
      email: merchants.email,
      kybStatus: merchants.kybStatus,
      liveEnabledAt: merchants.liveEnabledAt,
      createdAt: merchants.createdAt,
    })
    .from(merchants)
    .orderBy(desc(merchants.createdAt), desc(merchants.id))
    .limit(500);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    kyb_status: m.kybStatus,
    live_enabled_at: formatTimestamp(m.liveEnabledAt),
    created_at: formatTimestamp(m.createdAt)!,
  }));
}

async function settlementView(ctx: OperatorCtx) {
  const [held, batches, merchantNames] = await Promise.all([
    ctx.db
      .select({ wallet: wallets, code: currencies.code, mode: tenants.mode, merchantName: merchants.name })
      .from(wallets)
      .innerJoin(currencies, eq(currencies.id, wallets.currencyId))
      .innerJoin(tenants, eq(tenants.id, wallets.tenantId))
      .innerJoin(merchants, eq(merchants.id, wallets.merchantId))
      .where(eq(wallets.settlementHold, true))
      .orderBy(merchants.name, currencies.code)
      .limit(500),
    ctx.db
      .select({ batch: settlementBatches, merchantName: merchants.name })
      .from(settlementBatches)
      .innerJoin(merchants, eq(merchants.id, settlementBatches.merchantId))
      .orderBy(desc(settlementBatches.createdAt), desc(settlementBatches.id))
      .limit(20),
    ctx.db.select({ id: merchants.id, name: merchants.name }).from(merchants).orderBy(merchants.name).limit(500),
  ]);
  return {
    holds: held.map((h) => ({
      ...presentWallet(h.wallet, h.code, 'operator'),
      currency_code: h.code,
      mode: h.mode,
      merchant_name: h.merchantName,
    })),
    batches: batches.map((b) => ({ ...presentBatch(b.batch), merchant_name: b.merchantName })),
    merchants: merchantNames,
  };
}

/** Endpoints whose deliveries are failing or that were switched off, with their merchant and last success. */
async function webhookHealth(ctx: OperatorCtx) {
  const rows = await ctx.db
    .select({ endpoint: webhookEndpoints, mode: tenants.mode, merchantName: merchants.name })
    .from(webhookEndpoints)
    .innerJoin(tenants, eq(tenants.id, webhookEndpoints.tenantId))
    .innerJoin(merchants, eq(merchants.id, webhookEndpoints.merchantId))
    .where(
      and(
        isNull(webhookEndpoints.deletedAt),
        or(
          isNotNull(webhookEndpoints.failingSince),
          isNotNull(webhookEndpoints.disabledAt),
          eq(webhookEndpoints.enabled, false),
        ),
      ),
    )
    .orderBy(desc(webhookEndpoints.failingSince), merchants.name)
    .limit(500);
  return rows.map(({ endpoint: e, mode, merchantName }) => ({
    id: e.id,
    merchant_id: e.merchantId,
    merchant_name: merchantName,
    mode,
    url: e.url,
    enabled: e.enabled,
    failing_since: formatTimestamp(e.failingSince),
    disabled_at: formatTimestamp(e.disabledAt),
    disabled_reason: e.disabledReason,
    last_success_at: formatTimestamp(e.lastSuccessAt),
  }));
}

/** The rails' report, with the names of the merchants it names. */
async function unresolvedView(ctx: OperatorCtx, olderThanMinutes: number) {
  const report = await listUnresolvedOnRails(ctx.db, olderThanMinutes);
  const ids = [...new Set([...report.attempts, ...report.payouts].map((r) => r.merchant_id))];
  const names = ids.length
    ? await ctx.db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, ids))
    : [];
  return { ...report, merchant_names: Object.fromEntries(names.map((m) => [m.id, m.name])) as Record<string, string> };
}

const optional = (value: string | undefined) => (value ? value : undefined);

export const CONSOLE_VIEWS = {
  merchants: (ctx: OperatorCtx, query: FormValues) => (validate(noQuery, query), merchantList(ctx)),
  approvals: (ctx: OperatorCtx, query: FormValues) =>
    listAwaitingApproval(
      ctx.db,
      validate(listCheckoutsQuery, { limit: optional(query.limit), offset: optional(query.offset) }),
    ),
  settlement: (ctx: OperatorCtx, query: FormValues) => (validate(noQuery, query), settlementView(ctx)),
  reconciliation: (ctx: OperatorCtx, query: FormValues) =>
    reconcileLedger(
      ctx.db,
      validate(getLedgerReconciliation.query!, { merchant_id: optional(query.merchant_id) }).merchant_id,
    ),
  unresolved: (ctx: OperatorCtx, query: FormValues) =>
    unresolvedView(
      ctx,
      validate(unresolvedQuery, { older_than_minutes: optional(query.older_than_minutes) }).older_than_minutes,
    ),
  webhooks: (ctx: OperatorCtx, query: FormValues) => (validate(noQuery, query), webhookHealth(ctx)),
  keys: (ctx: OperatorCtx, query: FormValues) => (validate(noQuery, query), listAdminKeys(ctx.db)),
  goLive: (ctx: OperatorCtx, query: FormValues) =>
    goLiveView(ctx, validate(goLiveQuery, { merchant_id: optional(query.merchant_id) }).merchant_id),
};
export type ConsoleViewName = keyof typeof CONSOLE_VIEWS;
export type ConsoleViewOf<N extends ConsoleViewName> = Awaited<ReturnType<(typeof CONSOLE_VIEWS)[N]>>;

/**
 * A page's data for the person behind `headers`: only an operator with two-factor gets it. While the
 * database cannot be reached the page says so (`database_unavailable`) instead of failing.
 */
export async function readConsoleView<N extends ConsoleViewName>(
  name: N,
  headers: Headers,
  query: FormValues = {},
): Promise<ConsoleOutcome<ConsoleViewOf<N>>> {
  return refusedWhileDatabaseAway(() => readView(name, headers, query), { view: name });
}

async function readView<N extends ConsoleViewName>(
  name: N,
  headers: Headers,
  query: FormValues,
): Promise<ConsoleOutcome<ConsoleViewOf<N>>> {
  const found = await operatorContext(headers);
  if (!found.ok) return { ok: false, code: found.reason, message: NO_OPERATOR_MESSAGES[found.reason], fields: [] };
  try {
    return { ok: true, data: (await CONSOLE_VIEWS[name](found.ctx, query)) as ConsoleViewOf<N> };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, code: error.code, message: error.message, fields: error.fields };
    throw error;
  }
}
