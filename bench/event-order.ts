/**
 * `npm run bench:event-order`: what the trigger that keeps a resource's events in order
 * (`events_strictly_ordered_per_resource`, migration 0045) costs on the paths that write events, in
 * this process on a throwaway database, with the trigger on and off in the same run, interleaved,
 * over BENCH_ROUNDS rounds (default 3):
 *  - create a checkout (one event of a new resource: the trigger finds no earlier one);
 *  - a payment's events (`checkout.processing` then `checkout.paid` of one checkout, one transaction:
 *    the second finds the first), on a table already holding BENCH_EVENTS events (default 100,000).
 * Prints mean microseconds per operation and the ratio on/off of each round.
 */
import { sql } from 'drizzle-orm';
import { startBenchDatabase } from './lib/database';
import { getDb } from '../lib/platform/db/client';
import { authenticateMerchant } from '../lib/access/merchant-auth';
import { createCheckout } from '../lib/checkout/create-checkout';
import { createCheckoutInput } from '../lib/checkout/input';
import { events } from '../lib/platform/db/schema';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3) || 3);
const CALLS = Math.max(100, Number(process.env.BENCH_CALLS ?? 1500) || 1500);
const BACKGROUND = Math.max(0, Number(process.env.BENCH_EVENTS ?? 100_000) || 0);
const TRIGGER = 'events_strictly_ordered_per_resource';

async function timed(run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 100; i++) await run(i); // warm-up: JIT, prepared statements
  const started = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await run(i);
  return Number(process.hrtime.bigint() - started) / 1000 / CALLS;
}

async function main() {
  const database = await startBenchDatabase();
  try {
    const db = getDb();
    const { merchant, tenant } = await authenticateMerchant(db, database.merchant.apiKey);
    const body = createCheckoutInput.parse({ customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' });
    const event = (resourceId: string, eventType: string) => ({
      merchantId: merchant.id,
      tenantId: tenant.id,
      eventType,
      resourceType: 'checkout',
      resourceId,
      data: { id: resourceId, status: eventType.slice('checkout.'.length) },
    });
    // Other resources' events, so that the trigger's lookup runs on a table of realistic size.
    await db.execute(sql`
      insert into events (merchant_id, tenant_id, event_type, resource_type, resource_id, data)
      select ${merchant.id}, ${tenant.id}, 'checkout.created', 'checkout', gen_random_uuid(), '{}'::jsonb
        from generate_series(1, ${BACKGROUND})`);
    await db.execute(sql`vacuum analyze events`);

    const scenarios = {
      'create a checkout': () => createCheckout({ db, merchant, tenant }, body),
      "a payment's two events, one transaction": () =>
        db.transaction(async (tx) => {
          const id = crypto.randomUUID();
          await tx.insert(events).values(event(id, 'checkout.processing'));
          await tx.insert(events).values(event(id, 'checkout.paid'));
        }),
    };
    console.log(`\nThe events-order trigger, on and off, ${CALLS} calls each, ${BACKGROUND} events already there:\n`);
    for (const [name, run] of Object.entries(scenarios)) {
      for (let round = 1; round <= ROUNDS; round++) {
        const figures: Record<'on' | 'off', number> = { on: 0, off: 0 };
        // Alternate which goes first, so that neither always runs on the warmer cache.
        for (const state of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
          await db.execute(sql.raw(`alter table events ${state === 'on' ? 'enable' : 'disable'} trigger ${TRIGGER}`));
          figures[state] = await timed(run);
        }
        console.log(
          `  ${name.padEnd(42)} round ${round}: on ${figures.on.toFixed(0).padStart(6)} µs, off ${figures.off
            .toFixed(0)
            .padStart(6)} µs, ratio ${(figures.on / figures.off).toFixed(3)}`,
        );
      }
    }
    await db.execute(sql.raw(`alter table events enable trigger ${TRIGGER}`));
  } finally {
    await database.stop();
  }
}

await main();
