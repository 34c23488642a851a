import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMERS } from '../support/client-consumers';
import { contract } from '../support/contract';
import { testSql } from '../support/database';
import { minimalCheckout, newMerchant } from '../support/fixtures';
import { startHttpService } from '../support/http-service';

/**
 * The typed client as a merchant installs it: built by tsup, packed by npm, installed into an empty
 * folder far from this repository, then used from an ES module, a CommonJS module and strict
 * TypeScript against this service over HTTP. Also holds the package to its weight.
 */

const PACKAGE_DIR = path.resolve('lib/surfaces/client');
const BIN = path.resolve('node_modules/.bin');
/** What the package may weigh: its four files of dist/ (ESM, CJS and their types) and package.json. */
const BUDGET = { tarballBytes: 40 * 1024, unpackedBytes: 400 * 1024 };

const exec = promisify(execFile);
const sql = testSql();
let workDir: string;
let consumerDir: string;
let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };
let service: Awaited<ReturnType<typeof startHttpService>>;

async function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  // npm_* variables of this run (its prefix, its config) would lead npm and node back into the repository.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  try {
    return await exec(command, args, { cwd, env: { ...clean, ...env } as NodeJS.ProcessEnv, timeout: 120_000 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-package-'));
  // tsup, then dist/index.d.ts made to re-export index.d.cts (the package's `build` script).
  await run('npm', ['run', 'build'], PACKAGE_DIR);
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', workDir],
    PACKAGE_DIR,
  );
  packed = (JSON.parse(stdout) as (typeof packed)[])[0]!;

  consumerDir = path.join(workDir, 'consumer');
  fs.mkdirSync(consumerDir);
  fs.writeFileSync(
    path.join(consumerDir, 'package.json'),
    JSON.stringify({ name: 'client-consumer', private: true, type: 'module' }),
  );
  const tarball = path.join(workDir, packed.filename);
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', '--ignore-scripts', tarball], consumerDir);
  for (const [file, text] of Object.entries(CONSUMERS)) fs.writeFileSync(path.join(consumerDir, file), text);
  service = await startHttpService();
}, 180_000);

afterAll(async () => {
  await service?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the packed client (@merchant-payments/client)', () => {
  it('packs dist/, its README and package.json, within its weight budget', () => {
    console.log(`client package: tarball ${packed.size} B, unpacked ${packed.unpackedSize} B`);
    expect(packed.files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'dist/index.cjs',
      'dist/index.d.cts',
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
    ]);
    expect(packed.size).toBeLessThan(BUDGET.tarballBytes);
    expect(packed.unpackedSize).toBeLessThan(BUDGET.unpackedBytes);
  });

  it('installs with no dependencies, into a folder with nothing else', () => {
    const installed = JSON.parse(
      fs.readFileSync(path.join(consumerDir, 'node_modules/@merchant-payments/client/package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(installed.dependencies).toBeUndefined();
    expect(fs.readdirSync(path.join(consumerDir, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual([
      '@merchant-payments',
    ]);
  });

  it('type-checks strict TypeScript against the installed types, as an ES module and as CommonJS', async () => {
    for (const module of ['node16', 'nodenext']) {
      const { stdout } = await run(
        path.join(BIN, 'tsc'),
        [
          ...['--strict', '--noEmit', '--target', 'es2022', '--module', module, '--moduleResolution', module],
          ...[
            '--types',
            'node',
            '--typeRoots',
            path.resolve('node_modules/@types'),
            'consumer.ts',
            'consumer-types.cts',
          ],
        ],
        consumerDir,
      );
      expect(stdout).toBe('');
    }
  });

  const runners: Record<'consumer.mjs' | 'consumer.cjs' | 'consumer.ts', string[]> = {
    'consumer.mjs': [process.execPath],
    'consumer.cjs': [process.execPath],
    'consumer.ts': [path.join(BIN, 'tsx')],
  };
  for (const [file, [command, ...args]] of Object.entries(runners)) {
    it(`runs the flow from ${file}: create, read, paginate, a typed refusal, a webhook signature`, async () => {
      const merchant = await newMerchant();
      // Two checkouts already there, so paginate (one per page) walks three pages.
      for (let i = 0; i < 2; i++) await merchant.ok(contract.createCheckout, { body: minimalCheckout });
      const order = `ORD-${file}`;
      const { stdout } = await run(command!, [...args, file], consumerDir, {
        BASE: service.base,
        PAYMENTS_KEY: merchant.apiKey,
        ORDER: order,
      });
      console.log(`${file}:\n${stdout}`);
      const id = /^created (\S+)$/m.exec(stdout)?.[1];
      expect(stdout.trim().split('\n').slice(1)).toEqual([
        `read ${id} pending ${order}`,
        'listed 3 true',
        expect.stringMatching(/^refused 422 validation_error (\S+,)?customer_email(,\S+)? with request id$/),
        'webhook true false',
      ]);
      const rows = await sql<{ merchant_id: string; order_id: string; customer_email: string }[]>`
        select merchant_id, meta_data ->> 'order_id' as order_id, customer_email from checkouts where id = ${id!}`;
      expect(rows).toEqual([{ merchant_id: merchant.id, order_id: order, customer_email: 'ada@example.com' }]);
    });
  }
});
