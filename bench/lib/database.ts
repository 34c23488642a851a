import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';
import { closeDatabase, getDb } from '../../lib/platform/db/client';
import { createMerchant } from '../../lib/operator/merchants/create-merchant';
import { POSTGRES_PROFILING_SETTINGS, PROFILING } from './profile';

export interface BenchDatabase {
  url: string;
  /** The server's data directory (its postmaster's `-D`), for CPU accounting. */
  postgresDataDir: string;
  merchant: { id: string; apiKey: string };
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL for one bench run: its own temporary data directory (never .data/), the
 * committed migrations, and one KYB-verified merchant with a full-access key. Sets DATABASE_URL and
 * the secrets in process.env, so the `next start` spawned afterwards inherits them.
 */
export async function startBenchDatabase(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'merchant-payments-bench-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let embedded;
  try {
    embedded = await startEmbeddedPostgres({
      dataDir,
      persistent: false,
      settings: PROFILING ? POSTGRES_PROFILING_SETTINGS : [],
    });
  } catch (error) {
    removeDataDir();
    throw error;
  }
  const stop = async () => {
    await closeDatabase().catch(() => {});
    await embedded.stop().catch(() => {});
    removeDataDir();
  };
  try {
    process.env.DATABASE_URL = embedded.url;
    process.env.CHECKOUT_TOKEN_SECRET = crypto.randomBytes(32).toString('base64url');
    process.env.ADMIN_API_TOKEN = crypto.randomBytes(32).toString('base64url');
    process.env.AUTH_SECRET = crypto.randomBytes(32).toString('base64url');
    await migrateDatabase(embedded.url);
    const created = await createMerchant(getDb(), {
      input: { name: 'Bench Store', email: 'bench@merchant.test', kyb_status: 'verified' },
      createdBy: null,
    });
    // The server has its own pool; this process needs none while the load runs.
    await closeDatabase();
    return {
      url: embedded.url,
      postgresDataDir: path.join(dataDir, 'pg'),
      merchant: { id: created.merchant.id, apiKey: created.api_key.secret_key },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * ANALYZE, as autovacuum would have by then on a database that grew at a normal rate. The create
 * scenario adds ~10,000 checkouts in ten seconds, and autovacuum looks at most once a minute
 * (autovacuum_naptime): the next scenarios' statements kept plans made when the table held 20 rows (a
 * sequential scan and a sort; 1 ms of PostgreSQL per list instead of 0.2), or not, by luck. ANALYZE
 * also drops the connections' cached plans, so the warm-up that follows makes them afresh.
 */
export async function analyzeDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`analyze`;
  } finally {
    await sql.end();
  }
}
