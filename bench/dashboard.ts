/**
 * `npm run bench:dashboard`: what the merchant dashboard costs, on this machine, in one run.
 *   - JavaScript per page (gzip, as `next start` sends it, cold cache): goal ≤ 200 KiB each.
 *   - Lists on a large merchant: the server's time to first byte of each list page for a merchant
 *     with 100,000 paid checkouts (their deposits, ledger, events: the ledger bench's fixture) against
 *     an empty merchant in the same run. Goal: the large one within 1.5× of the empty one.
 *   The lists are measured in BENCH_ROUNDS rounds (3) on the one fixture (seeding 100,000 checkouts
 *   takes most of the run); each round's ratio is printed, and the goal holds when every round meets it.
 *   BENCH_DEPOSITS=100000  size of the large merchant; BENCH_RUNS=7  loads per page and round (median)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { getSql } from '../lib/platform/db/client';
import { buildIfNeeded } from '../scripts/lib/next-build';
import { startBenchDatabase } from './lib/database';
import { PROFILING, printStatements, statementProbe } from './lib/profile';
import { newMerchant, seedPaidDeposits } from './lib/paid-checkouts';
import { startServer } from './lib/server';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const DEPOSITS = Math.max(1, Number(process.env.BENCH_DEPOSITS ?? 100_000) || 100_000);
const RUNS = Math.max(1, Math.min(31, Number(process.env.BENCH_RUNS ?? 7) || 7));
const ROUNDS = Math.max(1, Math.min(9, Number(process.env.BENCH_ROUNDS ?? 3) || 3));
const GOALS = { jsKiB: 200, listRatio: 1.5 };
const PAGES = [
  '',
  'checkouts',
  'transactions',
  'wallets',
  'money-out',
  'conversion',
  'developers',
  'developers/button',
  'settings',
  'settings/branding',
  'settings/security',
  'settings/notifications',
  'payment-links',
  'go-live',
];
// The search for part of a field: one that every checkout of the large merchant matches (its
// customers' email) and one that only a few references do.
const LISTS = [
  '',
  'checkouts',
  'checkouts?q=ama%40example',
  'checkouts?q=PAY-Q7',
  'transactions',
  'wallets',
  'payment-links',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

/** A developer of the merchant (no two-factor needed to read), signed in: their session cookie. */
async function sessionOf(baseUrl: string, merchantId: string): Promise<string> {
  const email = `bench-${merchantId.slice(0, 8)}@merchant.test`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name: 'Bench Developer', email, password: crypto.randomBytes(18).toString('base64url') }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const user = ((await res.json()) as { user: { id: string } }).user;
  await getSql()`insert into auth_members (organization_id, user_id, role) values (${merchantId}, ${user.id}, 'developer')`;
  // The dashboard asks an unconfirmed address to confirm first (/verify-email): this one is.
  await getSql()`update auth_users set email_verified = true where id = ${user.id}`;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('mp.session_token='))!;
  return cookie.split(';')[0]!.slice('mp.session_token='.length);
}

/** One cold load of a page: the gzip bytes of its scripts, and the server's time to first byte. */
async function load(browser: Browser, baseUrl: string, session: string, url: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  await context.addCookies([{ name: 'mp.session_token', value: session, url: baseUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let scriptBytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  // A redirect (to sign in, to confirm the address) would measure another page: the bench stops instead.
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} led to ${page.url()}`);
  const ttfb = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return nav!.responseStart - nav!.requestStart;
  });
  await context.close();
  return { scriptBytes, ttfb };
}

async function main() {
  buildIfNeeded();
  const cleanups: Array<() => Promise<void>> = [];
  const watchdog = setTimeout(() => {
    console.error('bench:dashboard took more than 45 minutes; stopping');
    void Promise.all(cleanups.map((c) => c())).finally(() => process.exit(3));
  }, 2_700_000);
  try {
    const database = await startBenchDatabase();
    cleanups.push(database.stop);
    const started = Date.now();
    const large = await seedPaidDeposits('Bench Large', DEPOSITS, 10);
    const empty = await newMerchant('Bench Empty');
    console.log(`fixture: ${DEPOSITS} paid checkouts in ${Math.round((Date.now() - started) / 1000)} s`);
    // The state a database reaches as it grows: autovacuum has vacuumed and analysed what was written.
    // Right after 100,000 rows written in minutes, the first reads would set every row's hint bits and
    // plan on stale statistics (round 1 of 2026-12-02 before this: the checkout list 3.6×, then 1.2×).
    await getSql()`vacuum analyze`;
    const server = await startServer({ readyPath: '/api/ping' });
    cleanups.unshift(server.stop);
    const sessions = {
      large: await sessionOf(server.baseUrl, large.merchantId),
      empty: await sessionOf(server.baseUrl, empty.id),
    };
    const browser = await chromium.launch({
      executablePath: await chromiumExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    cleanups.unshift(() => browser.close());
    const urlOf = (p: string) => `${server.baseUrl}/dashboard/test${p ? `/${p}` : ''}`;

    console.log(`\nJavaScript per dashboard page (gzip, cold cache), goal ≤ ${GOALS.jsKiB} KiB:\n`);
    const js: Record<string, number> = {};
    for (const p of PAGES) {
      js[p || 'home'] = kib((await load(browser, server.baseUrl, sessions.large, urlOf(p))).scriptBytes);
      const verdict = js[p || 'home']! <= GOALS.jsKiB ? 'PASS' : 'FAIL';
      console.log(`  ${`/${p}`.padEnd(20)} ${String(js[p || 'home']).padStart(7)} KiB   ${verdict}`);
    }

    console.log(
      `\nLists: server time to first byte, median of ${RUNS} per round, ${DEPOSITS} checkouts vs none, ${ROUNDS} rounds:\n`,
    );
    const lists: Record<string, { emptyMs: number[]; largeMs: number[]; ratio: number[] }> = {};
    const statements = PROFILING ? statementProbe(database.url) : undefined;
    for (let round = 1; round <= ROUNDS; round++) {
      for (const p of LISTS) {
        await statements?.start();
        const times = { empty: [] as number[], large: [] as number[] };
        for (let i = 0; i < RUNS; i++) {
          // Alternate, so a slow moment of the machine lands on both sides.
          times.empty.push((await load(browser, server.baseUrl, sessions.empty, urlOf(p))).ttfb);
          times.large.push((await load(browser, server.baseUrl, sessions.large, urlOf(p))).ttfb);
        }
        const [emptyMs, largeMs] = [median(times.empty), median(times.large)];
        const ratio = Math.round((largeMs / emptyMs) * 100) / 100;
        const seen = (lists[p || 'home'] ??= { emptyMs: [], largeMs: [], ratio: [] });
        seen.emptyMs.push(Math.round(emptyMs));
        seen.largeMs.push(Math.round(largeMs));
        seen.ratio.push(ratio);
        const verdict = ratio <= GOALS.listRatio ? 'PASS' : 'FAIL';
        console.log(
          `  round ${round}  ${`/${p}`.padEnd(26)} empty ${String(Math.round(emptyMs)).padStart(5)} ms   large ${String(Math.round(largeMs)).padStart(5)} ms   ratio ${ratio}   ${verdict}`,
        );
        // BENCH_PROFILE=1: the statements behind this page's loads (both merchants), costliest first.
        if (statements) printStatements(`/${p}`, await statements.read(RUNS * 2, 6));
      }
    }
    console.log('\nLists over the rounds (worst ratio):\n');
    for (const [p, seen] of Object.entries(lists)) {
      const worst = Math.max(...seen.ratio);
      console.log(
        `  ${`/${p}`.padEnd(26)} ratios ${seen.ratio.join(' / ')}   ${worst <= GOALS.listRatio ? 'PASS' : 'FAIL'}`,
      );
    }
    await statements?.close();

    const results = path.resolve('bench', 'results');
    fs.mkdirSync(results, { recursive: true });
    const file = path.join(results, `dashboard-${new Date().toISOString().replaceAll(':', '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ deposits: DEPOSITS, runs: RUNS, rounds: ROUNDS, js, lists, goals: GOALS }, null, 2),
    );
    console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
  } finally {
    clearTimeout(watchdog);
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

await main();
