import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import postgres from 'postgres';
import { startEmbeddedPostgres } from '../embedded';
import { BackupError, fileStamp, SIDE_FILES, type BackupManifest } from './common';
import { TarWriter } from './tar';

export interface BackupResult {
  file: string;
  /** The archive's size on disk (gzipped). */
  bytes: number;
  /** What it holds, unpacked. */
  dataBytes: number;
  files: number;
  seconds: number;
  /** True when `npm start` (or another process) was running the database and the backup joined it. */
  joined: boolean;
  manifest: BackupManifest;
}

/**
 * An online physical backup of the embedded database, by PostgreSQL's low-level base-backup API
 * (docs: "Making a Base Backup Using the Low Level API"), all in one session: pg_backup_start, copy
 * the data directory while the service keeps writing, pg_backup_stop, then the WAL written meanwhile
 * and the backup_label it returns. Restoring replays that WAL up to the stop point, so the copy is
 * the database as it was at that moment. Joins the running server, or starts it for the backup.
 */
export async function takeBackup(options: {
  dataDir: string;
  /** The archive to write; default `<dataDir>/backups/<UTC time>.tar.gz`. */
  output?: string;
  /** Called in backup mode before the copy starts (the test makes sure writes overlap the copy). */
  onBackupStarted?: () => Promise<void>;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const started = new Date();
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${pgDir}: nothing to back up.`);
  const output = path.resolve(options.output ?? path.join(dataDir, 'backups', `${fileStamp(started)}.tar.gz`));
  if (fs.existsSync(output)) throw new BackupError(`${output} exists already: name another file.`);
  fs.mkdirSync(path.dirname(output), { recursive: true, mode: 0o700 });
  // Written under another name until complete, so an interrupted backup never looks like one.
  const partial = `${output}.partial`;
  fs.rmSync(partial, { force: true });

  const server = await startEmbeddedPostgres({ dataDir, log: options.log });
  // One connection for the whole backup: pg_backup_stop must run in the session that started it,
  // and ending that session (even by a crash) aborts the backup on the server's side.
  const sql = postgres(server.url, { max: 1, max_lifetime: null, idle_timeout: 0, onnotice: () => {} });
  let writer: TarWriter | undefined;
  try {
    const version = await checkServer(sql, pgDir);
    // pg_basebackup's way to keep the WAL: a temporary slot holds every segment from here on, so a
    // checkpoint during the copy cannot recycle one the restore needs. Dropped with the session.
    const slot = `db_backup_${crypto.randomBytes(4).toString('hex')}`;
    await sql`select pg_create_physical_replication_slot(${slot}, true, true)`;
    const label = `merchant-payments ${fileStamp(started)}`;
    await sql`select pg_backup_start(${label}, true)`; // fast: an immediate checkpoint
    await options.onBackupStarted?.();

    writer = new TarWriter(partial);
    const files = await copyDataDirectory(writer, pgDir);
    const [stop] = await sql<{ lsn: string; labelfile: string; spcmapfile: string; wal: string }[]>`
      select s.lsn::text, s.labelfile, s.spcmapfile, pg_walfile_name(s.lsn) as wal from pg_backup_stop(false) s`;
    if (!stop) throw new Error('pg_backup_stop returned nothing');
    const start = /START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)/.exec(stop.labelfile);
    if (!start) throw new Error(`unexpected backup_label:\n${stop.labelfile}`);
    const walFiles = await copyWal(writer, pgDir, start[2]!, stop.wal);
    await sql`select pg_drop_replication_slot(${slot})`;
    await writer.buffer('pg/backup_label', Buffer.from(stop.labelfile));
    if (stop.spcmapfile) await writer.buffer('pg/tablespace_map', Buffer.from(stop.spcmapfile));

    const sideFiles = SIDE_FILES.filter((name) => fs.existsSync(path.join(dataDir, name)));
    for (const name of sideFiles) await writer.buffer(name, fs.readFileSync(path.join(dataDir, name)));
    const manifest: BackupManifest = {
      label,
      created_at: started.toISOString(),
      postgres_version: version,
      start_lsn: start[1]!,
      stop_lsn: stop.lsn,
      wal_files: walFiles,
      side_files: sideFiles,
    };
    await writer.buffer('backup.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    fs.renameSync(partial, output);
    return {
      file: output,
      bytes: fs.statSync(output).size,
      dataBytes: writer.bytesIn,
      files: files + walFiles.length,
      seconds: (Date.now() - started.getTime()) / 1000,
      joined: !server.owned,
      manifest,
    };
  } catch (error) {
    await writer?.abort();
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
    if (server.owned) await server.stop();
  }
}

/** The server must be this data directory's, a primary, without tablespaces; returns its version. */
async function checkServer(sql: postgres.Sql, pgDir: string): Promise<string> {
  const [row] = await sql<{ dir: string; wal_level: string; version: string; recovery: boolean; spaces: number }[]>`
    select current_setting('data_directory') as dir, current_setting('wal_level') as wal_level,
           current_setting('server_version') as version, pg_is_in_recovery() as recovery,
           (select count(*)::int from pg_tablespace where spcname not in ('pg_default', 'pg_global')) as spaces`;
  if (!row || fs.realpathSync(row.dir) !== fs.realpathSync(pgDir))
    throw new BackupError(`The server answering is not the one of ${pgDir} (it runs ${row?.dir}).`);
  if (row.wal_level === 'minimal') throw new BackupError('wal_level is minimal: an online backup needs replica.');
  if (row.recovery) throw new BackupError('The server is in recovery: back up the primary.');
  if (row.spaces) throw new BackupError('The database has tablespaces outside pg/, which this backup does not copy.');
  return row.version;
}

// What a base backup leaves out (PostgreSQL's docs and pg_basebackup's own list): these directories
// are kept empty (their contents are rebuilt at start; pg_wal is copied after pg_backup_stop), and
// these files are the running server's or stale.
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const LEFT_OUT = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'pg_internal.init',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);

/** Copies pg/ as it is now (files change meanwhile: the WAL replay makes them consistent). */
async function copyDataDirectory(writer: TarWriter, pgDir: string): Promise<number> {
  let files = 0;
  const walk = async (relative: string, depth: number): Promise<void> => {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(pgDir, relative)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // a database dropped meanwhile
      throw error;
    }
    const inDatabase = /^base\/\d+$/.test(relative);
    const unlogged = inDatabase ? unloggedRelations(names) : new Set<string>();
    for (const name of names) {
      const rel = relative ? `${relative}/${name}` : name;
      if (LEFT_OUT.has(name) || name.startsWith('pgsql_tmp')) continue;
      if (relative === 'global' && name === 'pg_control') continue; // last, below
      // Temporary relations (t<backend>_<node>), and unlogged ones but for their init fork: both
      // start empty after a restore anyway.
      if ((inDatabase && /^t\d+_\d+/.test(name)) || unlogged.has(name.replace(/(_fsm|_vm|\.\d+)$/, ''))) continue;
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(path.join(pgDir, rel));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      if (stat.isDirectory()) {
        await writer.directory(`pg/${rel}`, stat.mode);
        if (!(depth === 0 && EMPTIED.has(name))) await walk(rel, depth + 1);
        else if (name === 'pg_wal') await walWithoutSegments(writer, pgDir);
      } else if (stat.isFile()) {
        if (await writer.file(`pg/${rel}`, path.join(pgDir, rel), stat.size, stat.mode)) files++;
      } else {
        throw new BackupError(`${rel} is neither a file nor a directory: this backup cannot copy it.`);
      }
    }
  };
  await writer.directory('pg', fs.statSync(pgDir).mode);
  await walk('', 0);
  // pg_control last, as pg_basebackup sends it.
  const control = path.join(pgDir, 'global', 'pg_control');
  await writer.file('pg/global/pg_control', control, fs.statSync(control).size, fs.statSync(control).mode);
  return files + 1;
}

/** Relation file nodes that have an init fork: unlogged tables and indexes. */
function unloggedRelations(names: string[]): Set<string> {
  return new Set(names.filter((n) => /^\d+_init$/.test(n)).map((n) => n.slice(0, -'_init'.length)));
}

/** pg_wal's subdirectories (archive_status, summaries), without the segments. */
async function walWithoutSegments(writer: TarWriter, pgDir: string): Promise<void> {
  for (const entry of fs.readdirSync(path.join(pgDir, 'pg_wal'), { withFileTypes: true }))
    if (entry.isDirectory()) await writer.directory(`pg/pg_wal/${entry.name}`, 0o700);
}

/**
 * The WAL from the segment of the backup's start through the one of its stop (the slot kept them),
 * and the timeline history files. Segment names sort by position within a timeline.
 */
async function copyWal(writer: TarWriter, pgDir: string, first: string, last: string): Promise<string[]> {
  const walDir = path.join(pgDir, 'pg_wal');
  const names = fs.readdirSync(walDir).sort();
  const segments = names.filter((n) => /^[0-9A-F]{24}$/.test(n) && n >= first && n <= last);
  if (segments[0] !== first || segments.at(-1) !== last)
    throw new Error(`WAL from ${first} to ${last} is not all in ${walDir} (found ${segments.join(', ')})`);
  const copied = [...segments, ...names.filter((n) => /^[0-9A-F]{8}\.history$/.test(n))];
  for (const name of copied) {
    const file = path.join(walDir, name);
    if (!(await writer.file(`pg/pg_wal/${name}`, file, fs.statSync(file).size, 0o600)))
      throw new Error(`${file} vanished during the backup`);
  }
  return segments;
}
