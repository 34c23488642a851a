import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { COPY } from '../../lib/surfaces/dashboard/copy';
import { DEVELOPERS_COPY } from '../../lib/surfaces/dashboard/copy/developers';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';
import { PASSWORD, signedInMember } from './dashboard-people';

/**
 * The team in Chromium: an owner invites a viewer by email (after a code from their authenticator);
 * the invitee opens the link from the dev mailbox, creates an account (no business of their own),
 * confirms their email from the mailbox, accepts and lands in the dashboard as a viewer who sees no
 * invitation and cannot make an API key, even by posting the owner's form; the owner reads the audit
 * log. A forgotten password is reset through the mailbox's link. axe on every screen.
 */
const en = COPY.en;
const words = SETTINGS_COPY.en;
const developers = DEVELOPERS_COPY.en;

const keysOf = async (merchantId: string) =>
  (await sql()`select key_name from api_keys where merchant_id = ${merchantId}`) as unknown as { key_name: string }[];

/** Opens the newest email to `to` in the dev mailbox whose subject matches, and follows its link. */
async function followMailLink(page: Page, to: string, subject: RegExp) {
  await page.goto(`${baseUrl()}/dev/mailbox`);
  const mail = page.getByRole('article').filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
}

/** The owner's create-key form, as HTML with its hidden server-action fields. */
async function ownersKeyForm(page: Page) {
  await page.goto(`${baseUrl()}/dashboard/test/developers`);
  return page.locator('form:has(#key-name)').evaluate((f) => f.outerHTML);
}

async function newContextPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an owner invites a viewer, who joins from the mailbox link and cannot make a key; the audit log shows it', async ({
  page,
  browser,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Abena Textiles' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  const keyForm = await ownersKeyForm(page);

  await page.goto(`${baseUrl()}/dashboard/test/settings`);
  await expect(title(page, words.title)).toBeVisible();
  await expectAccessible(page, testInfo, 'team');
  const invitee = `kwame-${crypto.randomUUID().slice(0, 8)}@shop.test`;
  await page.getByLabel(words.email, { exact: true }).fill(invitee);
  await page.getByLabel(words.role, { exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: words.invite_submit }).click();
  // Inviting routes privilege: a fresh code first.
  await page.getByLabel(SHELL_COPY.en.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: SHELL_COPY.en.confirm }).click();
  await expect(page.getByRole('status')).toHaveText(words.invited);
  await expect(page.getByRole('region', { name: words.invitations }).first()).toContainText(invitee);
  await expectAccessible(page, testInfo, 'team with an invitation');
  await snap(page, testInfo, 'dashboard-team');

  // The invitee, in a browser of their own.
  const { context, page: them } = await newContextPage(browser);
  await followMailLink(them, invitee, /invited you to .?Abena Textiles/);
  await expect(title(them, /^Join .?Abena Textiles.?$/)).toBeVisible();
  await expect(them.getByText(invitee)).toBeVisible();
  await expectAccessible(them, testInfo, 'invitation');
  await snap(them, testInfo, 'dashboard-invitation');
  await them.getByRole('link', { name: en.invitation_sign_up }).click();
  await expect(title(them, en.sign_up_title)).toBeVisible();
  await expect(them.getByLabel(en.business)).toHaveCount(0);
  await expectAccessible(them, testInfo, 'sign-up from an invitation');
  await snap(them, testInfo, 'dashboard-sign-up-invited');
  await them.getByLabel(en.name).fill('Kwame Mensah');
  await them.getByLabel(en.email).fill(invitee);
  await them.getByLabel(en.password).fill(PASSWORD);
  await them.getByRole('button', { name: en.create_account }).click();
  // Their email first: the confirmation link comes back to the invitation.
  await expect(title(them, en.verify_title)).toBeVisible();
  await expectAccessible(them, testInfo, 'confirm your email (invited)');
  await followMailLink(them, invitee, /Confirm your email/);
  await expect(them.getByRole('button', { name: en.invitation_accept })).toBeVisible();
  await expectAccessible(them, testInfo, 'invitation, signed in');
  await them.getByRole('button', { name: en.invitation_accept }).click();
  await expect(them).toHaveURL(/\/dashboard\/test$/);
  await expect(title(them, 'Abena Textiles')).toBeVisible();
  const [member] = await sql()`
    select m.role from auth_members m join auth_users u on u.id = m.user_id where u.email = ${invitee}`;
  expect(member).toEqual({ role: 'viewer' });
  expect(
    await sql()`select 1 from auth_members m join auth_users u on u.id = m.user_id
                      where u.email = ${invitee} and m.organization_id <> ${merchant.id}`,
  ).toHaveLength(0);

  // A viewer reads the team but changes nothing, and cannot make an API key.
  await them.goto(`${baseUrl()}/dashboard/test/settings`);
  await expect(them.getByText(words.read_only)).toBeVisible();
  await expect(them.getByRole('button', { name: words.invite_submit })).toHaveCount(0);
  await expect(them.getByRole('region', { name: words.invitations })).toHaveCount(0);
  await expectAccessible(them, testInfo, 'team (viewer)');
  await them.goto(`${baseUrl()}/dashboard/test/developers`);
  await expect(title(them, developers.title)).toBeVisible();
  await expect(them.getByRole('button', { name: developers.create_submit })).toHaveCount(0);
  const posted = await them.evaluate(async (html) => {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const data = new FormData(holder.querySelector('form')!);
    data.set('name', 'Viewer key');
    data.set('step_up_code', '123456');
    return (await fetch(location.href, { method: 'POST', body: data })).status;
  }, keyForm);
  expect(posted).toBeLessThan(500);
  expect((await keysOf(merchant.id)).map((k) => k.key_name)).not.toContain('Viewer key');
  await them.goto(`${baseUrl()}/dashboard/test/settings/audit`);
  await expect(them.getByText(words.owners_only)).toBeVisible();
  await expectAccessible(them, testInfo, 'audit log (viewer)');
  await them.goto(`${baseUrl()}/dashboard/test/settings/security`);
  await expect(them.getByText(words.this_device)).toBeVisible();
  await expectAccessible(them, testInfo, 'security');
  await snap(them, testInfo, 'dashboard-security');
  await context.close();

  // The owner sees who joined, and the audit log tells how.
  await page.reload();
  await expect(page.getByRole('region', { name: words.members }).first()).toContainText(invitee);
  await page.getByRole('link', { name: words.tab_audit }).click();
  const log = page.getByRole('region', { name: words.tab_audit }).first();
  await expect(log.getByRole('row').filter({ hasText: 'invitation.accept' })).toContainText(invitee);
  await expect(log.getByRole('row').filter({ hasText: 'invitation.create' })).toBeVisible();
  await expectAccessible(page, testInfo, 'audit log');
  await snap(page, testInfo, 'dashboard-audit-log');

  await page.goto(`${baseUrl()}/dashboard/test/settings?locale=fr`);
  await expect(title(page, SETTINGS_COPY.fr.title)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectAccessible(page, testInfo, 'team (fr)');
  await snap(page, testInfo, 'dashboard-team-fr');
});

test('a forgotten password is reset from the mailbox link; the old session ends', async ({
  page,
  browser,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Yaa Bakery' });
  const { context: old, page: oldPage } = await newContextPage(browser);
  const person = await signedInMember(old, merchant.id, 'viewer');
  await oldPage.goto(`${baseUrl()}/dashboard/test`);
  await expect(title(oldPage, 'Yaa Bakery')).toBeVisible();

  await page.goto(`${baseUrl()}/sign-in`);
  await page.getByRole('link', { name: en.forgot_password }).click();
  await expect(title(page, en.forgot_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'forgot password');
  await snap(page, testInfo, 'dashboard-forgot-password');
  await page.getByLabel(en.email).fill(person.email);
  await page.getByRole('button', { name: en.forgot_submit }).click();
  await expect(page.getByRole('status')).toHaveText(en.forgot_sent);
  await expectAccessible(page, testInfo, 'reset link sent');

  await followMailLink(page, person.email, /Reset your/);
  await expect(title(page, en.reset_title)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/reset-password');
  await expectAccessible(page, testInfo, 'reset password');
  await snap(page, testInfo, 'dashboard-reset-password');
  const newPassword = 'a brand new passphrase';
  await page.getByLabel(en.new_password).fill(newPassword);
  await page.getByRole('button', { name: en.reset_submit }).click();
  await expect(page.getByRole('status')).toHaveText(en.reset_done);
  await expectAccessible(page, testInfo, 'password changed');
  await snap(page, testInfo, 'dashboard-password-changed');
  await page.getByLabel(en.email).fill(person.email);
  await page.getByLabel(en.password).fill(newPassword);
  await page.getByRole('button', { name: en.sign_in }).click();
  await expect(title(page, 'Yaa Bakery')).toBeVisible();

  await oldPage.goto(`${baseUrl()}/dashboard/test`);
  await expect(title(oldPage, en.sign_in_title)).toBeVisible();
  await old.close();

  // The same link again, and an invitation that does not exist: clear pages, not errors.
  await page.goto(`${baseUrl()}/reset-password?error=INVALID_TOKEN`);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.reset_bad_link);
  await expectAccessible(page, testInfo, 'reset link used');
  await page.goto(`${baseUrl()}/invitations/accept?token=${crypto.randomBytes(32).toString('base64url')}`);
  await expect(title(page, en.invitation_gone_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'unknown invitation');
  await snap(page, testInfo, 'dashboard-invitation-unknown');
});
