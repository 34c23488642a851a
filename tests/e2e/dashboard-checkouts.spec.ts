import type { Page } from '@playwright/test';
import { CHECKOUT_STATUS_WORDS, CHECKOUTS_COPY } from '../../lib/surfaces/dashboard/copy/checkouts';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { fieldMessage } from '../../lib/surfaces/dashboard/copy/field-messages';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, tabTo, test, title } from './support';
import { signedInMember } from './dashboard-people';

/**
 * The Checkouts section in Chromium: an owner makes a payment link by hand, copies it, finds it in
 * the list, opens it and cancels it; a checkout paid through the API shows its timeline; a viewer sees
 * the list and a checkout but no control to create or cancel, and the section reads in French.
 */
const words = CHECKOUTS_COPY.en;
const status = CHECKOUT_STATUS_WORDS.en;

async function openCheckouts(page: Page, query = '') {
  await page.goto(`${baseUrl()}/dashboard/test/checkouts${query}`);
  await expect(title(page, query.includes('locale=fr') ? CHECKOUTS_COPY.fr.title : words.title)).toBeVisible();
}

/** A bank transfer quoting the reference arrives in the sandbox: a verified merchant's checkout is paid. */
async function payByTransfer(payment_reference: string) {
  const res = await fetch(`${baseUrl()}/api/sandbox/bank-transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ payment_reference }),
  });
  expect(res.status, await res.text()).toBe(200);
}

test('an owner makes a payment link by hand, copies it, finds it in the list, opens it and cancels it', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Adwoa Textiles' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await openCheckouts(page);
  await expect(page.getByText(words.no_checkouts)).toBeVisible();
  await expectAccessible(page, testInfo, 'checkouts (empty)');
  await snap(page, testInfo, 'dashboard-checkouts-empty');

  await page.getByText(words.create, { exact: true }).click();
  await page.getByLabel(words.customer_email).fill('ama@example.com');
  await page.getByLabel(words.amount, { exact: true }).fill('ten');
  await page.getByRole('button', { name: words.create_submit }).click();
  // Refused, the field named as the form names it (its label); what was typed stays.
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    `${words.amount}: ${fieldMessage('en', 'must be a number')}`,
  );
  await expect(page.getByLabel(words.customer_email)).toHaveValue('ama@example.com');
  await expectAccessible(page, testInfo, 'payment link refused');

  await page.getByLabel(words.amount, { exact: true }).fill('125.50');
  await page.getByLabel(words.description).fill('Kente cloth, 2 yards');
  await page.getByLabel(words.meta_data).fill('order_id=ORD-1042');
  await page.getByRole('button', { name: words.create_submit }).click();
  await expect(page.getByText(words.created_link)).toBeVisible();
  const link = page.getByTestId('checkout-link');
  await expect(link).toHaveValue(/\/pay\/PAY-[0-9A-Z]{16}#token=/);
  const url = await link.inputValue();
  const reference = /PAY-[0-9A-Z]{16}/.exec(url)![0];
  await tabTo(page, page.getByRole('button', { name: words.copy }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(words.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page, testInfo, 'payment link created');
  await snap(page, testInfo, 'dashboard-checkout-link-created');

  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('GHS');
  await expect(row).toContainText('125.50');
  await expect(row.getByText(status.pending)).toBeVisible();
  await expectAccessible(page, testInfo, 'checkouts');
  await snap(page, testInfo, 'dashboard-checkouts');

  await row.getByRole('link', { name: reference }).click();
  await expect(title(page, reference)).toBeVisible();
  await expect(page.getByTestId('checkout-status')).toHaveText(status.pending);
  await expect(page.getByText('order_id=ORD-1042')).toBeVisible();
  await expect(page.getByTestId('checkout-timeline')).toContainText('checkout.created');
  await expect(page.getByTestId('checkout-timeline')).toContainText(owner.email);
  await expectAccessible(page, testInfo, 'checkout');
  await snap(page, testInfo, 'dashboard-checkout');

  await tabTo(page, page.getByRole('button', { name: words.cancel }), 40);
  await page.keyboard.press('Enter');
  // Asked first; the question's button has the focus, so Enter again cancels.
  await expect(page.getByText(SHELL_COPY.en.confirm_question)).toBeVisible();
  await expect(page.getByRole('button', { name: words.cancel })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('checkout-status')).toHaveText(status.cancelled);
  await expect(page.getByRole('button', { name: words.cancel })).toHaveCount(0);
  await expect(page.getByTestId('checkout-timeline')).toContainText('checkout.cancelled');
  await expectAccessible(page, testInfo, 'checkout cancelled');
  await snap(page, testInfo, 'dashboard-checkout-cancelled');

  const [row_] = await sql()`select status from checkouts where payment_reference = ${reference}`;
  expect(row_!.status).toBe('cancelled');
  // The member's own lines (the operator's onboarding of the merchant is there too, as its own).
  const audit = await sql()`
    select action from audit_log where merchant_id = ${merchant.id} and actor_type = 'person' order by created_at`;
  expect(audit.map((a) => a.action)).toEqual(['checkout.create', 'checkout.cancel']);
});

test('a paid checkout shows its timeline (money received, each event) and is refunded in two parts', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Adwoa Textiles' });
  // An earlier payment in the wallet pays for the fee, which a refund does not get back.
  await payByTransfer((await merchant.createCheckout({ amount: 5 })).payment_reference);
  const checkout = await merchant.createCheckout({ amount: 40.25 });
  await payByTransfer(checkout.payment_reference);
  const owner = await signedInMember(page.context(), merchant.id, 'owner');
  await openCheckouts(page, `?status=paid&q=${checkout.payment_reference.toLowerCase()}`);
  const row = page.getByRole('row', { name: new RegExp(checkout.payment_reference) });
  await expect(row.getByText(status.paid)).toBeVisible();
  await row.getByRole('link', { name: checkout.payment_reference }).click();

  await expect(page.getByTestId('checkout-status')).toHaveText(status.paid);
  const timeline = page.getByTestId('checkout-timeline');
  await expect(timeline).toContainText(words.tl_created);
  await expect(timeline).toContainText(words.tl_collection);
  await expect(timeline).toContainText('GHS 40.25');
  await expect(timeline).toContainText('checkout.paid');
  await expect(page.getByRole('button', { name: words.cancel })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'paid checkout');
  await snap(page, testInfo, 'dashboard-checkout-paid');

  // Part of it back (asked first, with what stays refundable), then the rest, chosen explicitly.
  await page.getByLabel(words.refund_amount).fill('10');
  await page.getByLabel(words.refund_reason).fill('One item returned');
  await page.getByRole('button', { name: words.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toHaveText(
    /^Refund GHS\s10\.00 to the customer\? GHS\s30\.25 will stay refundable\.$/,
  );
  await page.getByRole('button', { name: /^Refund GHS\s10\.00$/ }).click();
  // Money going back: a fresh code first.
  await page.getByLabel(SHELL_COPY.en.step_up_label).fill(await owner.code());
  await page.getByRole('button', { name: SHELL_COPY.en.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: words.refunded_done })).toBeVisible();
  await expect(page.getByTestId('checkout-refund-state')).toHaveText(words.refund_state_partially_refunded);
  await expect(page.getByText(/At most GHS\s30\.25/)).toBeVisible();
  await page.getByRole('radio', { name: /The whole remaining amount, GHS\s30\.25/ }).check();
  await page.getByLabel(words.refund_reason).fill('Order cancelled');
  await page.getByRole('button', { name: words.refund_review }).click();
  await expect(page.getByTestId('refund-question')).toHaveText(/Nothing will stay refundable/);
  await page.getByRole('button', { name: /^Refund GHS\s30\.25$/ }).click();
  await expect(page.getByText(words.refunded_all)).toBeVisible();
  await expect(page.getByTestId('checkout-refund-state')).toHaveText(words.refund_state_refunded);
  // The checkout's own status stays the API's.
  await expect(page.getByTestId('checkout-status')).toHaveText(status.paid);
  await expect(timeline).toContainText(words['member_checkout.refund']);
  await expect(timeline).toContainText('checkout.refunded');
  const [deposit] = await sql()`select amount::int, refunded_amount::int from customer_transactions
    where checkout_session_id = ${checkout.id} and transaction_type = 'deposit'`;
  expect(deposit).toEqual({ amount: 4025, refunded_amount: 4025 });
  await expectAccessible(page, testInfo, 'refunded checkout');
});

test('a viewer sees the list and a checkout, but no control to create or cancel; in French too', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Adwoa Textiles' });
  const checkout = await merchant.createCheckout();
  await signedInMember(page.context(), merchant.id, 'viewer');
  await openCheckouts(page);
  await expect(page.getByRole('row', { name: new RegExp(checkout.payment_reference) })).toBeVisible();
  await expect(page.getByText(words.create, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: words.create_submit })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'checkouts (viewer)');

  await page.getByRole('link', { name: checkout.payment_reference }).click();
  await expect(page.getByTestId('checkout-status')).toHaveText(status.pending);
  await expect(page.getByRole('button', { name: words.cancel })).toHaveCount(0);
  await expect(page.getByTestId('checkout-link')).toHaveValue(checkout.checkout_url);

  // Filters the API refuses: the list stays whole, and says why.
  await openCheckouts(page, '?status=lost');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(words.filters_refused);
  await expect(page.getByRole('row', { name: new RegExp(checkout.payment_reference) })).toBeVisible();
  await expectAccessible(page, testInfo, 'checkouts (refused filter)');

  const fr = CHECKOUTS_COPY.fr;
  await openCheckouts(page, '?locale=fr');
  const row = page.getByRole('row', { name: new RegExp(checkout.payment_reference) });
  await expect(row.getByText(CHECKOUT_STATUS_WORDS.fr.pending)).toBeVisible();
  await expect(row).toContainText(/25,50\sGHS/);
  await expect(page.getByLabel(fr.search)).toBeVisible();
  await expectAccessible(page, testInfo, 'checkouts (French)');
  await snap(page, testInfo, 'dashboard-checkouts-fr');
  await row.getByRole('link', { name: checkout.payment_reference }).click();
  await expect(title(page, fr.detail_title)).toBeVisible();
  await expect(page.getByTestId('checkout-timeline')).toContainText(fr.tl_created);
  await expectAccessible(page, testInfo, 'checkout (French)');
  await snap(page, testInfo, 'dashboard-checkout-fr');
});

test("another merchant's checkout is not found", async ({ page }) => {
  const merchant = await newMerchant({ name: 'Adwoa Textiles' });
  const other = await newMerchant({ name: 'Other Shop' });
  const theirs = await other.createCheckout();
  await signedInMember(page.context(), merchant.id, 'viewer');
  const res = await page.goto(`${baseUrl()}/dashboard/test/checkouts/${theirs.id}`);
  expect(res?.status()).toBe(404);
  expect((await page.goto(`${baseUrl()}/dashboard/test/checkouts/not-an-id`))?.status()).toBe(404);
});
