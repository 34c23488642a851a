/**
 * `npm run bench:page`: what the hosted page costs a customer on a slow phone network. Builds if
 * needed, starts `next start` on a throwaway embedded database, and in Chromium (cold cache, a fresh
 * context per run) throttled to 1.6 Mbps down / 750 kbps up / 150 ms RTT measures:
 *   - bytes transferred by type (JavaScript gzip is the figure with a goal: ≤ 150 KiB),
 *   - time from navigation to a usable method choice: the "Mobile money" radio is on screen and a click
 *     checks it (goal ≤ 1.2 s), with and without 4× CPU throttling, plus one warm-cache run,
 *   - time from navigation to the amount on screen (painted by the page's inline script as soon as the
 *     early session read answers, before the app has loaded; goal ≤ 0.8 s with 4× CPU throttling),
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
// Issue 17: usable at 1.2 s on the throttled phone, with at most 150 KiB of JavaScript. Issue 32: the
// amount on screen at 0.8 s and the choice usable at 1.2 s with the phone's CPU 4× slower too.
const GOALS = { jsKiB: 150, methodChoiceMs: 1200, amountMs: 800 };

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
  const ms = Date.now() - started;
  // Then the whole page: the session shown by the app, every script loaded, and the choice kept.
  await page.getByTestId('amount').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  if (!(await radio.isChecked())) throw new Error('the app did not keep the choice made before it had loaded');
  return ms;
}

/** Milestones of the last navigation, in ms from its start, from the browser's own timings. */
interface Timeline {
  html: number;
  lastScript: number;
  sessionStart: number;
  sessionEnd: number;
  /** The mobile money radio is in the document (rendered by the server, or by the app), and checked by a click. */
  radioShown: number;
  /** The amount is on screen: painted from the early read (early-session.ts), or by the app. */
  amountShown: number;
  radioChecked: number;
  /** JavaScript (encoded) that had arrived when the method was shown, and in all by the end. */
  scriptKiBBeforeShown: number;
  scriptKiBAll: number;
}

/**
 * Set before any of the page's scripts run: records when the mobile money radio appears, clicks it in
 * the next frame, and records when the app has it checked (the browser's clock, without the test
 * driver's own round trips).
 */
const RADIO_WATCH = `new MutationObserver((_, observer) => {
  const radio = document.querySelector('input[type=radio][value=mobile_money]');
  if (radio && window.__radioShown === undefined) {
    window.__radioShown = performance.now();
    requestAnimationFrame(() => {
      radio.click();
      const check = () => (radio.checked ? (window.__radioChecked = performance.now()) : requestAnimationFrame(check));
      check();
    });
  }
  if (document.querySelector('[data-testid=amount]')) {
    window.__amountShown = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });`;

async function timelineOf(page: Page): Promise<Timeline> {
  return page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'));
    const session = resources.find((r) => r.name.includes('/api/checkout/v1/sessions/'));
    const shown = (window as unknown as { __radioShown?: number }).__radioShown ?? Infinity;
    // No named helper here: the bundler would wrap it in a function the page does not have.
    let before = 0;
    let all = 0;
    for (const r of scripts) {
      all += r.encodedBodySize;
      if (r.responseEnd <= shown) before += r.encodedBodySize;
    }
    return {
      scriptKiBBeforeShown: Math.round(before / 102.4) / 10,
      scriptKiBAll: Math.round(all / 102.4) / 10,
      html: Math.round(nav.responseEnd),
      lastScript: Math.round(Math.max(0, ...scripts.map((r) => r.responseEnd))),
      sessionStart: Math.round(session?.startTime ?? -1),
      sessionEnd: Math.round(session?.responseEnd ?? -1),
      radioShown: Math.round((window as unknown as { __radioShown?: number }).__radioShown ?? -1),
      radioChecked: Math.round((window as unknown as { __radioChecked?: number }).__radioChecked ?? -1),
      amountShown: Math.round((window as unknown as { __amountShown?: number }).__amountShown ?? -1),
    };
  });
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
      await page.addInitScript(RADIO_WATCH);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', THROTTLE);
      if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      if (warm) await methodChoiceTime(page, pageUrl); // fill the cache, then measure a second visit
      const transfers = recordTransfers(cdp);
      if (warm) await page.goto('about:blank');
      const ms = await methodChoiceTime(page, pageUrl);
      const timeline = await timelineOf(page);
      const floorMs = await page.evaluate(async () => {
        const t = performance.now();
        await fetch('/api/ping', { cache: 'no-store' });
        return performance.now() - t;
      });
      const bytes = transfers();
      await context.close();
      return { ms, floorMs, bytes, timeline };
    };

    const cold: Awaited<ReturnType<typeof measureRun>>[] = [];
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
    const amountMs = median(cold.map((r) => r.timeline.amountShown));
    const amountCpuMs = median(coldCpu.map((r) => r.timeline.amountShown));
    const floorMs = median(cold.map((r) => r.floorMs));
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    const timeline = Object.fromEntries(
      (
        [
          'html',
          'lastScript',
          'sessionStart',
          'sessionEnd',
          'radioShown',
          'radioChecked',
          'amountShown',
          'scriptKiBBeforeShown',
          'scriptKiBAll',
        ] as const
      ).map((k) => [k, median(cold.map((r) => r.timeline[k]))]),
    ) as unknown as Timeline;

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
      `  … before the method choice was on screen ${timeline.scriptKiBBeforeShown} KiB (the server draws the choice; the app's scripts come after)`,
    );
    console.log(
      `method choice usable     ${coldMs} ms     goal ≤ ${GOALS.methodChoiceMs} ms  ${verdict(coldMs <= GOALS.methodChoiceMs)}  (ratio ${(coldMs / GOALS.methodChoiceMs).toFixed(2)} of the goal)`,
    );
    console.log(
      `  … with 4× CPU throttle ${coldCpuMs} ms     goal ≤ ${GOALS.methodChoiceMs} ms  ${verdict(coldCpuMs <= GOALS.methodChoiceMs)}  (ratio ${(coldCpuMs / GOALS.methodChoiceMs).toFixed(2)})`,
    );
    console.log(
      `amount on screen         ${amountMs} ms; with 4× CPU ${amountCpuMs} ms     goal ≤ ${GOALS.amountMs} ms  ${verdict(amountCpuMs <= GOALS.amountMs)}  (ratio ${(amountCpuMs / GOALS.amountMs).toFixed(2)})`,
    );
    console.log(`  … warm cache           ${warm.ms} ms`);
    console.log(
      `  timeline (browser clock, median): HTML ${timeline.html} ms, last script ${timeline.lastScript} ms, ` +
        `session read ${timeline.sessionStart}–${timeline.sessionEnd} ms, method shown ${timeline.radioShown} ms and checked by a click in the page ${timeline.radioChecked} ms, ` +
        `amount shown ${timeline.amountShown} ms`,
    );
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
          amountMs,
          amountCpuMs,
          warmMs: warm.ms,
          floorMs,
          timeline,
          samples: {
            cold: cold.map((r) => r.ms),
            coldCpu: coldCpu.map((r) => r.ms),
            amountCpu: coldCpu.map((r) => r.timeline.amountShown),
          },
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
