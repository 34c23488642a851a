import postgres from 'postgres';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { MessageKey, Messages, VarsArg } from '../../lib/platform/i18n/messages';
import { en } from '../../lib/platform/i18n/catalogues/en';
import { fr } from '../../lib/platform/i18n/catalogues/fr';
import { translate } from '../../lib/platform/i18n/translate';

/**
 * Helpers of the browser tests: the service's own APIs (operator and merchant) to arrange and
 * check what the page does, direct SQL for what the APIs cannot reach quickly (expiry), and an
 * accessibility scan. The running service is described by tests/e2e/global-setup.ts's variables.
 */
function setting(name: 'E2E_BASE_URL' | 'E2E_ADMIN_TOKEN' | 'E2E_DATABASE_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with \`npm run test:e2e\``);
  return value;
}

export const baseUrl = () => setting('E2E_BASE_URL');

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
}

async function send(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<ApiAnswer> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}

/** Like send, but a non-200 answer is a test failure that shows the body. */
async function ok(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<any> {
  const res = await send(method, path, headers, body);
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

const adminHeaders = () => ({ authorization: `Bearer ${setting('E2E_ADMIN_TOKEN')}` });

export const operator = {
  approve: (checkoutId: string, admin_notes = 'seen on the statement') =>
    ok('POST', `/api/admin/v1/checkouts/${checkoutId}/approve`, adminHeaders(), { admin_notes }),
  reject: (checkoutId: string, rejection_reason = 'No transfer found') =>
    ok('POST', `/api/admin/v1/checkouts/${checkoutId}/reject`, adminHeaders(), { rejection_reason }),
  awaitingApproval: () => ok('GET', '/api/admin/v1/checkouts/awaiting-approval?limit=100', adminHeaders()),
};

export interface Checkout {
  id: string;
  payment_reference: string;
  checkout_url: string;
  status: string;
  amount: number;
  currency_code: string;
  [field: string]: unknown;
}

export interface Merchant {
  id: string;
  apiKey: string;
  createCheckout(body?: Record<string, unknown>): Promise<Checkout>;
  getCheckout(id: string): Promise<Checkout>;
  cancelCheckout(id: string): Promise<Checkout>;
  setBranding(branding: Record<string, unknown>): Promise<any>;
  /** Any merchant API call with this merchant's key, for what the helpers above do not cover. */
  call(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
}

/** A live merchant also keeps its test key, to show that the test mode sees none of the live objects. */
export interface LiveMerchant extends Merchant {
  testMode: Merchant;
}

export type KybStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** Onboards a merchant through the operator API; the returned object acts with its API key. */
export async function newMerchant(options: { name?: string; kyb_status?: KybStatus } = {}): Promise<Merchant> {
  const created = await ok('POST', '/api/admin/v1/merchants', adminHeaders(), {
    name: options.name ?? 'Kofi Foods',
    email: 'ops@kofi.test',
    kyb_status: options.kyb_status ?? 'verified',
  });
  return actingWith(created.merchant.id, created.api_key.secret_key);
}

/**
 * The same merchant in live mode: the operator enables it (KYB verified) and issues a live key. Live
 * NGN bank transfers and GHS mobile money go to the Paystack and MTN MoMo contract servers
 * (tests/e2e/provider-control.ts).
 */
export async function liveMerchant(name = 'Kofi Foods Live'): Promise<LiveMerchant> {
  const test = await newMerchant({ name });
  await ok('PATCH', `/api/admin/v1/merchants/${test.id}`, adminHeaders(), { live_enabled: true });
  const key = await ok('POST', `/api/admin/v1/merchants/${test.id}/api-keys?mode=live`, adminHeaders(), {
    name: 'Live key',
  });
  return { ...actingWith(test.id, key.secret_key), testMode: test };
}

function actingWith(id: string, apiKey: string): Merchant {
  const key = { 'x-api-key': apiKey };
  return {
    id,
    apiKey,
    createCheckout: (body = {}) =>
      ok('POST', '/api/v1/merchants/checkouts', key, {
        customer_email: 'ada@example.com',
        amount: 25.5,
        currency_code: 'GHS',
        meta_data: { order_id: 'E2E-1' },
        ...body,
      }),
    getCheckout: (id) => ok('GET', `/api/v1/merchants/checkouts/${id}`, key),
    cancelCheckout: (id) => ok('POST', `/api/v1/merchants/checkouts/${id}/cancel`, key),
    setBranding: (branding) => ok('PUT', '/api/v1/merchants/branding', key, branding),
    call: (method, path, body) => send(method, path, key, body),
  };
}

/** A merchant and one of its checkouts, in one step. */
export async function merchantWithCheckout(
  body: Record<string, unknown> = {},
  options: { name?: string; kyb_status?: KybStatus; branding?: Record<string, unknown> } = {},
) {
  const merchant = await newMerchant(options);
  if (options.branding) await merchant.setBranding(options.branding);
  const checkout = await merchant.createCheckout(body);
  return { merchant, checkout };
}

export const tokenOf = (checkout: Checkout) => new URL(checkout.checkout_url).hash.replace(/^#token=/, '');

/** Polls the merchant API until the checkout reaches `status` (the page may show it a poll earlier). */
export async function expectCheckoutStatus(merchant: Merchant, id: string, status: string, timeout = 15_000) {
  await expect
    .poll(async () => (await merchant.getCheckout(id)).status, { timeout, message: `checkout ${id} status` })
    .toBe(status);
}

let connection: postgres.Sql | undefined;

/** Direct SQL on the service's database, for arranging states the API cannot reach quickly. */
export function sql(): postgres.Sql {
  connection ??= postgres(setting('E2E_DATABASE_URL'), { max: 2, idle_timeout: 5, onnotice: () => {} });
  return connection;
}

/** Moves the checkout's expiry into the past, as if its lifetime had run out. */
export async function expireNow(checkoutId: string): Promise<void> {
  await sql()`update checkouts set expires_at = now() - interval '1 minute' where id = ${checkoutId}`;
}

export async function eventsOf(checkoutId: string): Promise<string[]> {
  const rows = await sql()`select event_type from events where resource_id = ${checkoutId} order by sequence`;
  return rows.map((r) => r.event_type as string);
}

type AttemptSeen = { id: string; status: string; failure_code: string | null; method: string };
export async function attemptsOf(checkoutId: string): Promise<Array<Omit<AttemptSeen, 'id'>>> {
  return (await attemptRowsOf(checkoutId)).map(({ id: _id, ...rest }) => rest);
}

/** The same, with each attempt's id (a live provider knows an attempt by it). */
export async function attemptRowsOf(checkoutId: string): Promise<AttemptSeen[]> {
  const rows =
    await sql()`select id, status, failure_code, method from payment_attempts where checkout_id = ${checkoutId} order by created_at, id`;
  return rows as unknown as AttemptSeen[];
}

/**
 * axe-core (WCAG 2 A and AA rules) on what the page shows now: no serious or critical violation.
 * The full report is attached to the test either way.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, screenName: string): Promise<void> {
  // After a client-side navigation React swaps the <title> a moment after the content: wait for it.
  await expect(page, `the ${screenName} screen has a title`).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.passes.length, 'axe ran its rules on the page').toBeGreaterThan(0);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe: ${screenName}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const summary = bad.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(summary, `accessibility violations on the ${screenName} screen`).toEqual([]);
}

/** The page's own strings (lib/i18n), so a reworded message does not break the tests. */
export const t = <K extends MessageKey>(key: K, ...vars: VarsArg<K>) => translate(en, 'en', key, ...vars);
export const tFr = <K extends MessageKey>(key: K, ...vars: VarsArg<K>) => translate(fr as Messages, 'fr', key, ...vars);
export const french: Messages = fr;

/** A phone number, reference or example as the page writes it in a sentence: isolated left to right (flow.ts `ltrText`). */
export const ltr = (text: string) => `\u2066${text}\u2069`;

/** The current screen (the live region repeats some of its text outside it). */
export const screen = (page: Page) => page.getByRole('main');

/** The screen's title: every screen has exactly one h1. */
export const title = (page: Page, text: string | RegExp) => page.getByRole('heading', { level: 1, name: text });

/**
 * The page fixture of every browser test: an uncaught exception in the page, or a script the
 * Content Security Policy blocked, fails the test.
 */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
        problems.push(`CSP: ${message.text()}`);
    });
    await use(page);
    expect(problems, 'errors in the page').toEqual([]);
  },
});
export { expect };

/** Presses Tab (only) until `target` has the focus. */
export async function tabTo(page: Page, target: Locator, maxPresses = 25): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${maxPresses} presses`).toBeFocused();
}

/** A message with its `{placeholders}` as wildcards, for names that contain run-time values (any plural form). */
export function like(key: MessageKey, messages: Messages = en): RegExp {
  const message = messages[key];
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  const patterns = forms.map((form) =>
    form
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );
  return new RegExp(`^(?:${patterns.join('|')})$`);
}

/** "Pay GHS 25.50" (and not "Pay another way"). */
export const payButtonName = new RegExp(`^${t('pay_button', { amount: '' }).trim()} .*\\d`);

/** Opens the checkout link as the customer would (the token in the fragment). */
export async function openCheckout(page: Page, checkout: Checkout, query = ''): Promise<void> {
  const url = new URL(checkout.checkout_url);
  await page.goto(`${url.pathname}${query}${url.hash}`);
}

/** Choose screen → mobile money form → the prompt is sent. */
export async function startMobileMoney(page: Page, phone: string, network = 'MTN MoMo'): Promise<void> {
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('method_mobile_money')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('mm_title'))).toBeVisible();
  await page.getByRole('radio', { name: network }).check();
  await page.getByLabel(t('phone_label')).fill(phone);
  await page.getByRole('button', { name: payButtonName }).click();
}

/** The sandbox bank: money "arrives" for a payment reference (a scenario, or an explicit amount). */
export async function sandboxTransfer(
  reference: string,
  body: { scenario?: 'exact' | 'short' | 'over' | 'duplicate'; amount?: number },
) {
  return ok('POST', '/api/sandbox/bank-transfers', {}, { payment_reference: reference, ...body });
}

/** Choose screen → bank transfer details. */
export async function chooseBankTransfer(page: Page, messages: Messages = en): Promise<void> {
  await expect(title(page, messages.choose_title)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${messages.method_bank_transfer}`) }).check();
  await page.getByRole('button', { name: messages.continue }).click();
  await expect(title(page, messages.bank_title)).toBeVisible();
}

/**
 * A full-page screenshot for people to look at (not compared with anything): test-results/screens/,
 * named by viewport. Set E2E_SCREENSHOTS=0 to skip.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const size = page.viewportSize();
  // Phones are looked at at their narrowest (320 px), desktops as they are.
  const narrow = size && size.width < 600;
  if (narrow) await page.setViewportSize({ width: 320, height: size.height });
  // A page that grows with the whole run (the dev mailbox) is photographed down to 8,000 px: a
  // screenshot of 80,000 px takes longer than the step allows, and nobody looks that far.
  const tall = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = narrow ? 320 : (size?.width ?? 1280);
  await page.screenshot({
    path: `test-results/screens/${narrow ? '320' : size?.width}-${name}.png`,
    fullPage: true,
    ...(tall > 8_000 ? { clip: { x: 0, y: 0, width, height: 8_000 } } : {}),
    timeout: 30_000,
  });
  if (narrow) await page.setViewportSize(size);
}

/**
 * Whether the page scrolls sideways at `width` (its scrollWidth beyond the window): [] when it
 * does not, else the page's widths and the elements whose right edge passes the window, for the
 * failure's message. The viewport is put back afterwards.
 */
export async function sidewaysAt(page: Page, width: number): Promise<string[]> {
  const size = page.viewportSize();
  await page.setViewportSize({ width, height: size?.height ?? 740 });
  // A phone (isMobile) widens its layout viewport to fit what is wider: measure against the width asked.
  const found = await page.evaluate((width) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= Math.min(doc.clientWidth, width)) return [];
    const out = [`page ${doc.scrollWidth} > ${width}`];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5) {
        out.push(`${el.tagName.toLowerCase()}.${el.className} right ${Math.round(box.right)}`);
      }
    }
    return out.slice(0, 12);
  }, width);
  if (size) await page.setViewportSize(size);
  return found;
}
