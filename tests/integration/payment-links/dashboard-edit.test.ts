import { beforeAll, describe, expect, it } from 'vitest';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { newMerchant, type Merchant } from '../../support/fixtures';
import { contract } from '../../support/contract';
import { memberOf, type Member } from '../../support/members';
import { newLink, sql } from './helpers';

/**
 * The link's edit form in the dashboard: the API's PATCH through the dashboard's wrapper. What it
 * may change changes (an emptied end date or limit is removed), the amount and currency never do,
 * an end date left as it was is not sent, and a refusal is a sentence that changes nothing.
 */
/** A day about a year ahead, as the form's date field sends it. */
const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

let merchant: Merchant;
let owner: Member;
beforeAll(async () => {
  merchant = await newMerchant({ name: 'Salon Edit' });
  owner = await memberOf(merchant.id, 'owner');
});

const edit = (form: Record<string, string>) =>
  runDashboardAction('editPaymentLink', owner.headers(), { mode: 'test', ...form });
const rowOf = async (id: string) =>
  (
    await sql`select description, amount::text, currency_code, collect_customer_email, ends_at, max_payments
      from payment_links where id = ${id}`
  )[0]!;

describe('editing a payment link in the dashboard', () => {
  it('changes the description, the email question, the end date and the limit; never the amount; audited', async () => {
    const link = await newLink(merchant, { amount: 40, description: 'Haircut', max_payments: 3 });
    const outcome = await edit({
      payment_link_id: link.id,
      description: '  Haircut and wash ',
      collect_customer_email: 'on',
      ends_at: nextYear,
      ends_at_was: '',
      max_payments: '10',
      // Sent by a crafted form: ignored, the amount and currency are not the form's.
      amount: '1',
      currency_code: 'KES',
    });
    expect(outcome).toMatchObject({ ok: true, data: { description: 'Haircut and wash', amount: 40 } });
    expect(await rowOf(link.id)).toEqual({
      description: 'Haircut and wash',
      amount: '4000',
      currency_code: 'GHS',
      collect_customer_email: true,
      ends_at: new Date(`${nextYear}T23:59:59Z`),
      max_payments: 10,
    });
    const audit = await sql`select action, details from audit_log where target = ${link.id} order by created_at`;
    expect(audit.map((a) => a.action)).toEqual(['payment_link.create', 'payment_link.update']);
    expect(audit[1]!.details).toMatchObject({
      changed: ['collect_customer_email', 'description', 'ends_at', 'max_payments'],
      max_payments: 10,
    });

    // Emptied: no end date, no limit, the email no longer asked.
    const cleared = await edit({
      payment_link_id: link.id,
      description: 'Haircut and wash',
      ends_at: '',
      ends_at_was: nextYear,
      max_payments: '',
    });
    expect(cleared).toMatchObject({ ok: true, data: { ends_at: null, max_payments: null } });
    expect(await rowOf(link.id)).toMatchObject({ collect_customer_email: false, ends_at: null, max_payments: null });
  });

  it('keeps an end date left as it was to the second, even one the API set to a time of day', async () => {
    const link = await newLink(merchant, { ends_at: `${nextYear}T12:30:00Z` });
    const outcome = await edit({
      payment_link_id: link.id,
      description: 'New words',
      ends_at: nextYear,
      ends_at_was: nextYear,
      max_payments: '',
    });
    expect(outcome).toMatchObject({ ok: true });
    expect((await rowOf(link.id)).ends_at).toEqual(new Date(`${nextYear}T12:30:00Z`));
  });

  it('refuses an empty description or a limit that is not a number, naming the field, changing nothing', async () => {
    const link = await newLink(merchant, { description: 'Braids' });
    const before = await rowOf(link.id);
    for (const [form, field] of [
      [{ description: ' ', max_payments: '' }, 'description'],
      [{ description: 'Braids', max_payments: 'ten' }, 'max_payments'],
      [{ description: 'Braids', max_payments: '0' }, 'max_payments'],
    ] as const) {
      const outcome = await edit({ payment_link_id: link.id, ends_at: '', ends_at_was: '', ...form });
      expect(outcome).toMatchObject({ ok: false, code: 'validation_error' });
      expect(outcome.ok ? [] : outcome.fields.map((f) => f.field)).toContain(field);
    }
    expect(await rowOf(link.id)).toEqual(before);
  });

  it("is not found for another merchant's link", async () => {
    const other = await newMerchant({ name: 'Other Salon' });
    const theirs = await newLink(other, { description: 'Theirs' });
    const outcome = await edit({ payment_link_id: theirs.id, description: 'Mine now', ends_at: '', max_payments: '' });
    expect(outcome).toMatchObject({ ok: false, code: 'not_found' });
    const got = await other.ok(contract.getPaymentLink, { params: { payment_link_id: theirs.id } });
    expect(got.body.data.description).toBe('Theirs');
  });
});
