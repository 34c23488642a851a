import type { Page } from '@playwright/test';
import { MONEY_OUT_COPY } from '../../lib/surfaces/dashboard/copy/money-out';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { fieldMessage } from '../../lib/surfaces/dashboard/copy/field-messages';
import { baseUrl, expect, expectAccessible, newMerchant, sandboxTransfer, snap, sql, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * Money out in Chromium: an owner with money adds a payment account (a step-up code first), withdraws
 * to it and sees it in the history; French once. A viewer sees the history but no form, and posting
 * the owner's payout form from the viewer's session anyway sends nothing.
 */
const words = MONEY_OUT_COPY.en;
const shell = SHELL_COPY.en;

/** A merchant with money available: a checkout of 101.01 paid by the sandbox bank (100.00 net), settled. */
async function merchantWithMoney(name: string) {
  const merchant = await newMerchant({ name });
  const checkout = await merchant.createCheckout({ amount: 101.01, currency_code: 'GHS' });
  await sandboxTransfer(checkout.payment_reference, { scenario: 'exact' });
  const res = await fetch(`${baseUrl()}/api/admin/v1/settlements/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    body: JSON.stringify({ as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(), merchant_id: merchant.id }),
  });
  expect(res.status).toBe(200);
  return merchant;
}

const moneyOutOf = async (merchantId: string) =>
  (await sql()`
    select payout_kind, net_amount::text as net from customer_transactions
     where merchant_id = ${merchantId} and transaction_type = 'payout'`) as unknown as {
    payout_kind: string;
    net: string;
  }[];

async function openMoneyOut(page: Page, query = '') {
  await page.goto(`${baseUrl()}/dashboard/test/money-out${query}`);
  await expect(title(page, query.includes('fr') ? MONEY_OUT_COPY.fr.title : words.title)).toBeVisible();
}

test('an owner adds a payment account after a step-up code, withdraws to it, sees it in the history', async ({
  page,
}, testInfo) => {
  const merchant = await merchantWithMoney('Yaw Hardware');
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await openMoneyOut(page);
  await expect(page.getByRole('region', { name: words.balances }).getByText(/GHS\s100\.00/)).toBeVisible();
  await expect(page.getByRole('link', { name: words.no_accounts })).toBeVisible();
  await expectAccessible(page, testInfo, 'money out');
  await snap(page, testInfo, 'dashboard-money-out');

  await page.getByRole('link', { name: words.no_accounts }).click();
  await expect(title(page, words.accounts_title)).toBeVisible();
  await expectAccessible(page, testInfo, 'payment accounts (none)');
  await page.getByLabel(words.account_number, { exact: true }).fill('0123456789');
  await page.getByLabel(words.bank_name, { exact: true }).fill('GCB Bank');
  await page.getByLabel(words.account_holder_name, { exact: true }).fill('Yaw Hardware Ltd');
  await page.getByRole('button', { name: words.add_account_submit }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(shell.refused_step_up_required);
  await expectAccessible(page, testInfo, 'payment account step-up');
  await page.getByLabel(shell.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: shell.confirm }).click();
  await expect(page.getByText(words.added)).toBeVisible();
  const row = page.getByRole('row', { name: /GCB Bank \*+6789/ });
  await expect(row.getByText(words.primary, { exact: true })).toBeVisible();
  await expectAccessible(page, testInfo, 'payment accounts');
  await snap(page, testInfo, 'dashboard-payment-accounts');

  await page.getByRole('link', { name: words.back }).click();
  await expect(title(page, words.title)).toBeVisible();
  await expect(page.getByLabel(words.to_account)).toContainText('GCB Bank');
  await page.getByLabel(`${words.amount} (GHS)`).fill('25');
  // Stepped up a moment ago: no second code within five minutes.
  // Reviewed before it is sent: who receives it, the fee, what leaves the wallet and what arrives.
  await page.getByRole('button', { name: words.review_withdrawal, exact: true }).click();
  const review = page.getByTestId('withdraw-review');
  await expect(review).toContainText('Yaw Hardware Ltd');
  await expect(review.getByRole('definition').nth(1)).toHaveText(/GHS\s25\.00/);
  await expect(review.getByRole('definition').nth(4)).toHaveText(/GHS\s25\.00/);
  await expectAccessible(page, testInfo, 'withdrawal review');
  await snap(page, testInfo, 'dashboard-withdrawal-review');
  await page.getByRole('button', { name: words.send_withdrawal, exact: true }).click();
  await expect(page.getByText(words.withdrawn)).toBeVisible();
  const history = page.getByRole('region', { name: words.withdrawals });
  await expect(history.getByRole('row', { name: /GHS\s25\.00/ })).toBeVisible();
  expect(await moneyOutOf(merchant.id)).toEqual([{ payout_kind: 'withdrawal', net: '2500' }]);
  await expectAccessible(page, testInfo, 'withdrawal made');
  await snap(page, testInfo, 'dashboard-money-out-withdrawn');

  await openMoneyOut(page, '?locale=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: MONEY_OUT_COPY.fr.withdrawals })).toBeVisible();
  await expectAccessible(page, testInfo, 'money out (fr)');
  await snap(page, testInfo, 'dashboard-money-out-fr');
});

/** Fills the payout form for a mobile money payout of 20.00 GHS to Kofi Mensah and asks for its review. */
async function reviewPayout(page: Page, w: typeof words, amount = '20') {
  const form = page.getByRole('region', { name: w.pay });
  await form.getByLabel(w.currency, { exact: true }).selectOption('GHS');
  await form.getByLabel(w.amount, { exact: true }).fill(amount);
  await form.getByLabel(w.payout_type, { exact: true }).selectOption('mobile_money');
  await form.getByLabel(w.recipient_name, { exact: true }).fill('Kofi Mensah');
  await form.getByLabel(w.mobile_number, { exact: true }).fill('0244123456');
  await form.getByLabel(w.network_provider, { exact: true }).selectOption('mtn_momo');
  await form.getByLabel(w.payout_reason, { exact: true }).fill('Invoice 77');
  await form.getByRole('button', { name: w.review_payout, exact: true }).click();
  return form.getByTestId('payout-review');
}

test('a payout is reviewed first (recipient, number, fee by the schedule), sent only on the second click', async ({
  page,
}, testInfo) => {
  const merchant = await merchantWithMoney('Ama Fabrics');
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await openMoneyOut(page);

  // An amount that is no number is refused by the action, in the owner's words, naming the field.
  await reviewPayout(page, words, '20 cedis');
  const payForm = page.getByRole('region', { name: words.pay });
  await expect(payForm.getByRole('alert')).toContainText(`${words.amount}: ${fieldMessage('en', 'must be a number')}`);
  await expectAccessible(page, testInfo, 'payout refused');
  await snap(page, testInfo, 'dashboard-payout-refused');

  const review = await reviewPayout(page, words);
  // payout.mobile_money is 0.5 %: 0.10 on 20.00, paid on top of the amount.
  await expect(review.getByRole('definition')).toHaveText([
    'Kofi Mensah',
    'MTN MoMo 0244123456',
    words.mobile_money,
    /GHS\s20\.00/,
    /GHS\s0\.10/,
    /GHS\s20\.10/,
    /GHS\s20\.00/,
  ]);
  await expectAccessible(page, testInfo, 'payout review');
  await snap(page, testInfo, 'dashboard-payout-review');
  expect(await moneyOutOf(merchant.id)).toEqual([]);

  // "Change" goes back to the fields, still filled in; nothing was sent.
  const form = page.getByRole('region', { name: words.pay });
  await form.getByRole('button', { name: words.review_change, exact: true }).click();
  await expect(review).toHaveCount(0);
  await form.getByLabel(words.amount, { exact: true }).fill('30');
  await form.getByRole('button', { name: words.review_payout, exact: true }).click();
  await expect(review.getByRole('definition').nth(5)).toHaveText(/GHS\s30\.15/);
  expect(await moneyOutOf(merchant.id)).toEqual([]);

  await form.getByRole('button', { name: words.pay_submit, exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText(shell.refused_step_up_required);
  await form.getByLabel(shell.step_up_label).fill(await owner.code());
  await form.getByRole('button', { name: shell.confirm }).click();
  await expect(form.getByText(words.paid)).toBeVisible();
  expect(await moneyOutOf(merchant.id)).toEqual([{ payout_kind: 'payout', net: '3000' }]);

  // The same review in French.
  const fr = MONEY_OUT_COPY.fr;
  await openMoneyOut(page, '?locale=fr');
  await reviewPayout(page, fr, '20 cedis');
  const frenchAlert = page.getByRole('region', { name: fr.pay }).getByRole('alert');
  await expect(frenchAlert).toContainText(`${fr.amount}\u00a0: Saisissez un nombre, en chiffres.`);
  await expect(frenchAlert).not.toContainText('must be');
  await snap(page, testInfo, 'dashboard-payout-refused-fr');
  const frenchReview = await reviewPayout(page, fr);
  await expect(frenchReview.getByRole('definition').nth(2)).toHaveText(fr.mobile_money);
  await expect(frenchReview.getByRole('definition').nth(5)).toHaveText(/20,10\s?GHS|GHS\s?20,10/);
  await expectAccessible(page, testInfo, 'payout review (fr)');
  await snap(page, testInfo, 'dashboard-payout-review-fr');
  expect(await moneyOutOf(merchant.id)).toHaveLength(1);
});

/** Posts a form's HTML (with its hidden server-action fields) from `page`, as a browser without JavaScript would. */
function postForm(page: Page, html: string, fields: Record<string, string>): Promise<number> {
  return page.evaluate(
    async ([html, fields]) => {
      const holder = document.createElement('div');
      holder.innerHTML = html as string;
      const data = new FormData(holder.querySelector('form')!);
      for (const [name, value] of Object.entries(fields as Record<string, string>)) data.set(name, value);
      return (await fetch(location.href, { method: 'POST', body: data })).status;
    },
    [html, fields] as const,
  );
}

test('a viewer cannot send a payout: no form, and the action refuses the owner’s form posted anyway', async ({
  browser,
}, testInfo) => {
  const merchant = await merchantWithMoney('Yaw Hardware');
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signedInMember(ownerContext, merchant.id, 'owner');
  await openMoneyOut(ownerPage);
  const form = await ownerPage.locator('form:has(#payout-reason)').evaluate((f) => f.outerHTML);
  await ownerContext.close();
  expect(form).toContain('$ACTION_');

  const context = await browser.newContext();
  const page = await context.newPage();
  await signedInMember(context, merchant.id, 'viewer');
  await openMoneyOut(page);
  await expect(page.getByRole('heading', { name: words.payouts })).toBeVisible();
  await expect(page.getByRole('button', { name: words.pay_submit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: words.review_withdrawal })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'money out (viewer)');
  await snap(page, testInfo, 'dashboard-money-out-viewer');

  const status = await postForm(page, form, {
    amount: '10',
    recipient_name: 'Viewer Friend',
    bank_account_number: '0011223344',
    bank_name: 'Stanbic',
    account_holder_name: 'Viewer Friend',
    payout_reason: 'not allowed',
    step_up_code: '123456',
  });
  expect(status).toBeLessThan(500);
  expect(await moneyOutOf(merchant.id)).toEqual([]);
  await context.close();
});
