/** `npm run worker`: the background worker alone, for running it apart from the web servers. */
import { closeDatabase } from '../lib/platform/db/client';
import { startTracing } from '../lib/platform/ops/tracing';
import { startWorker, survivingDatabaseOutages } from '../lib/worker/worker';
import { prepareEnvironment } from './lib/environment';

const env = await prepareEnvironment();
// This process runs no instrumentation.ts: its jobs' and webhooks' spans are sent from here.
const tracing = await startTracing(env.config, 'worker');
// A database restart must not end the worker: lib/worker/worker.ts says how each part rides it out.
survivingDatabaseOutages();
const worker = await startWorker({
  connectionString: env.config.DATABASE_URL,
  concurrency: env.config.WORKER_CONCURRENCY,
});
console.log(`Worker ${worker.workerId} running (concurrency ${env.config.WORKER_CONCURRENCY}). Ctrl+C to stop.`);

const stop = async () => {
  await worker.stop().catch(() => {});
  await tracing?.stop().catch(() => {});
  await closeDatabase();
  await env.embedded?.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
