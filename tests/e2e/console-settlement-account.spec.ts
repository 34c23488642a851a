import { GO_LIVE_CONSOLE_COPY } from '../../lib/surfaces/console/go-live-copy';
import { signedInMember } from './dashboard-people';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';

/**
 * The operator's view of a go-live application shows the settlement account masked (last 4 digits);
 * "Show the full number" gives it, and the audit log records who saw which application's account.
 */
const review = GO_LIVE_CONSOLE_COPY.en;

test('the console masks the settlement account number until the operator asks, and audits the look', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Kwame Tools', kyb_status: 'unverified' });
  const [application] = await sql()`
    insert into go_live_applications (merchant_id, status, legal_name, registration_number, country,
      business_address, business_description, owner_name, owner_email, settlement_currency_code,
      settlement_account_type, account_holder_name, bank_name, account_number, submitted_at)
    values (${merchant.id}, 'submitted', 'Kwame Tools Limited', 'CS-555000111', 'GH', '7 High Street, Accra',
      'Hand tools', 'Kwame Boateng', 'kwame@tools.example', 'GHS', 'bank_account', 'Kwame Tools Limited',
      'Ecobank Ghana', '1441000777123', now())
    returning id`;
  const scratch = await newMerchant({ name: 'Scratch' });
  const operator = await signedInMember(page.context(), scratch.id, 'owner');
  await sql()`update auth_users set operator = true where id = ${operator.userId}`;
  await sql()`delete from auth_members where user_id = ${operator.userId}`;

  await page.goto(`${baseUrl()}/console/go-live?merchant_id=${merchant.id}`);
  await expect(title(page, review.title)).toBeVisible();
  const card = page.getByTestId('golive-review');
  await expect(card).toContainText('•••• 7123');
  await expect(card).not.toContainText('1441000777123');
  expect(await page.content()).not.toContain('1441000777123');
  await expectAccessible(page, testInfo, 'console application, account masked');
  await snap(page, testInfo, 'console-account-masked');

  await card.getByRole('button', { name: review.show_account }).click();
  await expect(page.getByTestId('golive-full-account')).toHaveText('1441000777123');
  await expectAccessible(page, testInfo, 'console application, account shown');
  await snap(page, testInfo, 'console-account-shown');
  const audit = await sql()`select actor_email, target, details from audit_log
    where merchant_id = ${merchant.id} and action = 'go_live.reveal_account'`;
  expect(audit).toEqual([
    { actor_email: operator.email, target: application!.id, details: { shown: 'settlement_account' } },
  ]);
});
