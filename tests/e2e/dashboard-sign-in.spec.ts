import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { COPY } from '../../lib/surfaces/dashboard/copy';
import { baseUrl, expect, expectAccessible, snap, test, title } from './support';

/**
 * A new user of the dashboard, in Chromium against `next start`: signs up (their business is made
 * with them as its owner) and sets up two-step verification on the same page, from a QR code, without
 * typing the password again (owners can move money); nothing opens until they confirm their email
 * from the link in the dev mailbox; then their test balances. Signs out and back in with the password
 * and a code, and once with a backup code (a lost phone). Every screen is checked with axe.
 */
const en = COPY.en;
const PASSWORD = 'correct horse battery staple';

async function codeFrom(page: Page) {
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
  return generate({ secret: key });
}

async function signUp(page: Page, testInfo: Parameters<typeof expectAccessible>[1]) {
  const email = `ama-${crypto.randomUUID().slice(0, 8)}@shop.test`;
  await page.goto(`${baseUrl()}/sign-up`);
  await expect(title(page, en.sign_up_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'sign-up');
  await snap(page, testInfo, 'dashboard-sign-up');
  await page.getByLabel(en.name).fill('Ama Owusu');
  await page.getByLabel(en.business).fill('Ama Foods');
  await page.getByLabel(en.email).fill(email);
  await page.getByLabel(en.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.create_account }).click();
  return email;
}

/** The confirmation link of `email`'s mail, opened from the dev mailbox as its owner would. */
async function confirmFromMailbox(page: Page, email: string) {
  await page.goto(`${baseUrl()}/dev/mailbox`);
  const mail = page.getByRole('article').filter({ hasText: email });
  await mail.getByRole('link', { name: /verify-email/ }).click();
}

test('sign up and set up two-step verification on one page, confirm the email, see the balances; back in with a code, then a backup code', async ({
  page,
}, testInfo) => {
  const email = await signUp(page, testInfo);

  // An owner can move money: the authenticator is set up right here, from a QR code, no password again.
  await expect(page.getByRole('heading', { name: en.enrol_signup_title })).toBeVisible();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  await expect(page.getByLabel(en.password)).toHaveCount(0);
  const backupCode = (await page
    .getByRole('listitem')
    .filter({ hasText: /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/ })
    .first()
    .textContent())!;
  await expectAccessible(page, testInfo, 'two-factor key at sign-up');
  await snap(page, testInfo, 'dashboard-enrol-key');

  await page.getByRole('textbox', { name: en.code }).fill('000000');
  await page.getByRole('button', { name: en.enrol_confirm }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.problem_wrong_code);
  await page.getByRole('textbox', { name: en.code }).fill(await codeFrom(page));
  const secret = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
  await page.getByRole('button', { name: en.enrol_confirm }).click();

  // Nothing opens before the email is confirmed.
  await expect(title(page, en.verify_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'confirm your email');
  await snap(page, testInfo, 'dashboard-verify-email');
  await page.goto(`${baseUrl()}/dashboard/test/developers`);
  await expect(title(page, en.verify_title)).toBeVisible();
  await confirmFromMailbox(page, email);

  await expect(title(page, 'Ama Foods')).toBeVisible();
  await expect(page.getByText(en.test_mode)).toBeVisible();
  // A new business: every wallet at zero, named in one line.
  await expect(page.getByText(/At zero: .*GHS/)).toBeVisible();
  await expectAccessible(page, testInfo, 'dashboard home');
  await snap(page, testInfo, 'dashboard-home');

  await page.getByRole('button', { name: en.sign_out }).click();
  await expect(title(page, en.sign_in_title)).toBeVisible();
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(title(page, en.sign_in_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'sign-in');

  await page.getByLabel(en.email).fill(email);
  await page.getByLabel(en.password).fill('not my password at all');
  await page.getByRole('button', { name: en.sign_in }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.problem_wrong_credentials);
  await expectAccessible(page, testInfo, 'sign-in refused');
  await snap(page, testInfo, 'dashboard-sign-in-refused');

  await page.getByLabel(en.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.sign_in }).click();
  await expect(title(page, en.two_factor_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'two-factor challenge');
  await snap(page, testInfo, 'dashboard-two-factor');
  await page.getByRole('textbox', { name: en.code }).fill(await generate({ secret }));
  await page.getByRole('button', { name: en.verify }).click();
  await expect(title(page, 'Ama Foods')).toBeVisible();

  // A lost phone: a backup code instead, once.
  await page.getByRole('button', { name: en.sign_out }).click();
  await page.getByLabel(en.email).fill(email);
  await page.getByLabel(en.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.sign_in }).click();
  await expect(title(page, en.two_factor_title)).toBeVisible();
  await page.getByRole('textbox', { name: en.code }).fill(backupCode);
  await page.getByRole('button', { name: en.verify }).click();
  await expect(title(page, 'Ama Foods')).toBeVisible();
});

test('the dev mailbox shows the confirmation email to this machine; the pages speak French', async ({
  page,
}, testInfo) => {
  const email = await signUp(page, testInfo);
  await expect(page.getByRole('heading', { name: en.enrol_signup_title })).toBeVisible();
  await page.goto(`${baseUrl()}/dev/mailbox`);
  await expect(title(page, en.mailbox_title)).toBeVisible();
  const mail = page.getByRole('article').filter({ hasText: email });
  await expect(mail.getByRole('heading', { name: /Confirm your email/ })).toBeVisible();
  await expect(mail.getByRole('link', { name: /verify-email/ })).toBeVisible();
  await expectAccessible(page, testInfo, 'dev mailbox');
  await snap(page, testInfo, 'dashboard-mailbox');

  await page.context().clearCookies();
  await page.goto(`${baseUrl()}/sign-up?locale=fr`);
  await expect(title(page, COPY.fr.sign_up_title)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectAccessible(page, testInfo, 'sign-up (fr)');
  await snap(page, testInfo, 'dashboard-sign-up-fr');
});
