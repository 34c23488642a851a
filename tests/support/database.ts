import postgres from 'postgres';
import { afterAll } from 'vitest';

/**
 * A direct connection to this test file's own database, for arranging states the API cannot reach
 * quickly and for asserting on rows. Closed when the file's tests are done.
 */
export function testSql(): postgres.Sql {
  const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
  afterAll(() => sql.end({ timeout: 5 }));
  return sql;
}
