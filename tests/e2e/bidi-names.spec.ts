import crypto from 'node:crypto';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { CONSOLE_COPY } from '../../lib/surfaces/console/copy';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  expireNow,
  merchantWithCheckout,
  newMerchant,
  openCheckout,
  snap,
  sql,
  startMobileMoney,
  t,
  test,
  title,
} from './support';

/**
 * Names stored before direction controls were refused (set here with SQL: the APIs refuse them now)
 * hold a U+202E RIGHT-TO-LEFT OVERRIDE, which would reverse every character after it to the end of
 * the paragraph. Wherever such a name is shown (the hosted page, its first screen from the server, its
 * title and link preview, the receipt; the dashboard's header, business switcher and team; the
 * console's merchants) it is isolated: inside a <bdi>, or between U+2068 and U+2069 in plain text
 * (a title, an option, an aria-label). The service's own words after it still read left to right,
 * which is measured on the rendered page, and axe stays clean.
 */
const FSI = '\u2068';
const PDI = '\u2069';
const OVERRIDE = '\u202e';
/** A name with an override in it and no end to it, unique to the test (other tests share the console). */
const bidiName = (base: string) => `${base}${OVERRIDE}${crypto.randomUUID().slice(0, 6)}`;
const isolatedText = (name: string) => `${FSI}${name}${PDI}`;

/**
 * Every place on the page that shows `name`: each text node holding it is either the whole text of an
 * isolating element (<bdi>, dir="auto", unicode-bidi: isolate or plaintext) or has it between U+2068
 * and U+2069; so is every attribute that carries it (aria-label…). Scripts (React's payload) aside.
 */
async function expectIsolatedEverywhere(page: Page, name: string, where: string) {
  const found = await page.evaluate((name) => {
    const problems: string[] = [];
    let shown = 0;
    const isolating = (el: Element) =>
      el.localName === 'bdi' ||
      el.getAttribute('dir') === 'auto' ||
      ['isolate', 'isolate-override', 'plaintext'].includes(getComputedStyle(el).unicodeBidi);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      if (!text.data.includes(name)) continue;
      shown++;
      if (text.data.includes(`\u2068${name}\u2069`)) continue;
      if (isolating(parent) && parent.textContent === name) continue;
      problems.push(`text not isolated in ${parent.outerHTML.slice(0, 200)}`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName)) continue;
      for (const attr of el.attributes) {
        if (['value', 'placeholder'].includes(attr.name) || !attr.value.includes(name)) continue;
        if (!attr.value.includes(`\u2068${name}\u2069`))
          problems.push(`${attr.name} of <${el.localName}> not isolated`);
      }
    }
    return { shown, problems };
  }, name);
  expect(found.problems, `${where}: every name isolated`).toEqual([]);
  expect(found.shown, `${where}: the name is on the page`).toBeGreaterThan(0);
}

/**
 * Where `words` (the service's own, after a name) are drawn: the left edge of their first and last
 * characters. Left to right, the first is further left; reversed by an override, it is further right.
 */
async function wordOrder(scope: Locator, words: string) {
  return scope.evaluate((root, words) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const at = text.data.indexOf(words);
      if (at < 0) continue;
      const box = (i: number) => {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect();
      };
      const [first, last] = [box(at), box(at + words.length - 1)];
      return { first: first.left, last: last.left, oneLine: Math.abs(first.top - last.top) < 2 };
    }
    return null;
  }, words);
}

async function expectReadsLeftToRight(scope: Locator, words: string) {
  const order = await wordOrder(scope, words);
  expect(order, `"${words}" is shown`).not.toBeNull();
  expect(order!.oneLine, `"${words}" on one line`).toBe(true);
  expect(order!.first, `"${words}" reads left to right`).toBeLessThan(order!.last);
}

/** The measure itself, on a sentence with the name not isolated: the override does reverse what follows. */
async function expectOverrideReversesBareText(page: Page, name: string) {
  await page.evaluate((name) => {
    const p = document.createElement('p');
    p.id = 'bare-name-control';
    p.textContent = `Ask ${name} for a new link.`;
    document.body.append(p);
  }, name);
  const order = await wordOrder(page.locator('#bare-name-control'), 'for a new');
  await page.evaluate(() => document.getElementById('bare-name-control')?.remove());
  expect(order!.oneLine).toBe(true);
  expect(order!.first, 'without isolation the words after the name are reversed').toBeGreaterThan(order!.last);
}

/** A screenshot at the project's own width (360 or 1280), and snap's 320 px one. */
async function look(page: Page, testInfo: TestInfo, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: `test-results/screens/${page.viewportSize()?.width}-${name}.png`, fullPage: true });
  await snap(page, testInfo, name);
}

test('the hosted page isolates a stored name with an override: first screen, title, preview, receipt, expiry', async ({
  page,
  request,
}, testInfo) => {
  const name = bidiName('Kofi');
  const { merchant, checkout } = await merchantWithCheckout({}, { branding: { display_name: 'Kofi Foods' } });
  await sql()`update branding set display_name = ${name} where merchant_id = ${merchant.id}`;

  // The server's HTML, before any script: the header and the summary hold the name in a <bdi>; the
  // title and link previews have it isolated; the preview image is the generic one (not Latin-1).
  const html = await (await request.get(`${baseUrl()}/pay/${checkout.payment_reference}`)).text();
  expect(html.split(`<bdi>${name}</bdi>`).length - 1, 'header and summary from the server').toBeGreaterThanOrEqual(2);
  const pageTitle = t('page_title_to', { merchant: isolatedText(name) });
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(pageTitle);
  expect(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1]).toBe(pageTitle);
  expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1]).toBe(
    t('page_description', { merchant: isolatedText(name) }),
  );
  const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const image = await request.get(imageUrl!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toContain('image/png');

  // The choice of method, in the browser.
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expect(page).toHaveTitle(pageTitle);
  await expect(page.locator('header bdi')).toHaveText(name);
  await expect(page.getByRole('region', { name: t('summary_label') }).locator('bdi')).toHaveText(name);
  await expectIsolatedEverywhere(page, name, 'choose');
  await expectOverrideReversesBareText(page, name);
  // "…the payment service <name> uses." (the merchant set no contact: the service's own).
  await expectReadsLeftToRight(page.locator('footer'), 'uses');
  await expectAccessible(page, testInfo, 'bidi name: choose');
  await look(page, testInfo, 'bidi-name-choose');

  // Paid at once (…4444): the receipt.
  await startMobileMoney(page, '024 412 4444');
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 15_000 });
  // The receipt isolates the merchant's name (and, in its own <bdi>, the provider's reference).
  await expect(page.getByTestId('receipt').locator('bdi').filter({ hasText: 'Kofi' })).toHaveText(name);
  await expectIsolatedEverywhere(page, name, 'receipt');
  await expectReadsLeftToRight(page.getByRole('main'), 'confirmed');
  await expectReadsLeftToRight(page.getByTestId('contact'), 'uses');
  await expectAccessible(page, testInfo, 'bidi name: receipt');
  await look(page, testInfo, 'bidi-name-receipt');

  // Expired: "Ask <name> for a new link to pay."
  const old = await merchant.createCheckout();
  await expireNow(old.id);
  await openCheckout(page, old);
  await expect(title(page, t('expired_title'))).toBeVisible({ timeout: 15_000 });
  await expectIsolatedEverywhere(page, name, 'expired');
  await expectReadsLeftToRight(page.getByText(/for a new link/), 'link');
  await expectAccessible(page, testInfo, 'bidi name: expired');
});

test('the dashboard isolates stored business and person names: header, home, team, switcher', async ({
  page,
  browser,
}, testInfo) => {
  const words = SETTINGS_COPY.en;
  const business = bidiName('Ama');
  const person = bidiName('Abena');
  const colleague = bidiName('Kojo');
  const merchant = await newMerchant({ name: 'Ama Foods' });
  await sql()`update merchants set name = ${business} where id = ${merchant.id}`;
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await sql()`update auth_users set name = ${person}, email_verified = true where id = ${owner.userId}`;
  const elsewhere = await browser.newContext();
  const viewer = await signedInMember(elsewhere, merchant.id, 'viewer');
  await elsewhere.close();
  await sql()`update auth_users set name = ${colleague} where id = ${viewer.userId}`;

  await page.goto(`${baseUrl()}/dashboard/test`);
  await expect(page.getByRole('heading', { level: 1 }).locator('bdi')).toHaveText(business);
  await expect(page.getByRole('banner').locator('bdi')).toHaveText(business);
  await expectIsolatedEverywhere(page, business, 'dashboard home');
  await expectAccessible(page, testInfo, 'bidi name: dashboard home');
  await look(page, testInfo, 'bidi-name-dashboard-home');

  // The team: "<name> (you)", and a Remove button named after the person.
  await page.goto(`${baseUrl()}/dashboard/test/settings`);
  await expect(title(page, words.title)).toBeVisible();
  const me = page.getByRole('rowheader').filter({ hasText: words.you });
  await expect(me.locator('bdi')).toHaveText(person);
  await expectReadsLeftToRight(me, words.you);
  // The button's name is the words and the name: the <bdi> adds no character to it.
  await expect(page.getByRole('button', { name: `${words.remove} ${colleague}`, exact: true })).toBeVisible();
  await expectIsolatedEverywhere(page, person, 'team');
  await expectIsolatedEverywhere(page, colleague, 'team (a colleague)');
  await expectIsolatedEverywhere(page, business, 'team (header)');
  await expectAccessible(page, testInfo, 'bidi name: team');
  await look(page, testInfo, 'bidi-name-dashboard-team');

  // A second business: the header's switcher names both, isolated in the options' text.
  const other = await newMerchant({ name: 'Second Shop' });
  await sql()`insert into auth_members (organization_id, user_id, role) values (${other.id}, ${owner.userId}, 'viewer')`;
  await page.goto(`${baseUrl()}/dashboard/test`);
  const option = page.locator('#merchant_id option', { hasText: business });
  await expect(option).toHaveText(isolatedText(business));
  await expectIsolatedEverywhere(page, business, 'switcher');
  await expectAccessible(page, testInfo, 'bidi name: switcher');
  await look(page, testInfo, 'bidi-name-dashboard-switcher');
});

test('the console isolates a stored merchant name in its lists and choices', async ({ page }, testInfo) => {
  const words = CONSOLE_COPY.en;
  const name = bidiName('Kwame');
  const merchant = await newMerchant({ name: 'Kwame Goods' });
  await sql()`update merchants set name = ${name} where id = ${merchant.id}`;
  const scratch = await newMerchant({ name: 'Scratch' });
  const operator = await signedInMember(page.context(), scratch.id, 'owner');
  await sql()`update auth_users set operator = true, email_verified = true where id = ${operator.userId}`;
  await sql()`delete from auth_members where user_id = ${operator.userId}`;

  await page.goto(`${baseUrl()}/console`);
  await expect(title(page, words.merchants_title)).toBeVisible();
  const row = page.locator(`tr[data-merchant="${merchant.id}"]`);
  await expect(row.locator('bdi')).toHaveText(name);
  await expect(row.locator('select')).toHaveAttribute('aria-label', `${words.kyb_status}: ${isolatedText(name)}`);
  await expectIsolatedEverywhere(page, name, 'console merchants');
  await expectAccessible(page, testInfo, 'bidi name: console merchants');
  await look(page, testInfo, 'bidi-name-console-merchants');

  // The merchant choices of settlement and reconciliation.
  for (const [path, heading] of [
    ['settlement', words.settlement_title],
    ['reconciliation', words.reconciliation_title],
  ] as const) {
    await page.goto(`${baseUrl()}/console/${path}`);
    await expect(title(page, heading)).toBeVisible();
    await expectIsolatedEverywhere(page, name, `console ${path}`);
    await expectAccessible(page, testInfo, `bidi name: console ${path}`);
  }
});

/**
 * An ordinary (left-to-right) name: isolating it moves nothing. Every element's box is measured with
 * the <bdi> elements as they are, then with their isolation turned off (unicode-bidi: normal, what
 * the bare text was), and must not differ.
 */
async function expectIsolationMovesNothing(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const elements = [...document.body.querySelectorAll('*')].filter(
      (el) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'BDI'].includes(el.tagName),
    );
    const boxes = () =>
      elements.map((el) => {
        const r = el.getBoundingClientRect();
        return [r.left, r.top, r.width, r.height].map((n) => n.toFixed(1)).join(',');
      });
    const isolates = [...document.querySelectorAll('bdi')] as HTMLElement[];
    const before = boxes();
    for (const bdi of isolates) bdi.style.unicodeBidi = 'normal';
    const after = boxes();
    for (const bdi of isolates) bdi.style.unicodeBidi = '';
    return {
      isolates: isolates.length,
      moved: elements.filter((_, i) => before[i] !== after[i]).map((el) => el.outerHTML.slice(0, 160)),
    };
  });
  expect(found.isolates, `${where}: names in <bdi>`).toBeGreaterThan(0);
  expect(found.moved, `${where}: nothing moved`).toEqual([]);
}

test('an ordinary name, isolated, sits exactly where the bare name did', async ({ page }, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout();
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await expectIsolationMovesNothing(page, 'hosted page');
  await look(page, testInfo, 'plain-name-choose');

  await signedInMember(page.context(), merchant.id, 'owner').then(
    (owner) => sql()`update auth_users set email_verified = true where id = ${owner.userId}`,
  );
  await page.goto(`${baseUrl()}/dashboard/test/settings`);
  await expect(title(page, SETTINGS_COPY.en.title)).toBeVisible();
  await expectIsolationMovesNothing(page, 'dashboard team');
  await look(page, testInfo, 'plain-name-dashboard-team');
});
