import { execFileSync } from 'node:child_process';

/** A refusal or failure the commands print as it is, without a stack trace. */
export class BackupError extends Error {}

/**
 * Files of DATA_DIR, beside pg/, that a backup carries: the database password (the restored server
 * accepts only the one it had), the development secrets (CHECKOUT_TOKEN_SECRET signs every payment
 * link, AUTH_SECRET encrypts the dashboard's two-factor secrets) and the demo merchant's key.
 */
export const SIDE_FILES = ['embedded-postgres.json', 'dev-secrets.json', 'demo-merchant.json'] as const;
export const CREDENTIALS_FILE = 'embedded-postgres.json';

/** What a backup records about itself, as `backup.json` at the archive's root. */
export interface BackupManifest {
  label: string;
  created_at: string;
  postgres_version: string;
  start_lsn: string;
  stop_lsn: string;
  wal_files: string[];
  side_files: string[];
}

/** `2026-11-24T10-15-30Z`: a UTC moment usable in a file name and sorted by time. */
export function fileStamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

export function ownDatabaseRefusal(command: 'db:backup' | 'db:restore'): string {
  return [
    `npm run ${command} works on the embedded PostgreSQL only, and DATABASE_URL is set: that database is yours to`,
    "back up with PostgreSQL's own tools: pg_basebackup plus WAL archiving (archive_command) for point-in-time",
    "recovery, or pg_dump -Fc and pg_restore for a logical copy, or your managed provider's snapshots.",
    'See docs/operations.md#backups.',
  ].join('\n');
}

/**
 * PostgreSQL refuses to run as root: embedded-postgres then runs it as the `postgres` user, who must
 * own the data directory. Undefined when not root. Creates the user as embedded-postgres does, for a
 * restore on a machine that never ran the embedded database.
 */
export function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist without the user
    }
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
