import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { COPY } from '../../lib/surfaces/dashboard/copy';
import { baseUrl, expect, expectAccessible, snap, test, title } from './support';

/**
 * A new user of the dashboard, in Chromium against `next start`: signs up (their business is made
 * with them as its owner), must set up two-step verification before anything else (owners can move
 * money), sees their test balances; signs out and back in with the password and a code; reads the
 * confirmation email in the dev mailbox. Every screen is checked with axe.
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

test('sign up, set up two-step verification, see the balances; sign out and back in with a code', async ({
  page,
}, testInfo) => {
  const email = await signUp(page, testInfo);

  // An owner can move money: two-step verification comes first.
  await expect(title(page, en.enrol_title)).toBeVisible();
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(title(page, en.enrol_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'two-factor enrolment');
  await page.getByLabel(en.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.enrol_start }).click();
  await expect(page.getByTestId('totp-key')).toBeVisible();
  await expectAccessible(page, testInfo, 'two-factor key');
  await snap(page, testInfo, 'dashboard-enrol-key');

  await page.getByLabel(en.code).fill('000000');
  await page.getByRole('button', { name: en.enrol_confirm }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(en.problem_wrong_code);
  await page.getByLabel(en.code).fill(await codeFrom(page));
  const secret = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
  await page.getByRole('button', { name: en.enrol_confirm }).click();

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
  await page.getByLabel(en.code).fill(await generate({ secret }));
  await page.getByRole('button', { name: en.verify }).click();
  await expect(title(page, 'Ama Foods')).toBeVisible();
});

test('the dev mailbox shows the confirmation email to this machine; the pages speak French', async ({
  page,
}, testInfo) => {
  const email = await signUp(page, testInfo);
  await expect(title(page, en.enrol_title)).toBeVisible();
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
