import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// Everything `next build` reads: instrumentation.ts and proxy.ts are compiled into the server too.
const SOURCES = [
  'app',
  'lib',
  'public',
  'instrumentation.ts',
  'proxy.ts',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(entry)
    .reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

/** Runs `next build` when there is no build, or a source file changed after the last one. */
export function buildIfNeeded(): void {
  const buildId = path.resolve('.next', 'BUILD_ID');
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(path.resolve(s))));
  if (builtAt > changedAt) return;
  console.log(
    builtAt ? 'Sources changed since the last build: rebuilding…' : 'First start: building the app (about a minute)…',
  );
  const result = spawnSync(process.execPath, [require_next(), 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('next build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

export const require_next = () => path.resolve('node_modules', 'next', 'dist', 'bin', 'next');
