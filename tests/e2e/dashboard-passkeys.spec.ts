import type { Page } from '@playwright/test';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { COPY } from '../../lib/surfaces/dashboard/copy';
import { PASSKEY_SIGN_IN_WORDS } from '../../app/(people)/sign-in/passkey-words';
import { startSecondServer } from './second-server';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Passkeys in Chromium, with its virtual authenticator (CDP's WebAuthn domain): an owner adds one in
 * Settings → Security (a step-up code first), signs out, signs in with it (no password, no code) and
 * deletes it. WebAuthn needs a domain name, and the shared test server's public URL is 127.0.0.1, so
 * this file starts a second `next start` of the same build and database whose API_BASE_URL is
 * http://localhost:PORT; on the shared server the pages say passkeys are not available.
 */
const words = SETTINGS_COPY.en;
const shell = SHELL_COPY.en;
const signInWords = PASSKEY_SIGN_IN_WORDS.en;

let server: { url: string; stop: () => Promise<void> } | undefined;
let localhostUrl = '';

test.beforeAll(async () => {
  server = await startSecondServer({ host: 'localhost' });
  localhostUrl = server.url;
});

test.afterAll(async () => {
  await server?.stop();
});

/** A user-verifying platform authenticator that holds discoverable credentials (a phone's or a laptop's). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const passkeysOf = async (userId: string) =>
  (await sql()`select name, last_used_at from auth_passkeys where user_id = ${userId}`) as unknown as {
    name: string;
    last_used_at: Date | null;
  }[];

test('an owner adds a passkey after a step-up code, signs in with it alone, then deletes it', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Akua Prints' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  // The same session on the localhost server (same database, same secret).
  const cookies = await page.context().cookies(baseUrl());
  await page.context().addCookies(cookies.map(({ name, value }) => ({ name, value, url: localhostUrl })));
  await virtualAuthenticator(page);

  await page.goto(`${localhostUrl}/dashboard/test/settings/security`);
  const section = page.locator('section[aria-labelledby="passkeys"]');
  await expect(section.getByText(words.passkeys_none)).toBeVisible();
  await expectAccessible(page, testInfo, 'security with no passkey');

  await section.getByLabel(words.passkey_name, { exact: true }).fill('This laptop');
  await section.getByRole('button', { name: words.passkey_add }).click();
  await expect(section.getByRole('alert')).toHaveText(shell.refused_step_up_required);
  await section.getByLabel(shell.step_up_label).fill(await owner.code());
  await section.getByRole('button', { name: shell.confirm }).click();
  await expect(section.getByRole('status')).toHaveText(words.passkey_added);
  await expect(section.getByRole('row', { name: /This laptop/ })).toBeVisible();
  expect(await passkeysOf(owner.userId)).toEqual([{ name: 'This laptop', last_used_at: null }]);
  const [audit] = await sql()`select action, merchant_id from audit_log where user_id = ${owner.userId}`;
  expect(audit).toEqual({ action: 'passkey.create', merchant_id: merchant.id });
  await expectAccessible(page, testInfo, 'security with a passkey');
  await snap(page, testInfo, 'dashboard-passkeys');

  await page.getByRole('button', { name: COPY.en.sign_out, exact: true }).click();
  await expect(title(page, COPY.en.sign_in_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'sign-in with a passkey');
  await snap(page, testInfo, 'sign-in-passkey');
  await page.getByRole('button', { name: signInWords.sign_in }).click();
  await expect(page).toHaveURL(/\/dashboard\/test$/);
  expect((await passkeysOf(owner.userId))[0]!.last_used_at).not.toBeNull();

  // A new session, not stepped up: as if a code had just been given (the last one was spent above).
  await sql()`update auth_sessions set step_up_at = now() where user_id = ${owner.userId}`;
  await page.goto(`${localhostUrl}/dashboard/test/settings/security`);
  // Deleting asks first: the first click only asks, and "keep it" deletes nothing.
  const remove = section.getByRole('button', { name: `${words.passkey_delete} This laptop` });
  await remove.click();
  await expect(section.getByRole('status').filter({ hasText: shell.confirm_question })).toBeVisible();
  await expectAccessible(page, testInfo, 'passkey delete asked');
  await section.getByRole('button', { name: shell.confirm_keep }).click();
  await expect(section.getByText(shell.confirm_question)).toHaveCount(0);
  expect(await passkeysOf(owner.userId)).toHaveLength(1);
  await remove.click();
  await expect(section.getByText(shell.confirm_question)).toBeVisible();
  await remove.click();
  await expect(section.getByText(words.passkeys_none)).toBeVisible();
  expect(await passkeysOf(owner.userId)).toEqual([]);
});

test('where the public URL is an IP address, no passkey is offered and Security says why', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Yaw Tools' });
  await signedInMember(page.context(), merchant.id, 'developer');
  await page.goto(`${baseUrl()}/dashboard/test/settings/security`);
  const host = new URL(baseUrl()).hostname;
  await expect(page.getByText(words.passkeys_unavailable.replace('{host}', host))).toBeVisible();
  await expectAccessible(page, testInfo, 'security without passkeys');
  await page.context().clearCookies();
  await page.goto(`${baseUrl()}/sign-in?locale=fr`);
  await expect(title(page, COPY.fr.sign_in_title)).toBeVisible();
  await expect(page.getByRole('button', { name: PASSKEY_SIGN_IN_WORDS.fr.sign_in })).toHaveCount(0);
});

test('in French, the sign-in page offers a passkey by its French name', async ({ page }) => {
  await page.goto(`${localhostUrl}/sign-in?locale=fr`);
  await expect(page.getByRole('button', { name: PASSKEY_SIGN_IN_WORDS.fr.sign_in })).toBeVisible();
  // A browser without a passkey for this site: the prompt is cancelled and the page says what to do.
  await virtualAuthenticator(page);
  await page.getByRole('button', { name: PASSKEY_SIGN_IN_WORDS.fr.sign_in }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    new RegExp(`${PASSKEY_SIGN_IN_WORDS.fr.cancelled}|${PASSKEY_SIGN_IN_WORDS.fr.failed}`),
  );
});
