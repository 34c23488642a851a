import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { Logger, runMigrations as runWorkerMigrations } from 'graphile-worker';

const MIGRATION_LOCK = 727_001; // any constant shared by every instance of this service

/**
 * Applies the committed drizzle migrations and graphile-worker's own schema. An advisory lock makes
 * concurrent starts (several app instances) take turns instead of racing.
 */
export async function migrateDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(sql), { migrationsFolder: path.join(process.cwd(), 'drizzle') });
    await runWorkerMigrations({ connectionString: url, logger: silentLogger() });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function silentLogger(): Logger {
  // graphile-worker logs each migration at info level; the start banner already says what happened.
  return new Logger(() => () => {});
}
