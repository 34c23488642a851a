import type postgres from 'postgres';
import { expect } from 'vitest';
import type { Db } from '../../../../lib/platform/db/client';
import { ApiError } from '../../../../lib/platform/http/errors';
import type { Refusal } from '../model';

/**
 * The real side of one run: the service's database handle (what the domain verbs take), a verified
 * merchant of its own, and a plain connection for the checks and for what no verb does (ageing
 * deposits, expiring a quote, reading the worker's queue).
 */
export interface Real {
  db: Db;
  sql: postgres.Sql;
  merchantId: string;
  ctx: { db: Db; merchant: { id: string; name: string; kybStatus: 'verified' } };
}

/**
 * A verified merchant with a wallet per currency, in one statement (what createMerchant does, less its
 * API key, which these verbs never look at): onboarding through the API costs more than a command.
 */
export async function freshMerchant(db: Db, sql: postgres.Sql): Promise<Real> {
  const [row] = await sql<{ id: string }[]>`
    with m as (insert into merchants (name, email, kyb_status) values ('Property Shop', 'ops@property.test', 'verified') returning id),
         w as (insert into wallets (merchant_id, currency_id) select m.id, c.id from m cross join currencies c)
    select id from m`;
  if (!row) throw new Error('no merchant inserted');
  const merchant = { id: row.id, name: 'Property Shop', kybStatus: 'verified' as const };
  return { db, sql, merchantId: merchant.id, ctx: { db, merchant } };
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
    if (error instanceof ApiError && error.status < 500) {
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
