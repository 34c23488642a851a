import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../lib/platform/db/client';
import { runDashboardAction } from '../../../lib/surfaces/dashboard/actions';
import { metaDataOf } from '../../../lib/surfaces/dashboard/actions/checkouts';
import { amountOf } from '../../../lib/surfaces/dashboard/amount-text';
import { checkoutListView, searchOf, type CheckoutSearch } from '../../../lib/surfaces/dashboard/views/checkout-list';
import { checkoutTimeline, type TimelineEntry } from '../../../lib/surfaces/dashboard/views/checkout-timeline';
import type { Tenant } from '../../../lib/platform/db/schema';
import { testSql } from '../../support/database';
import {
  hostedPage,
  liveKeyOf,
  minimalCheckout,
  newMerchant,
  paidCheckout,
  tenantOf,
  type Merchant,
} from '../../support/fixtures';
import { contract } from '../../support/contract';
import { runJobsNow } from '../../support/jobs';
import { memberOf, type Member } from '../../support/members';

/**
 * The Checkouts section's reads and its create form: a checkout's timeline (attempts, money, events
 * and their webhook deliveries, what members did), found only in its own tenant; the list read from
 * the page's address through the API's list query, and refused filters shown as such.
 */
const sql = testSql();
const db = getDb();

const kinds = (entries: TimelineEntry[]) => entries.map((e) => e.kind);
const eventsOf = (entries: TimelineEntry[]) =>
  entries.flatMap((e) => (e.kind === 'event' ? [[e.eventType, e.status] as const] : []));

async function notFoundIn(tenant: Tenant, checkoutId: string) {
  await expect(checkoutTimeline(db, tenant, checkoutId)).rejects.toMatchObject({ status: 404 });
}

describe("a checkout's timeline", () => {
  let merchant: Merchant;
  let tenant: Tenant;
  let owner: Member;
  beforeAll(async () => {
    merchant = await newMerchant({ name: 'Timeline Shop' });
    tenant = await tenantOf(merchant.id, 'test');
    owner = await memberOf(merchant.id, 'owner');
  });

  it('shows a paid checkout: created, the money received, the deposit, each event and its webhook deliveries', async () => {
    await merchant.ok(contract.createWebhook, { body: { url: 'https://93.184.215.14/orders', events: ['*'] } });
    const { checkout, deposit } = await paidCheckout(merchant, { amount: 40.25 });
    const timeline = await checkoutTimeline(db, tenant, checkout.id);

    expect(timeline[0]).toMatchObject({ kind: 'created', at: new Date(checkout.created_at) });
    expect(timeline.find((e) => e.kind === 'collection')).toMatchObject({
      collection: 'payment',
      amount: 40.25,
      currency: 'GHS',
    });
    expect(timeline.find((e) => e.kind === 'transaction')).toMatchObject({
      id: deposit.transaction_id,
      type: 'deposit',
      amount: 40.25,
      currency: 'GHS',
    });
    const events = eventsOf(timeline);
    expect(events[0]).toEqual(['checkout.created', 'pending']);
    expect(events.at(-1)).toEqual(['checkout.paid', 'paid']);
    for (const entry of timeline) {
      if (entry.kind !== 'event') continue;
      expect(entry.deliveries, entry.eventType).toEqual([
        expect.objectContaining({ url: 'https://93.184.215.14/orders', status: 'pending' }),
      ]);
    }
    // Oldest first; the money is recorded before the event announcing it.
    const times = timeline.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Within one moment, in the order things happen: processing, the money and its deposit, then paid.
    expect(
      timeline.map((e) => (e.kind === 'event' ? e.eventType : e.kind === 'collection' ? e.collection : e.kind)),
    ).toEqual(['created', 'checkout.created', 'checkout.processing', 'payment', 'transaction', 'checkout.paid']);
  });

  it('shows each payment attempt and how it ended: declined, then paid', async () => {
    const checkout = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const { page } = hostedPage(checkout);
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244121111' } });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '0244125555' } });
    await runJobsNow(['sandbox_mobile_money_outcome']);

    const timeline = await checkoutTimeline(db, tenant, checkout.id);
    const attempts = timeline.flatMap((e) =>
      e.kind === 'attempt_started'
        ? [['started', e.method, e.network]]
        : e.kind === 'attempt_ended'
          ? [['ended', e.status, e.failureCode]]
          : [],
    );
    expect(attempts).toEqual([
      ['started', 'mobile_money', 'mtn_momo'],
      ['ended', 'failed', 'declined'],
      ['started', 'mobile_money', 'mtn_momo'],
      ['ended', 'succeeded', null],
    ]);
    expect(eventsOf(timeline).map(([type]) => type)).toEqual([
      'checkout.created',
      'checkout.processing',
      'checkout.failed',
      'checkout.processing',
      'checkout.paid',
    ]);
  });

  it('shows who cancelled it from the dashboard', async () => {
    const checkout = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const outcome = await runDashboardAction('cancelCheckout', owner.headers(), {
      mode: 'test',
      checkout_id: checkout.id,
    });
    expect(outcome).toMatchObject({ ok: true, data: { status: 'cancelled' } });
    const timeline = await checkoutTimeline(db, tenant, checkout.id);
    expect(eventsOf(timeline).at(-1)).toEqual(['checkout.cancelled', 'cancelled']);
    expect(timeline.at(-1)).toMatchObject({ kind: 'member', action: 'checkout.cancel', actorEmail: owner.email });
    // Cancelled once: a second time is the API's 409.
    const again = await runDashboardAction('cancelCheckout', owner.headers(), {
      mode: 'test',
      checkout_id: checkout.id,
    });
    expect(again).toMatchObject({ ok: false, code: 'checkout_not_cancellable' });
  });

  it("is not found for another merchant's checkout, nor for the other mode's", async () => {
    const other = await newMerchant({ name: 'Other Shop' });
    const { checkout: theirs } = await paidCheckout(other);
    await notFoundIn(tenant, theirs.id);
    await notFoundIn(tenant, '00000000-0000-4000-8000-000000000000');

    const live = await liveKeyOf(merchant);
    const liveCheckout = (await live.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    await notFoundIn(tenant, liveCheckout.id);
    const { checkout: testCheckout } = await paidCheckout(merchant);
    await notFoundIn(await tenantOf(merchant.id, 'live'), testCheckout.id);
    expect(kinds(await checkoutTimeline(db, await tenantOf(merchant.id, 'live'), liveCheckout.id))).toEqual([
      'created',
      'event',
    ]);
  });

  it("reads each part in the tenant: another tenant's rows naming this checkout stay out", async () => {
    const checkout = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const other = await newMerchant({ name: 'Other Shop' });
    const live = await tenantOf(merchant.id, 'live').catch(async () => (await liveKeyOf(merchant)).tenant);
    // Rows whose reference to the checkout no foreign key guards: an event's resource id, an audit target.
    for (const owner of [other.tenant, live]) {
      await sql`insert into events (merchant_id, tenant_id, event_type, resource_type, resource_id, data)
                values (${owner.merchantId}, ${owner.id}, 'checkout.paid', 'checkout', ${checkout.id}, '{}')`;
      await sql`insert into audit_log (merchant_id, actor_email, mode, action, target)
                values (${owner.merchantId}, 'someone@else.test', ${owner.mode}, 'checkout.cancel', ${checkout.id})`;
    }
    const timeline = await checkoutTimeline(db, tenant, checkout.id);
    expect(eventsOf(timeline)).toEqual([['checkout.created', 'pending']]);
    expect(kinds(timeline)).toEqual(['created', 'event']);
  });
});

describe('the checkout list', () => {
  let merchant: Merchant;
  let tenant: Tenant;
  const made: { id: string; payment_reference: string }[] = [];
  const list = (search: CheckoutSearch) => checkoutListView(db, tenant, search);

  beforeAll(async () => {
    merchant = await newMerchant({ name: 'List Shop' });
    tenant = await tenantOf(merchant.id, 'test');
    for (let i = 0; i < 23; i++) {
      const email = i % 2 ? 'kofi@example.com' : 'ama@example.com';
      const body = { ...minimalCheckout, customer_email: email, amount: i + 1 };
      made.push((await merchant.ok(contract.createCheckout, { body })).body.data);
    }
    await merchant.ok(contract.cancelCheckout, { params: { checkout_id: made[3]!.id } });
  });

  it('pages newest first, 20 at a time', async () => {
    const first = await list({});
    expect(first.checkouts.map((c) => c.id)).toEqual(
      made
        .slice(3)
        .reverse()
        .map((c) => c.id),
    );
    expect(first).toMatchObject({ hasMore: true, offset: 0, problems: null });
    const second = await list({ offset: '20' });
    expect(second.checkouts.map((c) => c.id)).toEqual(
      made
        .slice(0, 3)
        .reverse()
        .map((c) => c.id),
    );
    expect(second.hasMore).toBe(false);
  });

  it('filters by status and by date, as the API does', async () => {
    expect((await list({ status: 'cancelled' })).checkouts.map((c) => c.id)).toEqual([made[3]!.id]);
    expect((await list({ status: 'PAID' })).checkouts).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ created_from: today, created_to: today })).checkouts).toHaveLength(20);
    expect((await list({ created_from: '2099-01-01' })).checkouts).toEqual([]);
  });

  it('searches by payment reference (any case), customer email (any case) or checkout id', async () => {
    const wanted = made[5]!;
    const byReference = await list({ q: wanted.payment_reference.toLowerCase() });
    expect(byReference).toMatchObject({ searchedBy: 'text', problems: null });
    expect(byReference.checkouts.map((c) => c.id)).toEqual([wanted.id]);
    const byEmail = await list({ q: 'KOFI@example.com', status: 'pending' });
    expect(byEmail.searchedBy).toBe('text');
    // Eleven of the odd ones are Kofi's; one of them (the fourth) was cancelled.
    expect(byEmail.checkouts).toHaveLength(10);
    expect(byEmail.checkouts.every((c) => c.customer_email === 'kofi@example.com')).toBe(true);
    const byId = await list({ q: wanted.id });
    expect(byId).toMatchObject({ searchedBy: 'id', hasMore: false });
    expect(byId.checkouts.map((c) => c.payment_reference)).toEqual([wanted.payment_reference]);
  });

  it("finds nothing of another merchant's, by id or by reference", async () => {
    const other = await newMerchant({ name: 'Other Shop' });
    const theirs = (await other.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    expect((await list({ q: theirs.id })).checkouts).toEqual([]);
    expect((await list({ q: theirs.payment_reference })).checkouts).toEqual([]);
  });

  it('shows the list unfiltered, with the reasons, when the address carries filters the API refuses', async () => {
    const badStatus = await list({ status: 'lost', q: 'ama@example.com' });
    expect(badStatus.problems).toEqual([{ field: 'status', message: expect.stringContaining('must be one of') }]);
    expect(badStatus.checkouts).toHaveLength(20);
    expect(badStatus).toMatchObject({ applied: {}, search: { status: 'lost', q: 'ama@example.com' } });
    expect((await list({ q: 'x'.repeat(201) })).problems).toEqual([
      { field: 'q', message: 'must be at most 200 characters' },
    ]);
    expect((await list({ offset: '-1' })).problems?.[0]?.field).toBe('offset');
    expect((await list({ created_from: '2026-02-30' })).problems?.[0]?.field).toBe('created_from');
    expect((await list({ created_from: '2026-05-02', created_to: '2026-05-01' })).problems?.[0]?.field).toBe(
      'created_to',
    );
  });

  it("reads only the list's own parameters from the address", () => {
    expect(searchOf({ locale: 'fr', q: ['  PAY-1 ', 'x'], status: '', offset: '20' })).toEqual({
      q: 'PAY-1',
      offset: '20',
    });
  });
});

describe('a payment link made by hand', () => {
  let owner: Member;
  let merchantId: string;
  beforeAll(async () => {
    const merchant = await newMerchant({ name: 'Link Shop' });
    merchantId = merchant.id;
    owner = await memberOf(merchant.id, 'owner');
  });
  const create = (form: Record<string, string>) =>
    runDashboardAction('createCheckout', owner.headers(), { mode: 'test', currency_code: 'GHS', ...form });

  it('reads the amount as people type it, exactly, and meta data as key=value lines', async () => {
    const outcome = await create({
      customer_email: ' ama@example.com ',
      amount: '1 250,50',
      description: 'Kente cloth',
      meta_data: 'order_id = ORD-7\nchannel=whatsapp\n',
    });
    expect(outcome).toMatchObject({ ok: true, data: { amount: 1250.5, status: 'pending', currency_code: 'GHS' } });
    const id = outcome.ok ? (outcome.data as { id: string }).id : '';
    const [row] = await sql`select amount::text, meta_data, description, merchant_id from checkouts where id = ${id}`;
    expect(row).toEqual({
      amount: '125050',
      meta_data: { order_id: 'ORD-7', channel: 'whatsapp' },
      description: 'Kente cloth',
      merchant_id: merchantId,
    });
    expect(amountOf('1,250.50')).toBe(1250.5);
    expect(amountOf('1.250,50')).toBe(1250.5);
    expect(amountOf('12,5')).toBe(12.5);
    expect(amountOf('12 dollars')).toBe('12 dollars');
    expect(metaDataOf('  \n')).toBeUndefined();
  });

  it('makes a one-off link live 7 days unless the form chooses another lifetime', async () => {
    const lifetime = async (outcome: Awaited<ReturnType<typeof create>>) => {
      if (!outcome.ok) throw new Error(JSON.stringify(outcome));
      const { id } = outcome.data as { id: string };
      const [row] =
        await sql`select extract(epoch from expires_at - created_at)::int as s from checkouts where id = ${id}`;
      return row!.s;
    };
    expect(await lifetime(await create({ customer_email: 'a@example.com', amount: '10' }))).toBe(7 * 86_400);
    expect(
      await lifetime(await create({ customer_email: 'a@example.com', amount: '10', expires_in_minutes: '60' })),
    ).toBe(3_600);
  });

  it("refuses what the API refuses, naming the API's fields", async () => {
    const count = async () =>
      (
        (await sql`select count(*)::int as n from checkouts where merchant_id = ${merchantId}`) as unknown as [
          { n: number },
        ]
      )[0].n;
    const before = await count();
    const refusal = (fields: string[]) => ({
      ok: false,
      code: 'validation_error',
      fields: fields.map((field) => expect.objectContaining({ field })),
    });
    expect(await create({ customer_email: 'ama@example.com', amount: 'ten' })).toMatchObject(refusal(['amount']));
    expect(await create({ customer_email: 'not an email', amount: '10' })).toMatchObject(refusal(['customer_email']));
    expect(await create({ customer_email: 'ama@example.com', amount: '10.005' })).toMatchObject(refusal(['amount']));
    expect(await create({ customer_email: 'a@example.com', amount: '10', currency_code: 'XYZ' })).toMatchObject(
      refusal(['currency_code']),
    );
    expect(await create({ customer_email: 'a@example.com', amount: '10', expires_in_minutes: '2' })).toMatchObject(
      refusal(['expires_in_minutes']),
    );
    expect(await create({ customer_email: 'a@example.com', amount: '10', meta_data: 'just text' })).toMatchObject(
      refusal(['meta_data']),
    );
    expect(await count()).toBe(before);
  });
});
