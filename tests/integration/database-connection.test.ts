import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../lib/platform/db/client';

/**
 * The app's connections (lib/platform/db/client.ts): statements prepared once per connection, with
 * PostgreSQL's own plan caching (planning every call cost reads 30-50 % more CPU), UTC, and named in
 * pg_stat_activity.
 */
describe("the app's database connections", () => {
  it("keep PostgreSQL's plan caching, in UTC, under the service name", async () => {
    const db = getDb();
    const [row] = await db.execute<{ plan: string; zone: string; name: string }>(
      sql`select current_setting('plan_cache_mode') as plan, current_setting('TimeZone') as zone,
                 current_setting('application_name') as name`,
    );
    expect(row).toEqual({ plan: 'auto', zone: 'UTC', name: 'merchant-payments' });
    // Inside a transaction too (drizzle runs them on the same prepared client).
    const inside = await db.transaction((tx) =>
      tx.execute<{ plan: string }>(sql`select current_setting('plan_cache_mode') as plan`),
    );
    expect(inside[0]).toEqual({ plan: 'auto' });
  });

  it('reuses a prepared statement: the same text is prepared once per connection', async () => {
    const db = getDb();
    const marker = `prepared-${Date.now()}`;
    for (let i = 0; i < 3; i++) await db.execute(sql`select ${marker}::text as marker, ${i}::int as i`);
    const prepared = await db.transaction(async (tx) => {
      await tx.execute(sql`select ${marker}::text as marker, ${0}::int as i`);
      return tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%::text as marker, $2::int as i%`}`,
      );
    });
    expect(prepared[0]!.n).toBe(1);
  });
});
