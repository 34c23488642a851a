import crypto from 'node:crypto';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { closeDatabase } from '../../lib/platform/db/client';
import { resetConfigForTests } from '../../lib/platform/config';
import { withDatabase } from './global-setup';
import { TEST_SECRETS } from './log-secrets';
import { signatureFailures } from './webhook-signatures';

/**
 * Runs before each integration test file: a fresh database copied from the migrated template, and the
 * environment the service reads. Files run in parallel without seeing each other's rows.
 */
const template = inject('templateDatabase');
const adminUrl = inject('adminDatabaseUrl');
const database = `t_${template.slice(-8)}_${crypto.randomBytes(4).toString('hex')}`;

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
for (let attempt = 0; ; attempt++) {
  try {
    await admin.unsafe(`create database ${database} template ${template}`);
    break;
  } catch (error) {
    // Two files copying the template at the same instant can collide; try again shortly.
    if (attempt >= 20) throw error;
    await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
  }
}

Object.assign(process.env, {
  DATABASE_URL: withDatabase(adminUrl, database),
  API_BASE_URL: 'http://api.payments.test',
  CHECKOUT_BASE_URL: 'https://pay.payments.test',
  ...TEST_SECRETS,
  // As behind a proxy on this machine: tests that need distinct client addresses send X-Forwarded-For.
  TRUSTED_PROXIES: '127.0.0.1',
  PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
  DEFAULT_CHECKOUT_LIFETIME_MINUTES: '60',
  DATABASE_POOL_SIZE: '20',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  // Every line, whatever TEST_LOG_LEVEL shows on the console, goes to the run's log file, which is
  // checked for secrets after the run (tests/support/log-secrets.ts).
  LOG_FILE: inject('logFile'),
  LOG_FILE_LEVEL: 'debug',
});
resetConfigForTests();

afterAll(async () => {
  // Every webhook this file's receivers got verified with Stripe's and Standard Webhooks' libraries.
  const unverified = signatureFailures();
  await closeDatabase();
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
  if (unverified.length > 0) throw new Error(`webhook deliveries not verified:\n${unverified.join('\n')}`);
});
