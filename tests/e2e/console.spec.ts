import crypto from 'node:crypto';
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { CONSOLE_COPY } from '../../lib/surfaces/console/copy';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  expectCheckoutStatus,
  merchantWithCheckout,
  newMerchant,
  snap,
  sql,
  test,
  title,
  tokenOf,
  type Checkout,
} from './support';

/**
 * The operator console in Chromium: an operator (signed in with two-factor; made operator with SQL,
 * as only the command line does for real) sees the merchants, enables live mode for a verified one
 * with a fresh code, approves a bank transfer waiting for approval, and opens every other section. A
 * merchant's owner opening /console is refused. axe and a screenshot on every screen.
 */
const words = CONSOLE_COPY.en;

/** The customer says they sent the transfer (the hosted page's own endpoints): it waits for the operator. */
async function claimTransfer(checkout: Checkout) {
  for (const step of ['bank-transfer', 'bank-transfer/claim']) {
    const res = await fetch(`${baseUrl()}/api/checkout/v1/sessions/${checkout.payment_reference}/${step}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-checkout-token': tokenOf(checkout),
        'x-forwarded-for': `10.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`,
      },
      body: '{}',
    });
    expect(res.status, await res.text()).toBe(200);
  }
}

/** A person with two-factor, signed in in `context`, made operator; they belong to no business. */
async function signedInOperator(context: BrowserContext) {
  const scratch = await newMerchant({ name: 'Scratch' });
  const person = await signedInMember(context, scratch.id, 'owner');
  await sql()`update auth_users set operator = true where id = ${person.userId}`;
  await sql()`delete from auth_members where user_id = ${person.userId}`;
  return person;
}

async function screenCheck(page: Page, testInfo: TestInfo, heading: string, name: string) {
  await expect(title(page, heading)).toBeVisible();
  await expectAccessible(page, testInfo, name);
  await snap(page, testInfo, name);
}

test('an operator enables live mode for a verified merchant and approves a bank transfer', async ({
  page,
}, testInfo) => {
  // Every section of the console, each checked with axe and photographed: more than a minute on 2 busy cores.
  test.slow();
  const { merchant, checkout } = await merchantWithCheckout({ amount: 1250.5 }, { name: 'Console Transfer Shop' });
  await claimTransfer(checkout);
  const verified = await newMerchant({ name: `Verified ${crypto.randomUUID().slice(0, 6)}`, kyb_status: 'verified' });
  const operator = await signedInOperator(page.context());

  await page.goto(`${baseUrl()}/console`);
  await screenCheck(page, testInfo, words.merchants_title, 'console-merchants');
  const row = page.locator(`tr[data-merchant="${verified.id}"]`);
  await expect(row).toContainText(words.kyb_verified);
  await expect(row).toContainText(words.off);

  // Live mode asks for a fresh code, inline.
  await row.getByRole('button', { name: words.live_enable }).click();
  await expect(row.getByRole('alert')).toHaveText(words.refused_step_up_required);
  await row.getByLabel(words.step_up_label).fill(await operator.code());
  await expectAccessible(page, testInfo, 'console step-up');
  await row.getByRole('button', { name: words.confirm }).click();
  await expect(row).toContainText(words.on);
  // Switching it off asks first; "keep it" leaves it on.
  await row.getByRole('button', { name: words.live_disable }).click();
  await expect(row.getByRole('status').filter({ hasText: words.confirm_question })).toBeVisible();
  await row.getByRole('button', { name: words.confirm_keep }).click();
  await expect(row.getByRole('button', { name: words.live_disable })).toBeVisible();
  const [live] = await sql()`select live_enabled_at from merchants where id = ${verified.id}`;
  expect(live!.live_enabled_at).not.toBeNull();

  // The transfer waits in Approvals with what arrived; the code given above still counts (5 minutes).
  await page.getByRole('link', { name: words.nav_approvals }).click();
  await screenCheck(page, testInfo, words.approvals_title, 'console-approvals');
  const card = page.locator(`li[data-checkout="${checkout.id}"]`);
  await expect(card).toContainText(checkout.payment_reference);
  await expect(card).toContainText('Console Transfer Shop');
  const approve = card.locator('form').first();
  await approve.getByLabel(words.admin_notes).fill('Seen on the statement');
  await approve.getByRole('button', { name: words.approve }).click();
  await expect(card).toHaveCount(0);
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  const [audit] = await sql()`
    select action, user_id from audit_log where merchant_id = ${merchant.id} and target = ${checkout.id}`;
  expect(audit).toMatchObject({ action: 'checkout.approve', user_id: operator.userId });

  for (const [link, heading, name] of [
    [words.nav_settlement, words.settlement_title, 'console-settlement'],
    [words.nav_reconciliation, words.reconciliation_title, 'console-reconciliation'],
    [words.nav_unresolved, words.unresolved_title, 'console-unresolved'],
    [words.nav_webhooks, words.webhooks_title, 'console-webhooks'],
    // Looked at only: a key made here would retire the bootstrap token the other browser tests use
    // (making and revoking keys: tests/integration/console, tests/integration/admin-merchants/operator-keys.test.ts).
    [words.nav_keys, words.keys_title, 'console-keys'],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await screenCheck(page, testInfo, heading, name);
  }

  // In French too.
  await page.goto(`${baseUrl()}/console/merchants?locale=fr`);
  await screenCheck(page, testInfo, CONSOLE_COPY.fr.merchants_title, 'console-merchants-fr');
});

test('a merchant owner opening /console is refused', async ({ page }, testInfo) => {
  const merchant = await newMerchant({ name: 'Not An Operator Shop' });
  await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/console/approvals`);
  await screenCheck(page, testInfo, words.not_operator_title, 'console-refused');
  await expect(page.getByRole('navigation', { name: words.nav_label })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(words.approvals_title);
});
