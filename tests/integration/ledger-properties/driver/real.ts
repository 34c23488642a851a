import type postgres from 'postgres';
import { expect } from 'vitest';
import type { Db } from '../../../../lib/platform/db/client';
import { ApiError } from '../../../../lib/platform/http/errors';
import type { Refusal } from '../model';
import type { Tenant } from '../../../../lib/platform/db/schema';
import type { Mode } from '../../../../lib/platform/vocabulary';

/**
 * The real side of one run: the service's database handle (what the domain verbs take), a verified
 * merchant of its own, and a plain connection for the checks and for what no verb does (ageing
 * deposits, expiring a quote, reading the worker's queue).
 */
export interface Real {
  db: Db;
  sql: postgres.Sql;
  merchantId: string;
  tenant: Tenant;
  ctx: { db: Db; merchant: { id: string; name: string; kybStatus: 'verified' }; tenant: Tenant };
}

/**
 * A verified merchant with a wallet per currency in the tenant of `mode` (live mode enabled for a live
 * one), in one statement: what createMerchant and the operator's live switch do, less the API key,
 * which these verbs never look at. Onboarding through the API costs more than a command.
 */
export async function freshMerchant(db: Db, sql: postgres.Sql, mode: Mode = 'test'): Promise<Real> {
  const [row] = await sql<{ id: string; tenant_id: string }[]>`
    with m as (insert into merchants (name, email, kyb_status, live_enabled_at)
               values ('Property Shop', 'ops@property.test', 'verified', ${mode === 'live' ? new Date() : null})
               returning id),
         t as (insert into tenants (merchant_id, mode) select id, ${mode} from m returning id, merchant_id),
         w as (insert into wallets (merchant_id, tenant_id, currency_id) select t.merchant_id, t.id, c.id from t cross join currencies c)
    select merchant_id as id, id as tenant_id from t`;
  if (!row) throw new Error('no merchant inserted');
  const merchant = { id: row.id, name: 'Property Shop', kybStatus: 'verified' as const };
  const tenant: Tenant = { id: row.tenant_id, merchantId: row.id, mode };
  return { db, sql, merchantId: merchant.id, tenant, ctx: { db, merchant, tenant } };
}

/** What the test prints at the end: runs, commands per kind, expected refusals, money-out outcomes. */
export interface Stats {
  runs: number;
  commands: number;
  refusals: number;
  /** Commands run, by Step.name (the funding steps included). */
  byCommand: Record<string, number>;
  /** How withdrawals, payouts, cancels and the rail went (see `count`). */
  moneyOut: Record<string, number>;
}

export const stats: Stats = { runs: 0, commands: 0, refusals: 0, byCommand: {}, moneyOut: {} };

/** Counts a money-out outcome for the stats line. */
export const count = (what: string) => {
  stats.moneyOut[what] = (stats.moneyOut[what] ?? 0) + 1;
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** A refusal (ApiError) is an outcome to compare with the model; anything else fails the run. */
export async function attempt<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    // A refusal: a 4xx, or live mode's 503 when no rail takes the money (nothing moved either way).
    if (error instanceof ApiError && (error.status < 500 || error.code === 'rail_unavailable')) {
      stats.refusals++;
      return { ok: false, error };
    }
    throw error;
  }
}

export function expectRefusal(outcome: Outcome<unknown>, status: number, code: string) {
  const got = outcome.ok
    ? `success ${JSON.stringify(outcome.value)}`
    : `${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`;
  expect(got, `expected ${status} ${code}`).toMatch(new RegExp(`^${status} ${code}:`));
}

/** The refusal the model predicted. */
export const expectRefused = (outcome: Outcome<unknown>, refusal: Refusal) =>
  expectRefusal(outcome, refusal.status, refusal.code);

export function expectSuccess<T>(outcome: Outcome<T>): T {
  if (!outcome.ok)
    throw new Error(`expected success, got ${outcome.error.status} ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}
