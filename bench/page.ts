/**
 * `npm run bench:page`: what the hosted page costs a customer on a slow phone network. Builds if
 * needed, starts `next start` on a throwaway embedded database, and in Chromium (cold cache, a fresh
 * context per run) throttled to 1.6 Mbps down / 750 kbps up / 150 ms RTT measures:
 *   - bytes transferred by type (JavaScript gzip is the figure with a goal: ≤ 160 KiB),
 *   - time from navigation to a usable method choice: the "Mobile money" radio is on screen and a click
 *     checks it (goal ≤ 2.5 s), with and without 4× CPU throttling, plus one warm-cache run,
 *   - the network floor in the same conditions: one GET /api/ping from the page (the in-run baseline).
 *   BENCH_RUNS=5  runs per condition (median reported)
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { buildIfNeeded } from '../scripts/lib/next-build';
import { startBenchDatabase } from './lib/database';
import { startServer } from './lib/server';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const RUNS = Math.max(1, Math.min(20, Number(process.env.BENCH_RUNS ?? 5) || 5));
const THROTTLE = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const GOALS = { jsKiB: 160, methodChoiceMs: 2500 };

async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return sparticuz.executablePath();
}

interface Transfer {
  type: string;
  encoded: number;
  decoded: number;
}

/** Bytes per resource type for everything the page loads, from the DevTools protocol. */
function recordTransfers(cdp: CDPSession): () => Transfer[] {
  const types = new Map<string, { type: string; decoded: number }>();
  const done: Transfer[] = [];
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, decoded: 0 }));
  cdp.on('Network.dataReceived', (e) => {
    const entry = types.get(e.requestId);
    if (entry) entry.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = types.get(e.requestId);
    if (entry) done.push({ type: entry.type, encoded: e.encodedDataLength, decoded: entry.decoded });
  });
  return () => done;
}

async function methodChoiceTime(page: Page, url: string): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const radio = page.getByRole('radio', { name: /Mobile money/ });
  await radio.click({ timeout: 30_000 });
  await page.waitForFunction(
    () => (document.querySelector('input[type=radio]:checked') as HTMLInputElement | null) !== null,
  );
  if (!(await radio.isChecked())) throw new Error('the method radio did not become checked');
  return Date.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function main() {
  buildIfNeeded();
  const cleanups: Array<() => Promise<void>> = [];
  const watchdog = setTimeout(() => {
    console.error('bench:page took more than 10 minutes; stopping');
    void Promise.all(cleanups.map((c) => c())).finally(() => process.exit(3));
  }, 600_000);
  try {
    const database = await startBenchDatabase();
    cleanups.push(database.stop);
    const server = await startServer({ readyPath: '/api/ping', env: { PAYMENT_RAILS: 'sandbox' } });
    cleanups.unshift(server.stop);
    const created = await fetch(`${server.baseUrl}/api/v1/merchants/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': database.merchant.apiKey },
      body: JSON.stringify({
        customer_email: 'ada@example.com',
        amount: 25.5,
        currency_code: 'GHS',
        description: 'Order 1001',
      }),
    }).then((r) => r.json());
    // The page as the customer would open it, on this server (the bench does not set CHECKOUT_BASE_URL).
    const link = new URL(created.data.checkout_url);
    const pageUrl = `${server.baseUrl}${link.pathname}${link.hash}`;

    const browser = await chromium.launch({
      executablePath: await chromiumExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    cleanups.unshift(() => browser.close());

    const measureRun = async (cpuRate: number, warm = false) => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', THROTTLE);
      if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      if (warm) await methodChoiceTime(page, pageUrl); // fill the cache, then measure a second visit
      const transfers = recordTransfers(cdp);
      if (warm) await page.goto('about:blank');
      const ms = await methodChoiceTime(page, pageUrl);
      const floorMs = await page.evaluate(async () => {
        const t = performance.now();
        await fetch('/api/ping', { cache: 'no-store' });
        return performance.now() - t;
      });
      const bytes = transfers();
      await context.close();
      return { ms, floorMs, bytes };
    };

    const cold = [];
    for (let i = 0; i < RUNS; i++) cold.push(await measureRun(1));
    const coldCpu = [];
    for (let i = 0; i < RUNS; i++) coldCpu.push(await measureRun(4));
    const warm = await measureRun(1, true);

    const byType = (bytes: Transfer[]) => {
      const out: Record<string, { encodedKiB: number; decodedKiB: number; count: number }> = {};
      for (const b of bytes) {
        const t = (out[b.type] ??= { encodedKiB: 0, decodedKiB: 0, count: 0 });
        t.encodedKiB += b.encoded / 1024;
        t.decodedKiB += b.decoded / 1024;
        t.count++;
      }
      for (const t of Object.values(out)) {
        t.encodedKiB = kib(t.encodedKiB * 1024);
        t.decodedKiB = kib(t.decodedKiB * 1024);
      }
      return out;
    };
    const types = byType(cold[0]!.bytes);
    const jsKiB = types.Script?.encodedKiB ?? 0;
    const coldMs = median(cold.map((r) => r.ms));
    const coldCpuMs = median(coldCpu.map((r) => r.ms));
    const floorMs = median(cold.map((r) => r.floorMs));
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

    console.log(`\nHosted page, phone viewport, 1.6 Mbps / 750 kbps / 150 ms RTT, cold cache, median of ${RUNS}:\n`);
    console.log('transferred (encoded) by type:');
    for (const [type, t] of Object.entries(types)) {
      console.log(
        `  ${type.padEnd(12)} ${String(t.encodedKiB).padStart(7)} KiB (${t.decodedKiB} KiB decoded, ${t.count} responses)`,
      );
    }
    console.log('');
    console.log(
      `JavaScript gzip          ${jsKiB} KiB     goal ≤ ${GOALS.jsKiB} KiB   ${verdict(jsKiB <= GOALS.jsKiB)}`,
    );
    console.log(
      `method choice usable     ${coldMs} ms     goal ≤ ${GOALS.methodChoiceMs} ms  ${verdict(coldMs <= GOALS.methodChoiceMs)}  (ratio ${(coldMs / GOALS.methodChoiceMs).toFixed(2)} of the goal)`,
    );
    console.log(`  … with 4× CPU throttle ${coldCpuMs} ms`);
    console.log(`  … warm cache           ${warm.ms} ms`);
    console.log(
      `network floor (1 GET)    ${Math.round(floorMs)} ms   → method choice = ${(coldMs / floorMs).toFixed(1)} round trips of the floor`,
    );

    const results = path.resolve('bench', 'results');
    fs.mkdirSync(results, { recursive: true });
    const file = path.join(results, `page-${new Date().toISOString().replaceAll(':', '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          throttle: THROTTLE,
          runs: RUNS,
          types,
          jsKiB,
          coldMs,
          coldCpuMs,
          warmMs: warm.ms,
          floorMs,
          samples: { cold: cold.map((r) => r.ms), coldCpu: coldCpu.map((r) => r.ms) },
          goals: GOALS,
        },
        null,
        2,
      ),
    );
    console.log(`\nResults: ${file}`);
  } finally {
    clearTimeout(watchdog);
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
