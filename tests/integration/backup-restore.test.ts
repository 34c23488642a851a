import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../../lib/books/ledger/reconcile';
import { resetConfigForTests } from '../../lib/platform/config';
import { restoreBackup } from '../../lib/platform/db/backup/restore';
import { takeBackup, type BackupResult } from '../../lib/platform/db/backup/take';
import { closeDatabase, openDatabase } from '../../lib/platform/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../lib/platform/db/embedded';
import { migrateDatabase } from '../../lib/platform/db/migrate';
import { newMerchant, paidCheckout, settleEverything, type Merchant } from '../support/fixtures';

/**
 * `npm run db:backup` / `db:restore` on real servers: a throwaway embedded PostgreSQL gets merchants
 * and payments through the route handlers, is backed up while payments and settlement keep writing,
 * and the backup is restored into another directory, where the books must reconcile.
 */
const origin = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-backup-'));
const target = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-restore-'));
const devSecrets = JSON.stringify({ CHECKOUT_TOKEN_SECRET: 'backup-test-link-secret' });
let server: EmbeddedDatabase;
let sql: postgres.Sql;

beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: origin });
  await migrateDatabase(server.url);
  fs.writeFileSync(path.join(origin, 'dev-secrets.json'), devSecrets, { mode: 0o600 });
  sql = postgres(server.url, { max: 2, onnotice: () => {} });
  // The service's verbs and route handlers now write to this server, not the suite's database.
  process.env.DATABASE_URL = server.url;
  resetConfigForTests();
  await closeDatabase();
}, 60_000);

afterAll(async () => {
  await closeDatabase();
  await sql?.end({ timeout: 5 });
  await server?.stop();
  for (const dir of [origin, target]) fs.rmSync(dir, { recursive: true, force: true });
});

/** What the books of one merchant hold: its checkouts, entries, and wallets with their balances. */
async function booksOf(db: postgres.Sql, merchantId: string) {
  const [row] = await db<{ checkouts: string[]; entries: number; lines: number; wallets: string[] }[]>`
    select array(select id::text from checkouts where merchant_id = ${merchantId} order by id) as checkouts,
           (select count(*)::int from ledger_entries where merchant_id = ${merchantId}) as entries,
           (select count(*)::int from ledger_lines where merchant_id = ${merchantId}) as lines,
           array(select concat_ws(' ', id, holding_balance, available_balance) from wallets
                  where merchant_id = ${merchantId} order by id) as wallets`;
  return row!;
}

/** Wallets whose holding or available balance differs from the sum of its journal lines. */
async function walletsOffTheirJournal(db: postgres.Sql) {
  return db`
    select w.id from wallets w
     where w.holding_balance <> (select coalesce(sum(case when direction = 'credit' then amount else -amount end), 0)
                                   from ledger_lines where wallet_id = w.id and account = 'merchant_holding')
        or w.available_balance <> (select coalesce(sum(case when direction = 'credit' then amount else -amount end), 0)
                                     from ledger_lines where wallet_id = w.id and account = 'merchant_available')`;
}

const waitFor = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
};

describe('backup and restore of the embedded database', () => {
  let quiet: Merchant;
  let busy: Merchant;
  let quietBefore: Awaited<ReturnType<typeof booksOf>>;
  let backup: BackupResult;
  /** Busy's checkouts paid before pg_backup_stop for certain (paid while the backup waited to copy). */
  let surelyIn: string[];
  let paid: string[];
  let paidWhenCopyStarted = 0;

  it('backs up while payments and settlement keep writing', { timeout: 60_000 }, async () => {
    quiet = await newMerchant({ name: 'Quiet Shop' });
    await paidCheckout(quiet, { amount: 25.5 });
    await paidCheckout(quiet, { amount: 5, currency_code: 'USD' });
    await settleEverything(quiet.id);
    await paidCheckout(quiet, { amount: 100 });
    quietBefore = await booksOf(sql, quiet.id);
    busy = await newMerchant({ name: 'Busy Shop' });

    paid = [];
    let writing = true;
    const payments = (async () => {
      while (writing) paid.push((await paidCheckout(busy, { amount: 10 + paid.length })).checkout.id);
    })();
    const settlements = (async () => {
      while (writing) await settleEverything(busy.id);
    })();
    await waitFor(() => paid.length >= 2);
    backup = await takeBackup({
      dataDir: origin,
      onBackupStarted: async () => {
        const atStart = paid.length;
        await waitFor(() => paid.length >= atStart + 3); // in backup mode, before the copy
        surelyIn = [...paid];
        paidWhenCopyStarted = paid.length;
      },
    });
    const paidWhenBackupEnded = paid.length;
    writing = false;
    await Promise.all([payments, settlements]);

    expect(path.dirname(backup.file)).toBe(path.join(origin, 'backups'));
    expect(path.basename(backup.file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(backup.joined).toBe(true); // the server this test started, joined as `npm start`'s would be
    expect(backup.manifest.side_files).toEqual(['embedded-postgres.json', 'dev-secrets.json']);
    expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
    // Payments went on while the files were copied: the backup is of a database being written.
    expect(paidWhenBackupEnded).toBeGreaterThan(paidWhenCopyStarted);
  });

  it('restores into another directory, where the books reconcile', { timeout: 60_000 }, async () => {
    const restored = await restoreBackup({ archive: backup.file, dataDir: target });
    expect(restored.previous).toBeNull();
    const [applied] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(restored.migrations).toBe(applied!.n);
    // The restored server accepts only the password it had: the backup brought it, and the secrets.
    expect(restored.sideFiles.map((f) => [f.name, f.outcome])).toEqual([
      ['embedded-postgres.json', 'installed'],
      ['dev-secrets.json', 'installed'],
    ]);
    expect(fs.readFileSync(path.join(target, 'dev-secrets.json'), 'utf8')).toBe(devSecrets);

    const copy = await startEmbeddedPostgres({ dataDir: target });
    const restoredDb = openDatabase(copy.url, 2);
    try {
      const books = await reconcileLedger(restoredDb.db);
      expect(books, JSON.stringify(books)).toMatchObject({
        balanced: true,
        unbalanced_entries: [],
        wallet_differences: [],
        negative_balances: [],
      });
      expect(await walletsOffTheirJournal(restoredDb.sql)).toEqual([]);
      // Written before the backup started: all there, the same.
      expect(await booksOf(restoredDb.sql, quiet.id)).toEqual(quietBefore);
      const busyRestored = await booksOf(restoredDb.sql, busy.id);
      expect(busyRestored.checkouts).toEqual(expect.arrayContaining(surelyIn));
      expect(busyRestored.checkouts.length).toBeLessThanOrEqual(paid.length);
      // Every checkout restored as paid comes with its deposit, and the other way round.
      const [counts] = await restoredDb.sql<{ deposits: number; paid: number }[]>`
        select (select count(*)::int from customer_transactions where merchant_id = ${busy.id}) as deposits,
               (select count(*)::int from checkouts where merchant_id = ${busy.id} and status <> 'pending') as paid`;
      expect(counts!.deposits).toBe(counts!.paid);
      expect(counts!.paid).toBeGreaterThanOrEqual(surelyIn.length);

      // While its server runs, a restore refuses and changes nothing.
      await expect(restoreBackup({ archive: backup.file, dataDir: target })).rejects.toThrow(
        /is running[\s\S]*Ctrl\+C in the terminal of npm start/,
      );
    } finally {
      await restoredDb.sql.end({ timeout: 5 });
      await copy.stop();
    }
    expect(fs.readdirSync(target).filter((n) => n.startsWith('pg'))).toEqual(['pg']);
  });

  it(
    'restoring again keeps the previous data directory aside, and differing secrets',
    { timeout: 60_000 },
    async () => {
      fs.writeFileSync(path.join(target, 'dev-secrets.json'), '{"CHECKOUT_TOKEN_SECRET":"changed since"}');
      const again = await restoreBackup({ archive: backup.file, dataDir: target });
      expect(again.previous).toMatch(/\/pg\.before-restore-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
      expect(fs.existsSync(path.join(again.previous!, 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(again.previous!, 'backup_label.old'))).toBe(true); // the first restore's
      expect(again.sideFiles.map((f) => [f.name, f.outcome])).toEqual([
        ['embedded-postgres.json', 'unchanged'],
        ['dev-secrets.json', 'kept'],
      ]);
      expect(fs.readFileSync(path.join(target, 'dev-secrets.json'), 'utf8')).toContain('changed since');
      expect(fs.readFileSync(again.sideFiles[1]!.other!, 'utf8')).toBe(devSecrets);
    },
  );

  it('refuses on the operator’s own PostgreSQL, naming what to use instead', { timeout: 30_000 }, async () => {
    const run = promisify(execFile);
    const tsx = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
    for (const script of ['scripts/db-backup.ts', 'scripts/db-restore.ts']) {
      const failed = await run(tsx, [script, 'some.tar.gz'], {
        env: { ...process.env, DATABASE_URL: 'postgres://ops@db.internal/payments' },
      }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(2);
      expect(failed?.stderr).toMatch(/pg_basebackup[\s\S]*WAL archiving[\s\S]*pg_dump -Fc[\s\S]*snapshots/);
    }
  });
});
