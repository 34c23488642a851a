import path from 'node:path';
import { BackupError } from '../../lib/platform/db/backup/common';

/** A path as the user would type it: relative to here when it is under here. */
export function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

/** Runs a backup command; a BackupError is the user's to read (its message, exit 1), not a stack. */
export async function withBackupErrors(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
