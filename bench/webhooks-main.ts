/** `npm run bench:webhooks`: only the webhook benchmarks (bench/webhooks.ts), on a throwaway database. */
import { startBenchDatabase } from './lib/database';
import { closeDatabase } from '../lib/platform/db/client';
import { printWebhookBench, runWebhookBench } from './webhooks';

const database = await startBenchDatabase();
try {
  printWebhookBench(await runWebhookBench({ postgresDataDir: database.postgresDataDir }));
} finally {
  await closeDatabase();
  await database.stop();
}
