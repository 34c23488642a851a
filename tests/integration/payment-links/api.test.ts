import { beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, newMerchant, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus, invalidFields } from '../../support/caller';
import { contract } from '../../support/contract';
import { confirm, newLink, pay, slugOf, sql, type LinkBody } from './helpers';

let m: Merchant;
let other: Merchant;

beforeAll(async () => {
  m = await newMerchant({ name: 'Salon Adjoa' });
  other = await newMerchant({ name: 'Other Shop' });
});

describe('payment links: the merchant API', () => {
  it('creates a fixed-amount link with a short, random address, in minor units, audited', async () => {
    const link = await newLink(m, { amount: 40, description: 'Haircut', max_payments: 3 });
    expect(link).toMatchObject({
      status: 'active',
      amount: 40,
      min_amount: null,
      max_amount: null,
      currency_code: 'GHS',
      description: 'Haircut',
      collect_customer_email: false,
      ends_at: null,
      max_payments: 3,
      payments_count: 0,
      paid_total: 0,
      checkouts_created: 0,
      merchant_id: m.id,
    });
    expect(link.url).toMatch(/^https:\/\/pay\.payments\.test\/l\/[a-z2-9]{10}$/);
    expect(link.url.length).toBeLessThan(50);
    const [row] = await sql`select amount, tenant_id, slug from payment_links where id = ${link.id}`;
    expect(row).toMatchObject({ amount: '4000', tenant_id: m.tenant.id, slug: slugOf(link) });
    const audit = await sql`select action, target, mode from audit_log where target = ${link.id}`;
    expect(audit).toEqual([{ action: 'payment_link.create', target: link.id, mode: 'test' }]);
  });

  it('creates an open-amount link with bounds, and makes every slug different', async () => {
    const a = await newLink(m, { amount: undefined, min_amount: 5, max_amount: 500.5 });
    const b = await newLink(m, { amount: undefined });
    expect(a).toMatchObject({ amount: null, min_amount: 5, max_amount: 500.5 });
    expect(b).toMatchObject({ amount: null, min_amount: null, max_amount: null });
    expect(slugOf(a)).not.toBe(slugOf(b));
    const [row] = await sql`select min_amount, max_amount from payment_links where id = ${a.id}`;
    expect(row).toEqual({ min_amount: '500', max_amount: '50050' });
  });

  it.each<[string, Partial<LinkBody>, string[]]>([
    ['bounds with a fixed amount', { amount: 10, min_amount: 5 }, ['min_amount']],
    ['a minimum above the maximum', { amount: undefined, min_amount: 50, max_amount: 10 }, ['max_amount']],
    ['more decimals than the currency has', { amount: 10.555 }, ['amount']],
    ['a zero amount', { amount: 0 }, ['amount']],
    ['a negative minimum', { amount: undefined, min_amount: -1 }, ['min_amount']],
    ['decimals in XOF', { amount: 100.5, currency_code: 'XOF' }, ['amount']],
    ['an amount past the largest one', { amount: 1e15 }, ['amount']],
    ['an unknown currency', { currency_code: 'ABC' }, ['currency_code']],
    ['an empty description', { description: '  ' }, ['description']],
    ['zero maximum payments', { max_payments: 0 }, ['max_payments']],
    ['an end date in the past', { ends_at: '2020-01-01T00:00:00Z' }, ['ends_at']],
  ])('refuses %s with a 422 naming the field, creating nothing', async (_name, body, fields) => {
    const before = await sql`select count(*)::int as n from payment_links`;
    const res = await m.call(contract.createPaymentLink, {
      body: { currency_code: 'GHS', description: 'Haircut', amount: 40, ...body } as LinkBody,
    });
    expectStatus(res, 422);
    expectErrorShape(res.body, 'validation_error');
    expect(invalidFields(res)).toEqual(fields);
    expect(await sql`select count(*)::int as n from payment_links`).toEqual(before);
  });

  it('lists newest first with paging, gets one, and updates it (audited)', async () => {
    const fresh = await newMerchant({ name: 'Lister' });
    const first = await newLink(fresh, { description: 'First' });
    const second = await newLink(fresh, { description: 'Second' });
    const list = await fresh.ok(contract.listPaymentLinks, { query: { size: '1' } });
    expect(list.body.data.map((l) => l.id)).toEqual([second.id]);
    expect(list.body.pagination).toMatchObject({ total: 2 });

    const got = await fresh.ok(contract.getPaymentLink, { params: { payment_link_id: first.id } });
    expect(got.body.data).toEqual(first);

    const updated = await fresh.ok(contract.updatePaymentLink, {
      params: { payment_link_id: first.id },
      body: { active: false, description: 'First, renamed', max_payments: null },
    });
    expect(updated.body.data).toMatchObject({ status: 'inactive', description: 'First, renamed', amount: 40 });
    const again = await fresh.ok(contract.updatePaymentLink, {
      params: { payment_link_id: first.id },
      body: { active: true },
    });
    expect(again.body.data.status).toBe('active');
    const audit = await sql`select action from audit_log where target = ${first.id} order by created_at, id`;
    expect(audit.map((a) => a.action)).toEqual(['payment_link.create', 'payment_link.update', 'payment_link.update']);
  });

  it('refuses an update that changes nothing, or the amount', async () => {
    const link = await newLink(m);
    for (const body of [{}, { amount: 50 }]) {
      const res = await m.call(contract.updatePaymentLink, {
        params: { payment_link_id: link.id },
        body: body as never,
      });
      expectStatus(res, 422);
    }
    const [row] =
      await sql`select amount, updated_at = created_at as untouched from payment_links where id = ${link.id}`;
    expect(row).toEqual({ amount: '4000', untouched: true });
  });

  it("is a 404 for another merchant's link and for the other mode's, changing nothing", async () => {
    const link = await newLink(m);
    const live = await liveKeyOf(await newMerchant({ name: 'Live Salon' }));
    const liveLink = await newLink(live);
    for (const [who, id] of [
      [other, link.id],
      [m, liveLink.id],
    ] as const) {
      const got = await who.call(contract.getPaymentLink, { params: { payment_link_id: id } });
      expectStatus(got, 404);
      const patched = await who.call(contract.updatePaymentLink, {
        params: { payment_link_id: id },
        body: { active: false },
      });
      expectStatus(patched, 404);
    }
    const rows = await sql`select status from payment_links where id in (${link.id}, ${liveLink.id})`;
    expect(rows.map((r) => r.status)).toEqual(['active', 'active']);
    const listed = await other.ok(contract.listPaymentLinks, {});
    expect(listed.body.data.map((l) => l.id)).not.toContain(link.id);
  });

  it('counts paid checkouts and their total, and reads as full at max_payments', async () => {
    const link = await newLink(m, { amount: undefined, max_payments: 2 });
    const started = [];
    for (const amount of ['12.50', '30']) {
      const outcome = await confirm(link, { amount });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome));
      started.push(outcome.url);
    }
    const open = await confirm(link, { amount: '1' });
    expect(open.ok).toBe(true);
    for (const url of started) await pay(url);
    const got = (await m.ok(contract.getPaymentLink, { params: { payment_link_id: link.id } })).body.data;
    expect(got).toMatchObject({ status: 'full', payments_count: 2, paid_total: 42.5, checkouts_created: 3 });
  });
});
