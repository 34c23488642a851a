import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, execSync } from 'node:child_process';
import { buildIfNeeded } from '../../scripts/lib/next-build';
import type { Release } from './cluster';

/**
 * The release a rolling deploy replaces, built once and kept: CHAOS_PREVIOUS_REF, by default the commit
 * before the newest migration was added, so the deploy has a migration to apply under load. Its files
 * come from `git archive` into the system's temporary directory (outside this checkout, which `next
 * build` type-checks), with this checkout's node_modules hard-linked in (a release older than a
 * dependency's addition simply does not import it), then built with its own `next build`.
 */
export function previousRelease(): Release & { sha: string } {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  const ref = process.env.CHAOS_PREVIOUS_REF || `${newestMigrationCommit(git)}^`;
  let sha: string;
  try {
    sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(`Chaos: cannot find the previous release ${ref} (a shallow clone? set CHAOS_PREVIOUS_REF)`);
  }
  const dir = path.join(os.tmpdir(), 'payments-chaos-previous', sha);
  const label = `${sha.slice(0, 7)} (${git('log', '-1', '--format=%s', sha).slice(0, 60)})`;
  if (fs.existsSync(path.join(dir, '.next', 'BUILD_ID'))) return { dir, label, sha };
  console.log(`Chaos: building the previous release ${sha.slice(0, 7)} in ${dir} (once, about a minute)…`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execSync(`git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`, { stdio: 'inherit' });
  execFileSync('cp', ['-al', path.resolve('node_modules'), path.join(dir, 'node_modules')]);
  const here = process.cwd();
  try {
    process.chdir(dir);
    buildIfNeeded();
  } finally {
    process.chdir(here);
  }
  return { dir, label, sha };
}

/** The newest commit that added a file under drizzle/ (a migration). */
function newestMigrationCommit(git: (...args: string[]) => string): string {
  const sha = git('log', '-1', '--format=%H', '--diff-filter=A', '--', 'drizzle/*.sql');
  if (!sha) throw new Error('Chaos: no commit adds a migration (a shallow clone? set CHAOS_PREVIOUS_REF)');
  return sha;
}
