/**
 * Browser tests of the hosted checkout page (`npm run test:e2e`). tests/e2e/global-setup.ts starts a
 * throwaway embedded PostgreSQL, `next start` and the background worker; the tests drive Chromium.
 *
 * No browser is ever downloaded: the executable is CHROMIUM_PATH when set, else Debian's
 * /usr/bin/chromium when installed, else the Chromium that ships inside the npm package
 * @sparticuz/chromium (unpacked once to the temporary directory).
 */
import fs from 'node:fs';
import net from 'node:net';
import { defineConfig, devices } from '@playwright/test';

async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The config is loaded by the runner and again by each worker; workers inherit the runner's
// environment, so whatever is decided here once (port, executable) is shared by all of them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_CHROMIUM_PATH ??= await chromiumExecutable();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const launchOptions = {
  executablePath: process.env.E2E_CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // A 2-core machine runs the server, the worker, PostgreSQL and the browsers.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'test-results/e2e-report' }]] : 'list',
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    launchOptions,
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 7']!.userAgent,
      },
    },
    {
      name: 'desktop',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
});
