import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { generate } from 'otplib';
import { COPY } from '../../lib/surfaces/dashboard/copy';
import { BRANDING_COPY } from '../../lib/surfaces/dashboard/copy/branding';
import { CHECKOUTS_COPY } from '../../lib/surfaces/dashboard/copy/checkouts';
import { DEVELOPERS_COPY } from '../../lib/surfaces/dashboard/copy/developers';
import { GETTING_STARTED_COPY } from '../../lib/surfaces/dashboard/copy/getting-started';
import { GO_LIVE_COPY } from '../../lib/surfaces/dashboard/copy/go-live';
import { MONEY_OUT_COPY } from '../../lib/surfaces/dashboard/copy/money-out';
import { PAYMENT_LINKS_COPY } from '../../lib/surfaces/dashboard/copy/payment-links';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { TRANSACTIONS_COPY } from '../../lib/surfaces/dashboard/copy/transactions';
import { CONSOLE_COPY } from '../../lib/surfaces/console/copy';
import { GO_LIVE_CONSOLE_COPY } from '../../lib/surfaces/console/go-live-copy';
import { pngOf } from '../support/logo-files';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  newMerchant,
  payButtonName,
  snap,
  sql,
  startMobileMoney,
  t,
  test,
  title,
} from './support';

/**
 * A shop owner's first week, in Chromium, at the phone's and the desktop's width (the two projects),
 * with axe on every screen: signs up, confirms the email, sets up two-step verification; brands the
 * page with an uploaded logo; makes a reusable link with an open amount that two customers pay from
 * its QR address; finds the customer's receipt and the owner's notice in the mailbox; finds a
 * payment by part of its email and refunds part of it after a confirmation; downloads the CSV;
 * applies to go live and the operator approves; takes a live payment on MTN MoMo's contract server;
 * withdraws with the review step. The getting-started checklist follows along and goes away.
 */
const en = COPY.en;
const shell = SHELL_COPY.en;
const steps = GETTING_STARTED_COPY.en;
const PASSWORD = 'correct horse battery staple';
const control = () => process.env.E2E_PROVIDERS_URL!;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A code of the owner's authenticator that no step-up has used yet (one per 30 s window). */
function authenticator(secret: string) {
  let used = '';
  return async () => {
    let code = await generate({ secret });
    while (code === used) {
      await new Promise((r) => setTimeout(r, 1_000));
      code = await generate({ secret });
    }
    used = code;
    return code;
  };
}

/** After a change is sent: `done` shows, or the page asks a fresh second factor first (code, confirm). */
async function stepUpIfAsked(page: Page, code: () => Promise<string>, done: Locator) {
  const field = page.getByLabel(shell.step_up_label);
  await expect(field.or(done).first()).toBeVisible();
  if (await field.isVisible()) {
    await field.fill(await code());
    await page.getByRole('button', { name: shell.confirm }).click();
  }
  await expect(done).toBeVisible();
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, testInfo, name);
  await snap(page, testInfo, `first-week-${name}`);
}

async function signUpAndEnrol(page: Page, testInfo: TestInfo, business: string) {
  const email = `ama-${crypto.randomUUID().slice(0, 8)}@shop.test`;
  await page.goto(`${baseUrl()}/sign-up`);
  await page.getByLabel(en.name).fill('Ama Owusu');
  await page.getByLabel(en.business).fill(business);
  await page.getByLabel(en.email).fill(email);
  await page.getByLabel(en.password).fill(PASSWORD);
  await page.getByRole('button', { name: en.create_account }).click();
  await expect(page.getByRole('heading', { name: en.enrol_signup_title })).toBeVisible();
  const secret = (await page.getByTestId('totp-key').textContent())!.replace(/\s+/g, '');
  const code = authenticator(secret);
  await page.getByRole('textbox', { name: en.code }).fill(await code());
  await page.getByRole('button', { name: en.enrol_confirm }).click();
  await expect(title(page, en.verify_title)).toBeVisible();
  await page.goto(`${baseUrl()}/dev/mailbox`);
  await page
    .getByRole('article')
    .filter({ hasText: email })
    .getByRole('link', { name: /verify-email/ })
    .click();
  await expect(title(page, business)).toBeVisible();
  await look(page, testInfo, 'home');
  return { email, code };
}

/** The `count` mails to `to` whose subject matches, once the worker has written them. */
async function mailTo(page: Page, to: string, subject: RegExp, count = 1) {
  await expect(async () => {
    await page.goto(`${baseUrl()}/dev/mailbox`);
    await expect(
      page
        .getByRole('article')
        .filter({ hasText: to })
        .filter({ has: page.getByRole('heading', { name: subject }) }),
    ).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** A customer on their own phone: opens the link's address, types the amount and email, pays by MTN MoMo. */
async function customerPays(browser: Browser, path: string, amount: string, email: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const phone = await context.newPage();
  await phone.goto(`${baseUrl()}${path}`);
  await phone.getByLabel(t('link_amount_label', { currency: 'GHS' })).fill(amount);
  await phone.getByLabel(t('link_email_label')).fill(email);
  await phone.getByRole('button', { name: t('link_continue') }).click();
  await startMobileMoney(phone, '024 412 5556');
  await expect(title(phone, t('paid_title'))).toBeVisible({ timeout: 20_000 });
  await context.close();
}

test("a shop owner's first week, from sign-up to a live payment and a withdrawal", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  // The console lists every business: each project's own name.
  const business = testInfo.project.name === 'phone' ? 'Ama Fabrics' : 'Ama Fabrics Accra';
  const { email, code } = await signUpAndEnrol(page, testInfo, business);
  const [merchant] = await sql()`select organization_id as id from auth_members m
    join auth_users u on u.id = m.user_id where u.email = ${email}`;
  const merchantId = merchant!.id as string;

  // The checklist: the email and the second step are done, five steps to go.
  const checklist = page.getByRole('region', { name: steps.title });
  await expect(checklist).toContainText('2 of 7 done');

  // Branding, with an uploaded logo.
  const branding = BRANDING_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/settings/branding`);
  await page.getByLabel(branding.logo_file).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: pngOf(160, 48, [26, 127, 55]),
  });
  await page.getByRole('button', { name: branding.logo_upload }).click();
  await expect(page.getByRole('status').filter({ hasText: branding.logo_uploaded })).toBeVisible();
  await look(page, testInfo, 'branding-logo');

  // A reusable link with an open amount, asking for the customer's email.
  const links = PAYMENT_LINKS_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/payment-links`);
  await page.getByLabel(links.description).fill('Kente, by the yard');
  await page.getByText(links.amount_open).click();
  await page.getByLabel(links.min_amount).fill('5');
  await page.getByLabel(links.max_amount).fill('500');
  await page.getByLabel(links.collect_email).check();
  await page.getByRole('button', { name: links.create_submit }).click();
  await expect(page.getByText(links.created)).toBeVisible();
  await page.getByTestId('open-link').click();
  await expect(page.getByTestId('payment-link-qr').locator('svg')).toBeVisible();
  const path = new URL(await page.getByTestId('payment-link-url').inputValue()).pathname;
  const linkPage = page.url();
  await look(page, testInfo, 'payment-link');

  // Two customers pay it from the QR code's address.
  const buyer = `kofi.buyer-${crypto.randomUUID().slice(0, 6)}@example.com`;
  await customerPays(browser, path, '12.50', buyer);
  await customerPays(browser, path, '30', buyer);
  await page.goto(linkPage);
  await expect(page.getByTestId('payment-link-payment')).toHaveCount(2);
  await look(page, testInfo, 'payment-link-paid');

  // The customer's receipt and the owner's notice.
  await mailTo(page, buyer, /Your receipt from \u2068?Ama Fabrics/, 2);
  await mailTo(page, email, /Payment received/, 2);
  await look(page, testInfo, 'mailbox');

  // Found by part of the customer's email; part of it refunded, after the question.
  const checkouts = CHECKOUTS_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/checkouts`);
  await page.getByLabel(checkouts.search, { exact: true }).fill(buyer.slice(0, 12));
  await page.getByLabel(checkouts.search, { exact: true }).press('Enter');
  await expect(page.getByRole('main').locator('tbody tr')).toHaveCount(2);
  await look(page, testInfo, 'search');
  await page.getByRole('main').locator('tbody tr').first().getByRole('link').first().click();
  await page.getByLabel(checkouts.refund_amount).fill('5');
  await page.getByLabel(checkouts.refund_reason).fill('One yard short');
  await page.getByRole('button', { name: checkouts.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toContainText('will stay refundable');
  await look(page, testInfo, 'refund-question');
  await page.getByRole('button', { name: /^Refund GHS\s5\.00$/ }).click();
  await stepUpIfAsked(page, code, page.getByTestId('checkout-refund-state'));
  await expect(page.getByTestId('checkout-refund-state')).toHaveText(checkouts.refund_state_partially_refunded);
  await mailTo(page, buyer, /refunded GHS\s5\.00 to you/);

  // The CSV carries the payment reference and the order id.
  await page.goto(`${baseUrl()}/dashboard/test/transactions`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: TRANSACTIONS_COPY.en.download }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/payment_reference.*order_id/);
  expect(csv).toMatch(/PAY-[A-Z0-9]+/);

  // The go-live application, sent with a code; the operator approves it on a desktop.
  const golive = GO_LIVE_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/go-live`);
  const details = page.getByRole('form', { name: golive.business });
  const fields: [string, string][] = [
    [golive.legal_name, 'Ama Fabrics Limited'],
    [golive.registration_number, 'CS-987654321'],
    [golive.country, 'GH'],
    [golive.business_address, '4 Kojo Thompson Road, Accra'],
    [golive.business_description, 'Kente and wax prints, in a shop and by phone'],
    [golive.owner_name, 'Ama Owusu'],
    [golive.owner_email, email],
    [golive.account_holder_name, 'Ama Fabrics Limited'],
    [golive.bank_name, 'GCB Bank'],
    [golive.account_number, '1441000987654'],
  ];
  for (const [label, value] of fields) await details.getByLabel(label, { exact: true }).fill(value);
  await details.getByLabel(golive.settlement_currency_code).selectOption('GHS');
  await details.getByRole('button', { name: golive.save }).click();
  await stepUpIfAsked(page, code, details.getByRole('status'));
  await expect(details.getByRole('status')).toHaveText(golive.saved);
  const upload = page.locator('form').filter({ has: page.getByLabel(golive.document) });
  await upload
    .getByLabel(golive.document)
    .setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: PDF });
  await upload.getByRole('button', { name: golive.upload }).click();
  await expect(page.getByTestId('golive-documents')).toContainText('registration.pdf');
  const send = page.getByRole('region', { name: golive.submit_title });
  await send.getByRole('button', { name: golive.submit }).click();
  await stepUpIfAsked(page, code, page.getByTestId('golive-status').getByText(golive.status_submitted));
  await look(page, testInfo, 'go-live-sent');

  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const operatorPage = await desk.newPage();
  const scratch = await newMerchant({ name: 'Operator desk' });
  const operator = await signedInMember(desk, scratch.id, 'owner');
  await sql()`update auth_users set operator = true where id = ${operator.userId}`;
  await sql()`delete from auth_members where user_id = ${operator.userId}`;
  const review = GO_LIVE_CONSOLE_COPY.en;
  await operatorPage.goto(`${baseUrl()}/console/go-live`);
  await operatorPage.getByRole('link', { name: business, exact: true }).click();
  await expect(operatorPage.getByTestId('golive-review')).toContainText('CS-987654321');
  await look(operatorPage, testInfo, 'console-review');
  const approve = operatorPage.locator('form').filter({ has: operatorPage.locator('#golive-approve-reason') });
  await approve.getByRole('button', { name: review.approve }).click();
  await approve.getByLabel(CONSOLE_COPY.en.step_up_label).fill(await operator.code());
  await approve.getByRole('button', { name: CONSOLE_COPY.en.confirm }).click();
  await expect(operatorPage.getByTestId('golive-review')).toContainText(review.status_approved);
  await desk.close();

  // Live: a payment link by hand, paid by MTN MoMo on its contract server (the "phone" approves).
  await page.goto(`${baseUrl()}/dashboard/live/checkouts`);
  await expect(title(page, shell.live_off_title)).toHaveCount(0);
  await page.getByText(checkouts.create, { exact: true }).click();
  await page.getByLabel(checkouts.customer_email).fill(buyer);
  await page.getByLabel(checkouts.amount, { exact: true }).fill('20');
  await page.getByRole('button', { name: checkouts.create_submit }).click();
  const made = page.getByRole('textbox', { name: checkouts.link, exact: true });
  await stepUpIfAsked(page, code, made);
  const liveUrl = await made.inputValue();
  const customer = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const phone = await customer.newPage();
  await phone.goto(liveUrl);
  await expect(phone.getByText(t('sandbox_banner'))).toHaveCount(0);
  await phone.getByLabel(t('phone_label')).fill('024 412 5556');
  await phone.getByRole('button', { name: payButtonName }).click();
  await expect(title(phone, t('approve_title'))).toBeVisible();
  const reference = new URL(liveUrl).pathname.split('/').pop()!;
  const [attempt] = await sql()`select a.id from payment_attempts a join checkouts c on c.id = a.checkout_id
    where c.payment_reference = ${reference}`;
  await expect
    .poll(async () => {
      const prompts = (await (await fetch(`${control()}/prompts`)).json()) as { reference: string }[];
      return prompts.some((p) => p.reference === attempt!.id);
    })
    .toBe(true);
  const approved = await fetch(`${control()}/approve`, {
    method: 'POST',
    body: JSON.stringify({ reference: attempt!.id }),
  });
  expect(approved.status).toBe(200);
  await expect(title(phone, t('paid_title'))).toBeVisible({ timeout: 30_000 });
  await look(phone, testInfo, 'live-paid');
  await customer.close();

  // Back in test mode, a week later: the money has settled; a withdrawal, reviewed before it goes.
  const settled = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_id: merchantId, as_of: new Date(Date.now() + 7 * 86_400_000).toISOString() }),
  });
  expect(settled.status).toBe(200);
  const money = MONEY_OUT_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/money-out/accounts`);
  await page.getByLabel(money.account_number, { exact: true }).fill('0123456789');
  await page.getByLabel(money.bank_name, { exact: true }).fill('GCB Bank');
  await page.getByLabel(money.account_holder_name, { exact: true }).fill('Ama Fabrics Limited');
  await page.getByRole('button', { name: money.add_account_submit }).click();
  await stepUpIfAsked(page, code, page.getByText(money.added));
  await page.goto(`${baseUrl()}/dashboard/test/money-out`);
  await page.getByLabel(`${money.amount} (GHS)`).fill('20');
  await page.getByRole('button', { name: money.review_withdrawal, exact: true }).click();
  await expect(page.getByTestId('withdraw-review')).toContainText('Ama Fabrics Limited');
  await look(page, testInfo, 'withdrawal-review');
  await page.getByRole('button', { name: money.send_withdrawal, exact: true }).click();
  await stepUpIfAsked(page, code, page.getByText(money.withdrawn));

  // The developer's webhook endpoint: the last step of the checklist.
  const developers = DEVELOPERS_COPY.en;
  await page.goto(`${baseUrl()}/dashboard/test/developers`);
  await page.getByLabel(developers.url, { exact: true }).fill('https://93.184.215.14/ama-fabrics');
  await page.getByRole('button', { name: developers.add_webhook_submit }).click();
  await stepUpIfAsked(page, code, page.getByRole('main').getByText('https://93.184.215.14/ama-fabrics').first());

  // Every step done: the checklist has gone.
  await page.goto(`${baseUrl()}/dashboard/test`);
  await expect(title(page, business)).toBeVisible();
  await expect(page.getByRole('region', { name: steps.title })).toHaveCount(0);
  await look(page, testInfo, 'home-done');
});
