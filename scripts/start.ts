/**
 * `npm start`: database (embedded unless DATABASE_URL is set), migrations, demo merchant, a build if
 * needed, then `next start` and the background worker, and a banner saying how to use it all.
 */
import { spawn } from 'node:child_process';
import { closeDatabase } from '../lib/platform/db/client';
import type { Config } from '../lib/platform/config';
import { startWorker, survivingDatabaseOutages, type RunningWorker } from '../lib/worker/worker';
import { startTracing } from '../lib/platform/ops/tracing';
import path from 'node:path';
import { DATA_DIR, prepareEnvironment } from './lib/environment';
import { ensureDemoMerchant, type DemoMerchant } from './lib/demo-merchant';
import { buildIfNeeded, require_next } from './lib/next-build';
import { stopServer } from './lib/graceful-stop';

process.env.NEXT_TELEMETRY_DISABLED = '1';

async function main() {
  const env = await prepareEnvironment();
  const { config } = env;
  const demo = env.embedded || process.env.SEED_DEMO_MERCHANT === 'true' ? await ensureDemoMerchant() : null;
  buildIfNeeded();

  // The IPC channel carries "drain" and "flush" (scripts/lib/graceful-stop.ts).
  const server = spawn(process.execPath, [require_next(), 'start', '-p', String(config.PORT), '-H', config.HOST], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env },
  });
  if (config.WORKER_IN_PROCESS) survivingDatabaseOutages();
  // The worker runs in this process, not Next's (whose traces instrumentation.ts starts).
  const tracing = config.WORKER_IN_PROCESS ? await startTracing(config, 'worker') : null;
  const worker: RunningWorker | null = config.WORKER_IN_PROCESS
    ? await startWorker({ connectionString: config.DATABASE_URL, concurrency: config.WORKER_CONCURRENCY })
    : null;

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Out of the balancer's rotation first, then the requests in flight finished (within systemd's
    // TimeoutStopSec of 30 s, deploy/systemd/payments-web.service).
    await stopServer(server, { drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000, graceMs: 25_000 });
    await worker?.stop().catch(() => {});
    await tracing?.stop().catch(() => {});
    await closeDatabase().catch(() => {});
    await env.embedded?.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  server.on('exit', (code) => void shutdown(code ?? 1));

  await waitUntilServing(`http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}/api/health`);
  printBanner(env, demo, worker !== null);
}

async function waitUntilServing(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The web server did not answer on ${url}`);
}

/** Where the dashboard's email goes: the dev mailbox exists only on the embedded database without SMTP. */
function mailNote(config: Config, base: string): string {
  if (config.SMTP_URL) return 'goes out over SMTP_URL';
  if (config.DATABASE_EMBEDDED) return `stays here: read it at ${base}/dev/mailbox`;
  return 'is kept in the database, unsent: set SMTP_URL';
}

function printBanner(
  env: Awaited<ReturnType<typeof prepareEnvironment>>,
  demo: DemoMerchant | null,
  workerInProcess: boolean,
) {
  const { config } = env;
  const base = config.API_BASE_URL;
  const lines = [
    '',
    'Merchant Payments is running',
    `  URL:            ${base}`,
    `  Dashboard:      ${base}/sign-up (create an account; email ${mailNote(config, base)})`,
    `  Health:         ${base}/api/health`,
    `  API reference:  ${base}/docs (OpenAPI: ${base}/api/openapi.json)`,
    `  Database:       ${env.embedded ? `embedded PostgreSQL (data in ${path.relative(process.cwd(), path.join(DATA_DIR, 'pg'))})` : 'DATABASE_URL'}`,
    `  Worker:         ${workerInProcess ? 'in this process' : 'not here (WORKER_IN_PROCESS=false): run `npm run worker`'}`,
    `  Test mode:      sandbox rails (sk_test_ keys)`,
    `  Live mode:      ${config.LIVE_ROUTES.map((r) => `${r.currency} ${r.method} ${r.country} → ${r.instance}`).join(', ') || 'no rail configured (LIVE_ROUTES): live checkouts offer no method'}`,
    `  Support:        ${[config.SUPPORT_EMAIL, config.SUPPORT_PHONE, config.SUPPORT_URL].filter(Boolean).join(', ') || "none set: the hosted page shows only merchants' own contacts (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_URL)"}`,
  ];
  if (env.generatedSecrets.length) {
    lines.push(
      `  Dev secrets:    ${env.generatedSecrets.join(', ')} generated for the embedded database (${path.relative(process.cwd(), path.join(DATA_DIR, 'dev-secrets.json'))}).`,
      '                  Never use them in production: set them in the environment.',
    );
  }
  // Secrets are printed only for the embedded development database, which generated them; with
  // DATABASE_URL set the banner shows none (a seeded demo key stays in its file, mode 600).
  if (env.embedded && config.ADMIN_API_TOKEN)
    lines.push(`  Admin token:    ${config.ADMIN_API_TOKEN} (bootstrap: until an operator makes an admin key)`);
  if (demo) {
    const key = env.embedded ? demo.api_key : '$KEY';
    lines.push(
      `  Demo merchant:  ${demo.name} (${demo.merchant_id})`,
      env.embedded
        ? `  Demo API key:   ${demo.api_key}`
        : `  Demo API key:   not printed (DATABASE_URL is set): see ${path.relative(process.cwd(), path.join(DATA_DIR, 'demo-merchant.json'))}`,
      '',
      'Create a checkout:',
      `  curl -s -X POST ${base}/api/v1/merchants/checkouts \\`,
      `    -H 'x-api-key: ${key}' -H 'content-type: application/json' \\`,
      `    -d '{"customer_email":"ada@example.com","amount":25.50,"currency_code":"GHS","meta_data":{"order_id":"1001"}}'`,
    );
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
