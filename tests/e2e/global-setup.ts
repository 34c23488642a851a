import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import type { FullConfig } from '@playwright/test';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';
import { closeDatabase } from '../../lib/platform/db/client';
import { resetConfigForTests } from '../../lib/platform/config';
import { startWorker, type RunningWorker } from '../../lib/worker/worker';
import { buildIfNeeded, require_next } from '../../scripts/lib/next-build';
import { startProvidersForBrowsers } from './provider-control';

/**
 * The whole service for one browser run, the way `npm start` runs it, but throwaway: a build if the
 * sources changed, an embedded PostgreSQL in a temporary directory, `next start` on 127.0.0.1, and
 * the background worker in this (the runner's) process, so sandbox answers, time-outs and expiry
 * jobs happen for real. Tests read E2E_BASE_URL, E2E_ADMIN_TOKEN and E2E_DATABASE_URL.
 */
export default async function globalSetup(config: FullConfig) {
  const root = config.configFile ? path.dirname(config.configFile) : process.cwd();
  if (process.cwd() !== root) process.chdir(root);
  process.env.NEXT_TELEMETRY_DISABLED = '1';

  // First, before anything needs stopping: a failed build exits the process.
  buildIfNeeded();

  const port = Number(process.env.E2E_PORT);
  if (!port) throw new Error('E2E_PORT is not set: run the browser tests through playwright.config.ts');
  const baseUrl = `http://127.0.0.1:${port}`;

  const cleanups: Array<() => Promise<unknown>> = [];
  const teardown = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((error: unknown) => console.error('e2e teardown:', error));
  };

  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-e2e-pg-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, persistent: false });
    cleanups.push(() => embedded.stop());

    Object.assign(process.env, {
      DATABASE_URL: embedded.url,
      // As `npm start` on the embedded database: the dev mailbox exists (tests/e2e/dashboard-*.spec.ts read it).
      DATABASE_EMBEDDED: 'true',
      CHECKOUT_TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
      ADMIN_API_TOKEN: crypto.randomBytes(32).toString('base64url'),
      AUTH_SECRET: crypto.randomBytes(32).toString('base64url'),
      SANDBOX_MOBILE_MONEY_DELAY_SECONDS: '1',
      MOBILE_MONEY_ATTEMPT_TIMEOUT_SECONDS: '10',
      HOST: '127.0.0.1',
      PORT: String(port),
      API_BASE_URL: baseUrl,
      CHECKOUT_BASE_URL: baseUrl,
      // Every test's browser comes from 127.0.0.1: keep the per-address limit out of the way.
      CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE: '100000',
      // The same for sign-in and codes: two workers signing people in and asking codes from one address
      // went past 10 a minute ("Too many attempts", 2026-12-02). The per-account limits stay as shipped.
      SIGN_IN_IP_LIMIT_PER_MINUTE: '100000',
      // The service's own support contact: the page shows it where a merchant set none.
      SUPPORT_EMAIL: 'help@payments.test',
      SUPPORT_URL: 'https://payments.test/help',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      WORKER_IN_PROCESS: 'false',
    });
    // Live mode goes to Paystack's and MTN MoMo's contract servers on 127.0.0.1 (tests/e2e/provider-control.ts).
    const providers = await startProvidersForBrowsers(baseUrl);
    cleanups.push(providers.stop);
    Object.assign(process.env, providers.env, { E2E_PROVIDERS_URL: providers.controlUrl });
    resetConfigForTests();
    await migrateDatabase(embedded.url);

    const server = await startNext(port, baseUrl);
    cleanups.push(server.stop);

    const worker: RunningWorker = await startWorker({ connectionString: embedded.url, concurrency: 4 });
    cleanups.push(() => closeDatabase());
    cleanups.push(() => worker.stop());

    process.env.E2E_BASE_URL = baseUrl;
    process.env.E2E_ADMIN_TOKEN = process.env.ADMIN_API_TOKEN;
    process.env.E2E_DATABASE_URL = embedded.url;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

const READY_TIMEOUT_MS = 30_000;

async function startNext(port: number, baseUrl: string): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [require_next(), 'start', '-H', '127.0.0.1', '-p', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env },
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output = (output + text).slice(-16_384);
    // Warnings and errors of the server (LOG_LEVEL=warn) are worth seeing next to a failing test.
    if (process.env.E2E_SERVER_OUTPUT !== '0' && !/^\s*(▲|✓|- (Local|Network)|Starting|Ready in)/.test(text)) {
      process.stderr.write(`[next] ${text}`);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timedOut = await Promise.race([
      exit.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 5_000).unref()),
    ]);
    if (timedOut) {
      child.kill('SIGKILL');
      await exit;
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`next start exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status < 500) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`next start did not answer on ${baseUrl} within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}
