import { eq, sql } from 'drizzle-orm';
import { startBenchDatabase } from './lib/database';
import { getDb, getSql } from '../lib/platform/db/client';
import { checkouts } from '../lib/platform/db/schema';
import { createCheckout } from '../lib/checkout/create-checkout';
import { createCheckoutInput } from '../lib/checkout/input';
import { findTenant } from '../lib/operator/merchants/tenants';
import { merchants } from '../lib/platform/db/schema';

const N = 3000;
async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await run();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await run();
  const wall = ((performance.now() - t0) * 1000) / N;
  const c = process.cpuUsage(cpu0);
  console.log(`${name.padEnd(40)} wall ${wall.toFixed(1)} µs  node CPU ${((c.user + c.system) / N).toFixed(1)} µs`);
}
const database = await startBenchDatabase();
try {
  const db = getDb();
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, database.merchant.id));
  const tenant = await findTenant(db, database.merchant.id, 'test');
  const created = await createCheckout(
    { db, merchant: merchant!, tenant },
    createCheckoutInput.parse({ amount: 10, currency_code: 'GHS', customer_email: 'a@b.co' }),
  );
  const id = created.id;
  const prepared = db
    .select()
    .from(checkouts)
    .where(eq(checkouts.id, sql.placeholder('id')))
    .prepare('checkout_by_id');
  const raw = getSql();
  await time('select 1 (postgres.js)', () => raw`select 1`);
  await time('checkout row: postgres.js raw', () => raw`select * from checkouts where id = ${id}`);
  await time('checkout row: drizzle', () => db.select().from(checkouts).where(eq(checkouts.id, id)));
  await time('checkout row: drizzle .prepare()', () => prepared.execute({ id }));
  await time('checkout row: drizzle execute(sql)', () => db.execute(sql`select * from checkouts where id = ${id}`));
} finally {
  await database.stop();
}
