import postgres from 'postgres';
import { afterAll } from 'vitest';

/**
 * postgres.js types an untyped query's rows as `Record<string, any>`; here its columns are `unknown`
 * unless the query says what it reads: sql<{ status: string }[]>`select status …`.
 */
export type TestSql = {
  <T extends readonly object[] = Record<string, unknown>[]>(
    template: TemplateStringsArray,
    ...parameters: readonly postgres.ParameterOrFragment<never>[]
  ): postgres.PendingQuery<T>;
} & postgres.Sql;

/**
 * A direct connection to this test file's own database, for arranging states the API cannot reach
 * quickly and for asserting on rows. Closed when the file's tests are done.
 */
export function testSql(): TestSql {
  const sql = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
  afterAll(() => sql.end({ timeout: 5 }));
  return sql as TestSql;
}
