import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import type { Readiness, ReadinessNotReady } from './contract';
import { isDraining } from './draining';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

/** The migrations this build ships (drizzle/meta/_journal.json), newest last. */
function shippedMigrations(): Journal['entries'] {
  const file = path.join(process.cwd(), 'drizzle', 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as Journal).entries;
}

/**
 * Readiness, for a load balancer: the database answers and has every migration this build ships
 * (drizzle records each applied one with its journal timestamp). An instance started against an older
 * schema is not ready (503) until the migrations have run; one being stopped is not ready either
 * (`draining`, lib/platform/ops/draining.ts), while it still serves what the balancer sends.
 */
export async function checkReadiness(): Promise<
  { ready: true; body: Readiness } | { ready: false; body: ReadinessNotReady }
> {
  if (isDraining()) return { ready: false, body: { status: 'draining', database: null, migrations: null } };
  const shipped = shippedMigrations();
  const latest = shipped[shipped.length - 1]!;
  try {
    const [row] = await getDb().execute<{ applied: number; latest: string | null }>(
      sql`select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    const applied = row?.applied ?? 0;
    const upToDate = Number(row?.latest ?? 0) >= latest.when && applied >= shipped.length;
    const migrations = { shipped: shipped.length, applied, latest: latest.tag };
    return upToDate
      ? { ready: true, body: { status: 'ready', database: { status: 'up' }, migrations } }
      : { ready: false, body: { status: 'migrations_pending', database: { status: 'up' }, migrations } };
  } catch {
    return { ready: false, body: { status: 'database_unavailable', database: { status: 'down' }, migrations: null } };
  }
}
