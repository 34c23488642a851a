import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { runningServerPort, startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded';
import { BackupError, CREDENTIALS_FILE, fileStamp, postgresOwner, SIDE_FILES, type BackupManifest } from './common';
import { extractTar } from './tar';

export interface RestoreResult {
  pgDir: string;
  /** Where the data directory that was there went (kept, never deleted). */
  previous: string | null;
  manifest: BackupManifest;
  migrations: number;
  /**
   * What happened to each file beside pg/ the backup carries; `other`: the version not in use (the
   * previous file when replaced, the backup's when kept).
   */
  sideFiles: { name: string; outcome: 'installed' | 'unchanged' | 'replaced' | 'kept'; other?: string }[];
  seconds: number;
}

/**
 * Makes a backup written by takeBackup the embedded database of `dataDir`: unpacks it beside the
 * current pg/, moves that aside (DATA_DIR/pg.before-restore-<time>), puts the backup in its place,
 * and starts PostgreSQL once so it recovers (it reads backup_label and replays the WAL to the
 * backup's stop point), checks it answers with its migrations, and stops it. If it does not start,
 * the previous data directory is put back and the restored one kept as pg.failed-restore-<time>.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const started = Date.now();
  const archive = path.resolve(options.archive);
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} does not exist.`);
  refuseWhileRunning(pgDir);

  const stamp = fileStamp();
  const staging = path.join(dataDir, `restoring-${stamp}`);
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest;
  try {
    await extractTar(archive, staging, postgresOwner()).catch((error: Error) => {
      throw new BackupError(`${archive} could not be unpacked (${error.message}); nothing was changed.`);
    });
    const manifestFile = path.join(staging, 'backup.json');
    if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(staging, 'pg', 'backup_label')))
      throw new BackupError(`${archive} is not a backup written by npm run db:backup.`);
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (!fs.existsSync(path.join(staging, CREDENTIALS_FILE)))
      throw new BackupError(`${archive} lacks ${CREDENTIALS_FILE}, the password its database accepts.`);
    refuseWhileRunning(pgDir); // unpacking takes a while: check again just before the switch
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true }); // only what this restore unpacked
    throw error;
  }

  const previous = fs.existsSync(pgDir) ? path.join(dataDir, `pg.before-restore-${stamp}`) : null;
  if (previous) fs.renameSync(pgDir, previous);
  fs.renameSync(path.join(staging, 'pg'), pgDir);
  const sideFiles = placeSideFiles(staging, dataDir, stamp);
  fs.rmSync(staging, { recursive: true, force: true });

  const log: string[] = [];
  let server: EmbeddedDatabase | undefined;
  let migrations: number;
  try {
    server = await startEmbeddedPostgres({
      dataDir,
      log: (line) => {
        log.push(line);
        options.log?.(line);
      },
    });
    migrations = await checkRestored(server.url);
  } catch (error) {
    await server?.stop().catch(() => {});
    const failed = path.join(dataDir, `pg.failed-restore-${stamp}`);
    fs.renameSync(pgDir, failed);
    if (previous) fs.renameSync(previous, pgDir);
    const replaced = sideFiles.find((f) => f.name === CREDENTIALS_FILE && f.outcome === 'replaced');
    if (replaced?.other) fs.renameSync(replaced.other, path.join(dataDir, CREDENTIALS_FILE));
    throw new BackupError(
      [
        `PostgreSQL did not come up on the restored data${error instanceof Error ? ` (${error.message})` : ''}.`,
        ...log.slice(-15).map((line) => `  ${line}`),
        `The restored copy is kept in ${failed}; ${previous ? 'the previous data is back in place.' : 'nothing else was changed.'}`,
      ].join('\n'),
    );
  }
  await server.stop();
  return { pgDir, previous, manifest, migrations, sideFiles, seconds: (Date.now() - started) / 1000 };
}

function refuseWhileRunning(pgDir: string): void {
  const port = runningServerPort(pgDir);
  if (port === undefined) return;
  const pid = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0];
  throw new BackupError(
    [
      `The embedded PostgreSQL of ${pgDir} is running (port ${port}, process ${pid}): a restore replaces its files.`,
      'Stop what uses it first: Ctrl+C in the terminal of npm start (and of npm run worker, if one runs).',
      `If none of them is running, stop the server itself: kill -INT ${pid}`,
    ].join('\n'),
  );
}

/**
 * The files beside pg/. The database password goes with the data (the restored server accepts only
 * its own): a different one is moved aside. The secrets and the demo key are written where missing
 * and otherwise kept as they are, the backup's copy put beside them when it differs.
 */
function placeSideFiles(staging: string, dataDir: string, stamp: string): RestoreResult['sideFiles'] {
  const outcomes: RestoreResult['sideFiles'] = [];
  for (const name of SIDE_FILES) {
    const fromBackup = path.join(staging, name);
    if (!fs.existsSync(fromBackup)) continue;
    const current = path.join(dataDir, name);
    if (!fs.existsSync(current)) {
      fs.copyFileSync(fromBackup, current);
      outcomes.push({ name, outcome: 'installed' });
    } else if (fs.readFileSync(current).equals(fs.readFileSync(fromBackup))) {
      outcomes.push({ name, outcome: 'unchanged' });
    } else if (name === CREDENTIALS_FILE) {
      const aside = `${current}.before-restore-${stamp}`;
      fs.renameSync(current, aside);
      fs.copyFileSync(fromBackup, current);
      outcomes.push({ name, outcome: 'replaced', other: aside });
    } else {
      const beside = path.join(dataDir, name.replace(/\.json$/, `.from-backup-${stamp}.json`));
      fs.copyFileSync(fromBackup, beside);
      outcomes.push({ name, outcome: 'kept', other: beside });
    }
  }
  return outcomes;
}

/** The restored server answers, is out of recovery, and has the service's migrations table. */
async function checkRestored(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ recovery: boolean; migrations: number }[]>`
      select pg_is_in_recovery() as recovery, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`;
    if (!row || row.recovery) throw new Error('the server is still in recovery');
    return row.migrations;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
