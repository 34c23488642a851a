import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

/**
 * `BENCH_PROFILE=1`: where each request's time goes. next runs under `--cpu-prof` (the profile is
 * written when it stops: summarise it with `npm run bench:profile -- <file>`), and PostgreSQL loads
 * pg_stat_statements: each scenario's statements are read after its measurement, per request.
 */
export const PROFILING = process.env.BENCH_PROFILE === '1';

export const PROFILE_DIR = path.resolve('bench', 'results', 'profiles');

export function nextProfilingArgs(): string[] {
  if (!PROFILING) return [];
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  // A sample every 200 µs: the default 1 ms sees too little of a 3 ms request.
  return ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, '--cpu-prof-interval=200'];
}

export const POSTGRES_PROFILING_SETTINGS = [
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.track=all',
];

export interface StatementCost {
  query: string;
  callsPerRequest: number;
  /** Execution time in PostgreSQL per request (planning excluded), milliseconds. */
  msPerRequest: number;
  meanMs: number;
}

/** pg_stat_statements over one measurement: reset before, read after (one extra connection, idle during the load). */
export function statementProbe(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  return {
    async start(): Promise<void> {
      await sql`create extension if not exists pg_stat_statements`;
      await sql`select pg_stat_statements_reset()`;
    },
    async read(requests: number, top = 12): Promise<StatementCost[]> {
      const rows = await sql<{ query: string; calls: string; total: number; mean: number }[]>`
        select query, calls::text, total_exec_time as total, mean_exec_time as mean
        from pg_stat_statements
        where query not ilike '%pg_stat_statements%'
        order by total_exec_time desc limit ${top}`;
      return rows.map((r) => ({
        query: r.query.replace(/\s+/g, ' ').slice(0, 160),
        callsPerRequest: Math.round((Number(r.calls) / Math.max(1, requests)) * 100) / 100,
        msPerRequest: Math.round((r.total / Math.max(1, requests)) * 1000) / 1000,
        meanMs: Math.round(r.mean * 1000) / 1000,
      }));
    },
    close: () => sql.end({ timeout: 1 }),
  };
}

export function printStatements(name: string, statements: StatementCost[]): void {
  console.log(`\n  ${name}: statements per request (pg_stat_statements, execution only)`);
  for (const s of statements)
    console.log(
      `    ${String(s.callsPerRequest).padStart(5)}× ${s.msPerRequest.toFixed(3).padStart(7)} ms/req  mean ${s.meanMs.toFixed(3)} ms  ${s.query}`,
    );
}
