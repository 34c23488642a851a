import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { CONSOLE_COPY } from '../../lib/surfaces/console/copy';
import { GO_LIVE_CONSOLE_COPY } from '../../lib/surfaces/console/go-live-copy';
import { GO_LIVE_COPY } from '../../lib/surfaces/dashboard/copy/go-live';
import { SHELL_COPY } from '../../lib/surfaces/dashboard/copy/shell';
import { fieldMessage } from '../../lib/surfaces/dashboard/copy/field-messages';
import { signedInMember } from './dashboard-people';
import {
  baseUrl,
  expect,
  expectAccessible,
  expectCheckoutStatus,
  merchantWithCheckout,
  newMerchant,
  openCheckout,
  sql,
  t,
  test,
  title,
} from './support';

/**
 * Going live from the dashboard: the owner (on a phone) fills the application, uploads a PDF and a
 * PNG and sends it with a fresh code; the operator (on a desktop) approves it in the console; the
 * owner then finds live mode on. And a business that signed up itself finishes a test bank transfer
 * with the page's simulate control alone: nobody "checks it by hand" in test mode. axe on every
 * screen; each screen photographed at 360 and 1280 px.
 */
const words = GO_LIVE_COPY.en;
const shell = SHELL_COPY.en;
const consoleWords = CONSOLE_COPY.en;
const review = GO_LIVE_CONSOLE_COPY.en;
const SHOTS = process.env.GO_LIVE_SHOTS ?? 'test-results/screens/go-live';

/** The page at both widths, full length, for people to look at. */
async function shots(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: size.height });
    await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

async function screenCheck(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, testInfo, name);
  await shots(page, name);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the owner applies on a phone, the operator approves on a desktop, the owner finds live mode on', async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one run: the owner on the phone, the operator on a desktop');
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const merchant = await newMerchant({ name: 'Ama Stores', kyb_status: 'unverified' });
  const owner = await signedInMember(page.context(), merchant.id, 'owner');

  // Live mode says how to get it, and links to the application.
  await page.goto(`${baseUrl()}/dashboard/live`);
  await expect(title(page, shell.live_off_title)).toBeVisible();
  await screenCheck(page, testInfo, 'go-live-live-off');
  await page.getByRole('link', { name: shell.live_off_apply }).click();
  await expect(title(page, words.title)).toBeVisible();
  await expect(page.getByTestId('golive-status')).toHaveText(words.status_none);
  await screenCheck(page, testInfo, 'go-live-empty');

  // Sending it half-filled says what is missing.
  const details = page.getByRole('form', { name: words.business });
  await details.getByLabel(words.legal_name).fill('Ama Stores Limited');
  await details.getByRole('button', { name: words.save }).click();
  await expect(details.getByRole('status')).toHaveText(words.saved);

  const fields: [string, string][] = [
    [words.registration_number, 'CS-123456789'],
    [words.country, 'gh'],
    [words.business_address, '12 Oxford Street, Osu, Accra'],
    [words.business_description, 'Clothes and shoes, online and in one shop'],
    [words.owner_name, 'Ama Owusu'],
    [words.owner_email, 'ama@ama.example'],
    [words.account_holder_name, 'Ama Stores Limited'],
    [words.bank_name, 'Ecobank Ghana'],
    [words.account_number, '1441000123456'],
  ];
  for (const [label, value] of fields) await details.getByLabel(label, { exact: true }).fill(value);
  await details.getByLabel(words.settlement_currency_code).selectOption('GHS');
  await details.getByRole('button', { name: words.save }).click();
  await expect(details.getByRole('status')).toHaveText(words.saved);

  // Documents: a PDF and a PNG (named .pdf: kept as what its bytes are); an HTML page named .pdf is refused.
  const uploadDocument = async (name: string, mimeType: string, buffer: Buffer) => {
    const form = page.locator('form').filter({ has: page.getByLabel(words.document) });
    await form.getByLabel(words.document).setInputFiles({ name, mimeType, buffer });
    await form.getByRole('button', { name: words.upload }).click();
    return form;
  };
  await expect(
    await uploadDocument('registration.pdf', 'application/pdf', PDF).then((f) => f.getByRole('status')),
  ).toHaveText(words.uploaded);
  await expect(page.getByTestId('golive-documents')).toContainText('registration.pdf');
  const refused = await uploadDocument('trick.pdf', 'application/pdf', Buffer.from('<!DOCTYPE html><p>hi</p>'));
  await expect(refused.getByRole('alert')).toContainText(fieldMessage('en', 'must be a PDF, PNG or JPEG file'));
  await expectAccessible(page, testInfo, 'go-live upload refused');
  await uploadDocument('id-card.png', 'image/png', PNG);
  await expect(page.getByTestId('golive-documents')).toContainText('id-card.png');
  await expect(page.getByTestId('golive-documents')).toContainText('PNG');
  await screenCheck(page, testInfo, 'go-live-filled');

  // The owner's document downloads as an attachment of its checked type.
  const href = await page
    .getByTestId('golive-documents')
    .getByRole('link', { name: 'registration.pdf' })
    .getAttribute('href');
  const download = await page.request.get(`${baseUrl()}${href}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);

  // Sending asks for a fresh code.
  const send = page.getByRole('region', { name: words.submit_title });
  await sql()`update auth_sessions set step_up_at = null where user_id = ${owner.userId}`;
  await send.getByRole('button', { name: words.submit }).click();
  await send.getByLabel(shell.step_up_label).fill(await owner.code());
  await send.getByRole('button', { name: shell.confirm }).click();
  await expect(page.getByTestId('golive-status')).toHaveText(words.status_submitted);
  await expect(page.getByRole('button', { name: words.save })).toHaveCount(0);
  await screenCheck(page, testInfo, 'go-live-submitted');

  // The operator, on a desktop, reviews and approves it.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const console = await desk.newPage();
  const scratch = await newMerchant({ name: 'Scratch' });
  const operator = await signedInMember(desk, scratch.id, 'owner');
  await sql()`update auth_users set operator = true where id = ${operator.userId}`;
  await sql()`delete from auth_members where user_id = ${operator.userId}`;
  await console.goto(`${baseUrl()}/console/go-live`);
  await expect(title(console, review.title)).toBeVisible();
  await console.getByRole('link', { name: 'Ama Stores' }).click();
  const card = console.getByTestId('golive-review');
  await expect(card).toContainText('CS-123456789');
  await expect(card).toContainText('id-card.png');
  await screenCheck(console, testInfo, 'go-live-console-review');
  const approve = console.locator('form').filter({ has: console.locator('#golive-approve-reason') });
  await approve.getByRole('button', { name: review.approve }).click();
  await approve.getByLabel(consoleWords.step_up_label).fill(await operator.code());
  await approve.getByRole('button', { name: consoleWords.confirm }).click();
  // Decided: the page shows it approved, and the answers are gone.
  await expect(console.getByTestId('golive-review')).toContainText(review.status_approved);
  await expect(console.getByRole('button', { name: review.approve })).toHaveCount(0);
  await screenCheck(console, testInfo, 'go-live-console-approved');
  await desk.close();

  const [row] = await sql()`select kyb_status, live_enabled_at from merchants where id = ${merchant.id}`;
  expect(row!.kyb_status).toBe('verified');
  expect(row!.live_enabled_at).not.toBeNull();
  const [line] =
    await sql()`select actor_type from audit_log where merchant_id = ${merchant.id} and action = 'go_live.approve'`;
  expect(line!.actor_type).toBe('operator');

  // Back on the phone: approved, and live mode opens.
  await page.reload();
  await expect(page.getByTestId('golive-status')).toHaveText(words.status_approved);
  await screenCheck(page, testInfo, 'go-live-approved');
  await page.getByRole('link', { name: words.live_is_on }).click();
  await expect(page).toHaveURL(/\/dashboard\/live$/);
  await expect(title(page, shell.live_off_title)).toHaveCount(0);
  await screenCheck(page, testInfo, 'go-live-live-on');
});

test('a business that signed up itself finishes a test bank transfer without the operator', async ({
  page,
}, testInfo) => {
  const { merchant, checkout } = await merchantWithCheckout(
    { amount: 310 },
    { name: 'Self Signed', kyb_status: 'unverified' },
  );
  await openCheckout(page, checkout);
  await expect(title(page, t('choose_title'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('method_bank_transfer')}`) }).check();
  await page.getByRole('button', { name: t('continue') }).click();
  await expect(title(page, t('bank_title'))).toBeVisible();
  // Nothing tells the customer a person will check it.
  await expect(page.getByText(/checked by hand/)).toHaveCount(0);
  await expectAccessible(page, testInfo, 'test bank transfer of an unverified business');
  await page
    .getByRole('group', { name: t('sim_transfer_legend') })
    .getByRole('button', { name: t('sim_exact') })
    .click();
  await expect(title(page, t('paid_title'))).toBeVisible({ timeout: 20_000 });
  await expectCheckoutStatus(merchant, checkout.id, 'paid');
  await expectAccessible(page, testInfo, 'test bank transfer paid');
  if (testInfo.project.name === 'phone') await shots(page, 'test-transfer-paid');
});
