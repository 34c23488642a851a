import type { Page, TestInfo } from '@playwright/test';
import { CHECKOUTS_COPY } from '../../lib/surfaces/dashboard/copy/checkouts';
import { GETTING_STARTED_COPY } from '../../lib/surfaces/dashboard/copy/getting-started';
import { GO_LIVE_COPY } from '../../lib/surfaces/dashboard/copy/go-live';
import { MONEY_OUT_COPY } from '../../lib/surfaces/dashboard/copy/money-out';
import { NOTIFICATION_COPY } from '../../lib/surfaces/dashboard/copy/notifications';
import { PAYMENT_LINKS_COPY } from '../../lib/surfaces/dashboard/copy/payment-links';
import { BRANDING_COPY } from '../../lib/surfaces/dashboard/copy/branding';
import { TRANSACTIONS_COPY } from '../../lib/surfaces/dashboard/copy/transactions';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  newMerchant,
  sandboxTransfer,
  sidewaysAt,
  snap,
  sql,
  test,
  tFr,
  title,
  type Merchant,
} from './support';

/**
 * The screens the shop owner's first week added, in French, at the phone's and the desktop's width
 * (the two projects), each scanned with axe and photographed (first-week.spec.ts plays the week in
 * English): the home's checklist, payment links (the list and its form, a link's page with its QR
 * code and payment), the customer's link page, notifications, branding, the refund question,
 * transactions, the withdrawal's review and the go-live application.
 */
const links = PAYMENT_LINKS_COPY.fr;
const checkouts = CHECKOUTS_COPY.fr;
const money = MONEY_OUT_COPY.fr;

async function ok(merchant: Merchant, method: string, path: string, body?: unknown) {
  const answer = await merchant.call(method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expectAccessible(page, testInfo, `${name} (fr)`);
  await snap(page, testInfo, `fr-${name}`);
  // French words are longer than English ones: on a phone, nothing is wider than a 320-px screen.
  if (page.viewportSize()!.width < 600) expect(await sidewaysAt(page, 320), name).toEqual([]);
}

test('the new screens in French: checklist, payment links, refund question, withdrawal review, going live', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const merchant = await newMerchant({ name: 'Boutique Awa Dakar' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await sql()`update auth_users set locale = 'fr' where id = ${owner.userId}`;

  // Home: the checklist in French, two steps done (email, second step).
  await page.goto(`${baseUrl()}/dashboard/test`);
  await expect(page.getByRole('region', { name: GETTING_STARTED_COPY.fr.title })).toContainText('2');
  await look(page, testInfo, 'home-checklist');

  // Payment links: the list with its form, then a link made by the API and its page.
  await page.goto(`${baseUrl()}/dashboard/test/payment-links`);
  await expect(title(page, links.title)).toBeVisible();
  await look(page, testInfo, 'payment-links');
  const link = await ok(merchant, 'POST', '/api/v1/merchants/payment-links', {
    description: 'Tissu wax, au mètre',
    currency_code: 'XOF',
    min_amount: 500,
    collect_customer_email: true,
  });

  // A customer pays it on their phone, in French.
  const customer = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, locale: 'fr-SN' });
  const phone = await customer.newPage();
  await phone.goto(`${baseUrl()}${new URL(link.url).pathname}`);
  await phone.getByLabel(tFr('link_amount_label', { currency: 'XOF' })).fill('2500');
  await phone.getByLabel(tFr('link_email_label')).fill('awa.cliente@shop.test');
  await look(phone, testInfo, 'customer-link');
  await phone.getByRole('button', { name: tFr('link_continue') }).click();
  await expect(phone).not.toHaveURL(/\/l\//);
  await customer.close();
  const [made] = await sql()`select payment_reference from checkouts where payment_link_id = ${link.id}`;
  await sandboxTransfer(made!.payment_reference as string, { scenario: 'exact' });

  await page.goto(`${baseUrl()}/dashboard/test/payment-links/${link.id}`);
  await expect(page.getByTestId('payment-link-qr').locator('svg')).toBeVisible();
  await expect(page.getByTestId('payment-link-payment')).toHaveCount(1);
  await look(page, testInfo, 'payment-link');

  // Notifications and branding.
  await page.goto(`${baseUrl()}/dashboard/test/settings/notifications`);
  await expect(page.getByRole('button', { name: NOTIFICATION_COPY.fr.save })).toBeVisible();
  await look(page, testInfo, 'notifications');
  await page.goto(`${baseUrl()}/dashboard/test/settings/branding`);
  await expect(page.getByLabel(BRANDING_COPY.fr.logo_file)).toBeVisible();
  await look(page, testInfo, 'branding');

  // The refund question on the paid checkout.
  const [paid] = await sql()`select id from checkouts where payment_link_id = ${link.id}`;
  await page.goto(`${baseUrl()}/dashboard/test/checkouts/${paid!.id}`);
  await page.getByLabel(checkouts.refund_amount).fill('500');
  await page.getByLabel(checkouts.refund_reason).fill('Un mètre en trop');
  await page.getByRole('button', { name: checkouts.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toBeVisible();
  await look(page, testInfo, 'refund-question');

  // Transactions (cards on a phone).
  await page.goto(`${baseUrl()}/dashboard/test/transactions`);
  await expect(title(page, TRANSACTIONS_COPY.fr.title)).toBeVisible();
  await look(page, testInfo, 'transactions');

  // The withdrawal's review, once the money has settled and an account is there.
  const settled = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_id: merchant.id, as_of: new Date(Date.now() + 40 * 86_400_000).toISOString() }),
  });
  expect(settled.status).toBe(200);
  await ok(merchant, 'POST', '/api/v1/merchants/payment-accounts', {
    account_type: 'bank_account',
    currency_code: 'XOF',
    account_number: 'SN0120101000123456789012',
    bank_name: 'CBAO',
    account_holder_name: 'Boutique Awa SARL',
  });
  await page.goto(`${baseUrl()}/dashboard/test/money-out`);
  await page.getByLabel(`${money.amount} (XOF)`).fill('1000');
  await page.getByRole('button', { name: money.review_withdrawal, exact: true }).click();
  await expect(page.getByTestId('withdraw-review')).toContainText('Boutique Awa SARL');
  await look(page, testInfo, 'withdrawal-review');

  // The go-live application, as the owner first sees it.
  await page.goto(`${baseUrl()}/dashboard/test/go-live`);
  await expect(page.getByRole('form', { name: GO_LIVE_COPY.fr.business })).toBeVisible();
  await look(page, testInfo, 'go-live');
});
