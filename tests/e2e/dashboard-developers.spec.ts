import type { Page } from '@playwright/test';
import { DEVELOPERS_COPY } from '../../lib/surfaces/dashboard/copy/developers';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * The Developers section in Chromium: an owner makes an API key (a step-up code first; the secret
 * shown once), revokes it, adds a webhook endpoint and sends it a test event; a viewer sees the keys
 * but no form, and posting the owner's form from the viewer's session anyway makes no key.
 */
const words = DEVELOPERS_COPY.en;
const shell = SHELL_COPY.en;

const keysOf = async (merchantId: string) =>
  (await sql()`select key_name, status from api_keys where merchant_id = ${merchantId} and key_name <> 'Default'`) as unknown as {
    key_name: string;
    status: string;
  }[];

/** Posts a form's HTML (with its hidden server-action fields) from `page`, as a browser without JavaScript would. */
function postForm(page: Page, html: string, name: string, code: string): Promise<number> {
  return page.evaluate(
    async ([html, name, code]) => {
      const holder = document.createElement('div');
      holder.innerHTML = html!;
      const data = new FormData(holder.querySelector('form')!);
      data.set('name', name!);
      data.set('step_up_code', code!);
      return (await fetch(location.href, { method: 'POST', body: data })).status;
    },
    [html, name, code],
  );
}

async function openDevelopers(page: Page) {
  await page.goto(`${baseUrl()}/dashboard/test/developers`);
  await expect(title(page, words.title)).toBeVisible();
}

test('an owner creates a key after a step-up code, sees it once, revokes it; adds a webhook endpoint', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Esi Crafts' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await openDevelopers(page);
  await expectAccessible(page, testInfo, 'developers');
  await snap(page, testInfo, 'dashboard-developers');

  await page.getByLabel(words.key_name, { exact: true }).fill('Shop server');
  await page.getByRole('button', { name: words.create_submit }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(shell.refused_step_up_required);
  await page.getByLabel(shell.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: shell.confirm }).click();
  const secret = page.getByTestId('new-key-secret');
  await expect(secret).toHaveText(/^sk_test_/);
  // The Copy button puts exactly the key on the clipboard, and says so.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await page.getByRole('button', { name: words.copy_key }).click();
  await expect(page.getByText(words.key_copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.textContent());
  await expectAccessible(page, testInfo, 'key created');
  await snap(page, testInfo, 'dashboard-key-created');
  expect(await keysOf(merchant.id)).toContainEqual({ key_name: 'Shop server', status: 'active' });
  // The key works against the API.
  const res = await fetch(`${baseUrl()}/api/v1/merchants/checkouts`, {
    headers: { 'x-api-key': (await secret.textContent())! },
  });
  expect(res.status).toBe(200);

  // Destructive: asked first, then done with the same words.
  await page.getByRole('button', { name: `${words.revoke} Shop server` }).click();
  await expect(page.getByText(shell.confirm_question)).toBeVisible();
  await expectAccessible(page, testInfo, 'revoke asked');
  await page.getByRole('button', { name: `${words.revoke} Shop server` }).click();
  await expect(page.getByRole('row', { name: /Shop server/ }).getByText('revoked')).toBeVisible();
  expect(await keysOf(merchant.id)).toContainEqual({ key_name: 'Shop server', status: 'revoked' });

  await page.getByLabel(words.url, { exact: true }).fill('https://93.184.215.14/hooks');
  await page.getByLabel(words.url, { exact: true }).press('Enter');
  await expect(page.getByTestId('shown-once-secret')).toHaveText(/^whsec_/);
  await page.getByRole('link', { name: 'https://93.184.215.14/hooks' }).click();
  await expect(title(page, 'https://93.184.215.14/hooks')).toBeVisible();
  await page.getByRole('button', { name: words.send_test }).click();
  await expect(page.getByText(words.test_sent)).toBeVisible();
  await page.reload();
  await expect(page.getByText('webhook.test', { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, 'webhook endpoint');
  await snap(page, testInfo, 'dashboard-webhook');

  // Deleting asks first ("No, keep it" keeps it), then lands on the Developers page, not a bare 404.
  await page.getByRole('button', { name: words.delete_webhook }).click();
  await page.getByRole('button', { name: shell.confirm_keep }).click();
  await expect(page.getByText(shell.confirm_question)).toHaveCount(0);
  await page.getByRole('button', { name: words.delete_webhook }).click();
  await page.getByRole('button', { name: words.delete_webhook }).click();
  await expect(title(page, words.title)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/test\/developers$/);
  await expect(page.getByRole('link', { name: 'https://93.184.215.14/hooks' })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'after deleting an endpoint');
  // Its old address now shows the dashboard's own "not here" page, inside the dashboard.
  await page.goBack();
  await page.reload();
  await expect(title(page, shell.not_found_title)).toBeVisible();
  await expect(page.getByRole('navigation', { name: shell.nav_label })).toBeVisible();
  await expectAccessible(page, testInfo, 'deleted endpoint');
  await snap(page, testInfo, 'dashboard-not-found');
  const [audit] = await sql()`
    select count(*)::int as n from audit_log where merchant_id = ${merchant.id} and actor_type = 'person'`;
  expect(audit!.n).toBe(5); // key created, key revoked, endpoint added, test sent, endpoint deleted
});

test('a viewer sees the keys but cannot make one: no form, and the action refuses a posted form', async ({
  browser,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Esi Crafts' });
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signedInMember(ownerContext, merchant.id, 'owner');
  await openDevelopers(ownerPage);
  const form = await ownerPage.locator('form:has(#key-name)').evaluate((f) => f.outerHTML);
  await ownerContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInMember(context, merchant.id, 'viewer');
  await openDevelopers(page);
  await expect(page.getByRole('heading', { name: words.keys })).toBeVisible();
  await expect(page.getByRole('button', { name: words.create_submit })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'developers (viewer)');

  // The owner's form, posted from the viewer's session as a browser without JavaScript would.
  expect(await postForm(page, form, 'Viewer key', '123456')).toBeLessThan(500);
  expect((await keysOf(merchant.id)).map((k) => k.key_name)).not.toContain('Viewer key');
  await context.close();
});
