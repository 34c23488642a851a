import crypto from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { NOTIFICATION_COPY } from '../../lib/surfaces/dashboard/copy/notifications';
import { SETTINGS_COPY } from '../../lib/surfaces/dashboard/copy/settings';
import {
  baseUrl,
  chooseBankTransfer,
  expect,
  expectAccessible,
  french,
  newMerchant,
  openCheckout,
  sandboxTransfer,
  sidewaysAt,
  snap,
  sql,
  test,
  title,
} from './support';
import { signedInMember } from './dashboard-people';

/**
 * Money mail in Chromium (docs/mail.md): a member chooses their notices in Settings → Notifications
 * (their role's defaults until then), and a customer who paid on the hosted page in French finds
 * their receipt, in French, in the dev mailbox. axe on each screen; screenshots at both widths.
 */
const words = NOTIFICATION_COPY.en;

const shot = (page: Page, testInfo: TestInfo, name: string) => snap(page, testInfo, name);

test('a member chooses their money mail in Settings → Notifications', async ({ page }, testInfo) => {
  const merchant = await newMerchant({ name: 'Esi Crafts' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await page.goto(`${baseUrl()}/dashboard/test/settings`);
  await page.getByRole('link', { name: words.tab }).click();
  await expect(title(page, SETTINGS_COPY.en.title)).toBeVisible();
  await expect(page.getByRole('link', { name: words.tab })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(owner.email)).toBeVisible();
  // An owner's defaults: payments, failures and what needs them; not every completed payout.
  await expect(page.getByText(words.defaults_note)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: words.payment_received })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: words.payout_completed })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: words.payout_failed })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: words.action_needed })).toBeChecked();
  await expectAccessible(page, testInfo, 'notifications');
  await shot(page, testInfo, 'dashboard-notifications');

  await page.getByRole('checkbox', { name: words.payment_received }).uncheck();
  await page.getByRole('checkbox', { name: words.payout_completed }).check();
  await page.getByRole('button', { name: words.save }).click();
  await expect(page.getByRole('status')).toHaveText(words.saved);
  await expectAccessible(page, testInfo, 'notifications saved');
  await shot(page, testInfo, 'dashboard-notifications-saved');
  expect(
    await sql()`select p.payment_received, p.payout_completed, p.payout_failed, p.action_needed
      from member_mail_preferences p join auth_members m on m.id = p.member_id
     where m.user_id = ${owner.userId} and m.organization_id = ${merchant.id}`,
  ).toEqual([{ payment_received: false, payout_completed: true, payout_failed: true, action_needed: true }]);

  await page.reload();
  await expect(page.getByText(words.defaults_note)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: words.payment_received })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: words.payout_completed })).toBeChecked();

  // In French, the same page.
  await page.goto(`${baseUrl()}/dashboard/test/settings/notifications?locale=fr`);
  const fr = NOTIFICATION_COPY.fr;
  await expect(page.getByRole('checkbox', { name: fr.payout_completed })).toBeChecked();
  await expect(page.getByRole('button', { name: fr.save })).toBeVisible();
  await expectAccessible(page, testInfo, 'notifications in French');
  await shot(page, testInfo, 'dashboard-notifications-fr');
});

test('a customer who paid in French finds the receipt in French in the dev mailbox', async ({ page }, testInfo) => {
  const merchant = await newMerchant({ name: 'Kofi Foods' });
  await merchant.setBranding({ display_name: 'Kofi & Fils', primary_color: '#7c2d12' });
  const customer = `awa-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const checkout = await merchant.createCheckout({
    customer_email: customer,
    customer_name: 'Awa Diop',
    amount: 125.5,
  });
  await openCheckout(page, checkout, '?locale=fr');
  await chooseBankTransfer(page, french);
  await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });

  // The worker writes the mail once the payment committed.
  const receipt = page.getByRole('article').filter({ hasText: customer });
  await expect(async () => {
    await page.goto(`${baseUrl()}/dev/mailbox`);
    await expect(receipt).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(
    // Names are isolated (U+2068…U+2069) in the customer's mail, as on the page.
    receipt.getByRole('heading', { name: /^\[Test\] Votre reçu de \u2068?Kofi & Fils\u2069?\s: 125,50\sGHS$/ }),
  ).toBeVisible();
  await expect(receipt).toContainText(
    /Merci, \u2068?Awa Diop\u2069?\. \u2068?Kofi & Fils\u2069? a bien reçu votre paiement\./,
  );
  await expect(receipt).toContainText(checkout.payment_reference);
  await expect(receipt).not.toContainText(new URL(checkout.checkout_url).hash.slice(1));
  await expectAccessible(page, testInfo, 'dev mailbox with a receipt');
  // At 320 px the mailbox (long addresses and links in a mail) does not scroll sideways.
  expect(await sidewaysAt(page, 320)).toEqual([]);
  await shot(page, testInfo, 'mailbox-receipt');
});
