/**
 * `npm run db:restore -- <backup file> [--data-dir <dir>]`: makes a backup of `npm run db:backup` the
 * embedded database of DATA_DIR (or <dir>), keeping the previous data directory aside
 * (lib/platform/db/backup/restore.ts). Refuses while that database's server runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ownDatabaseRefusal } from '../lib/platform/db/backup/common';
import { DATA_DIR } from './lib/environment';
import { shown, withBackupErrors } from './lib/backup-cli';

const USAGE = 'Usage: npm run db:restore -- <backup.tar.gz> [--data-dir <dir>]';
if (process.env.DATABASE_URL) {
  console.error(ownDatabaseRefusal('db:restore'));
  process.exit(2);
}
const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
})();
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const dataDir = path.resolve(values['data-dir'] ?? DATA_DIR);

const { restoreBackup } = await import('../lib/platform/db/backup/restore');
await withBackupErrors(async () => {
  const r = await restoreBackup({ archive: positionals[0]!, dataDir });
  const m = r.manifest;
  const outcome = {
    installed: 'written from the backup',
    unchanged: 'the same as in the backup',
    replaced: 'replaced by the backup’s (the restored database accepts only its own password); the previous one is',
    kept: 'kept as it was (it differs from the backup’s); the backup’s is',
  } as const;
  console.log(
    [
      `Restored ${shown(path.resolve(positionals[0]!))} into ${shown(r.pgDir)}, in ${r.seconds.toFixed(1)} s`,
      `  Backup:    taken ${m.created_at}, the database as it was at WAL ${m.stop_lsn} (PostgreSQL ${m.postgres_version})`,
      `  Check:     PostgreSQL replayed the WAL, answers, and has its ${r.migrations} migrations recorded`,
      r.previous
        ? `  Previous:  ${shown(r.previous)} (kept: delete it yourself once the restored data is right)`
        : '  Previous:  none (there was no data directory)',
      ...r.sideFiles.map((f) => `  ${f.name}: ${outcome[f.outcome]}${f.other ? ` ${shown(f.other)}` : ''}`),
      `Next: ${dataDir === path.resolve(DATA_DIR) ? '' : `DATA_DIR=${shown(dataDir)} `}npm start (it applies migrations newer than the backup).`,
      'Anything written after the backup was taken is not in the restored database.',
    ].join('\n'),
  );
});
