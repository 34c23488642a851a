import { GO_LIVE_COPY } from '../../lib/surfaces/dashboard/copy/go-live';
import { signedInMember } from './dashboard-people';
import { baseUrl, expect, expectAccessible, newMerchant, snap, sql, test, title } from './support';

/**
 * After the operator declined the application, the owner reads why and starts a new one: its details
 * come back filled in, the declined one stays under "Earlier applications" with the operator's words.
 * In English and French, at 320 and 1280 px.
 */
const words = GO_LIVE_COPY.en;
const fr = GO_LIVE_COPY.fr;
const REASON = 'The registration certificate is not readable';

/** A business whose sent application the operator declined (as the console would record it). */
async function declined(merchantId: string) {
  const [application] = await sql()`
    insert into go_live_applications (merchant_id, status, legal_name, registration_number, country,
      business_address, business_description, owner_name, owner_email, settlement_currency_code,
      settlement_account_type, account_holder_name, bank_name, account_number, decision_reason,
      submitted_at, decided_at, created_at)
    values (${merchantId}, 'rejected', 'Efua Crafts Limited', 'CS-987654321', 'GH', '4 Ring Road, Accra',
      'Baskets and beads', 'Efua Mensah', 'efua@crafts.example', 'GHS', 'bank_account', 'Efua Crafts Limited',
      'Ecobank Ghana', '1441000987654', ${REASON}, now() - interval '2 days', now() - interval '1 day', now() - interval '3 days')
    returning id`;
  await sql()`
    insert into go_live_decisions (application_id, merchant_id, decision, reason, actor_email, created_at)
    values (${application!.id as string}, ${merchantId}, 'submitted', null, 'efua@crafts.example', now() - interval '2 days'),
           (${application!.id as string}, ${merchantId}, 'rejected', ${REASON}, 'operator@payments.example', now() - interval '1 day')`;
  return application!.id as string;
}

test('a declined business starts a new application from the declined one, which stays as history', async ({
  page,
}, testInfo) => {
  const merchant = await newMerchant({ name: 'Efua Crafts', kyb_status: 'unverified' });
  const previous = await declined(merchant.id);
  await signedInMember(page.context(), merchant.id, 'owner');

  await page.goto(`${baseUrl()}/dashboard/test/go-live`);
  await expect(page.getByTestId('golive-status')).toHaveText(words.status_rejected);
  await expect(page.getByTestId('golive-reason')).toContainText(REASON);
  const again = page.getByRole('region', { name: words.reapply_title });
  await expect(again).toContainText(words.reapply_lead);
  await expectAccessible(page, testInfo, 'go-live declined');
  await snap(page, testInfo, 'go-live-declined');

  await page.goto(`${baseUrl()}/dashboard/test/go-live?locale=fr`);
  await expect(title(page, fr.title)).toBeVisible();
  await expect(page.getByRole('region', { name: fr.reapply_title })).toContainText(fr.reapply_lead);
  await expectAccessible(page, testInfo, 'go-live declined (French)');
  await snap(page, testInfo, 'go-live-declined-fr');

  await page.goto(`${baseUrl()}/dashboard/test/go-live`);
  await again.getByRole('button', { name: words.reapply }).click();
  await expect(page.getByTestId('golive-status')).toHaveText(words.status_draft);
  const details = page.getByRole('form', { name: words.business });
  await expect(details.getByLabel(words.legal_name, { exact: true })).toHaveValue('Efua Crafts Limited');
  await expect(details.getByLabel(words.account_number, { exact: true })).toHaveValue('1441000987654');
  await expect(page.getByTestId('golive-earlier')).toContainText(words.status_rejected);
  await expect(page.getByTestId('golive-earlier')).toContainText(REASON);
  await expect(page.getByRole('region', { name: words.reapply_title })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'go-live applying again');
  await snap(page, testInfo, 'go-live-reapplied');

  const rows = await sql()`select id, status, superseded_at is not null as superseded, previous_application_id
    from go_live_applications where merchant_id = ${merchant.id} order by created_at`;
  expect(rows.map((r) => [r.status, r.superseded, r.previous_application_id])).toEqual([
    ['rejected', true, null],
    ['draft', false, previous],
  ]);

  await page.goto(`${baseUrl()}/dashboard/test/go-live?locale=fr`);
  await expect(page.getByRole('heading', { name: fr.earlier })).toBeVisible();
  await expect(page.getByTestId('golive-earlier')).toContainText(fr.status_rejected);
  await expectAccessible(page, testInfo, 'go-live applying again (French)');
  await snap(page, testInfo, 'go-live-reapplied-fr');
});
