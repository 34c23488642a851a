import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import * as schema from '../../lib/platform/db/schema';
import type { Db } from '../../lib/platform/db/client';

/** One statement a traced handle sent, with the time until the next one was sent (or the end). */
export interface TracedStatement {
  query: string;
  parameters: unknown[];
  ms: number;
}

/**
 * A database handle like lib/platform/db/client.ts's (same drizzle options), whose client records each
 * statement it sends, with its parameters: to time a sequential verb statement by statement (the gap
 * to the next statement is the time this one took, round trip and the JavaScript around it included),
 * or to EXPLAIN exactly what a verb runs.
 */
export function tracedDatabase(url: string) {
  const sent: Array<{ at: number; query: string; parameters: unknown[] }> = [];
  const client = postgres(url, {
    max: 10,
    onnotice: () => {},
    connection: { application_name: 'merchant-payments-bench', TimeZone: 'UTC' },
    debug: (_connection, query, parameters) => sent.push({ at: performance.now(), query, parameters: [...parameters] }),
  });
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const statementsSince = (start: number, end = performance.now()): TracedStatement[] => {
    const inRun = sent.filter((s) => s.at >= start);
    return inRun.map((s, i) => ({ query: s.query, parameters: s.parameters, ms: (inRun[i + 1]?.at ?? end) - s.at }));
  };
  return { db, client, statementsSince, end: () => client.end({ timeout: 5 }) };
}

/** Statements grouped by shape (IN-lists and VALUES collapsed), slowest first. */
export function statementBreakdown(
  statements: TracedStatement[],
): Array<{ statement: string; count: number; ms: number }> {
  const groups = new Map<string, { statement: string; count: number; ms: number }>();
  for (const s of statements) {
    const shape = s.query
      .replaceAll(/\(\$\d+(, \$\d+)+\)/g, '(…)')
      .replaceAll(/(\((?:\$\d+|default)(?:, (?:\$\d+|default))*\),? ?){2,}/g, '(…), … ')
      .replaceAll(/\s+/g, ' ')
      .trim();
    const key = shape.slice(0, 160);
    const params = s.parameters.length ? ` [${s.parameters.length} params]` : '';
    const group = groups.get(key) ?? { statement: `${key}${shape.length > 160 ? '…' : ''}${params}`, count: 0, ms: 0 };
    group.count++;
    group.ms += s.ms;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.ms - a.ms);
}
