import { beforeAll, describe, expect, it } from 'vitest';
import { sql as drizzleSql } from 'drizzle-orm';
import { getDb } from '../../../lib/platform/db/client';
import { checkouts, checkoutSearchText } from '../../../lib/platform/db/schema/checkouts';
import type { Tenant } from '../../../lib/platform/db/schema';
import { checkoutListView, type CheckoutSearch } from '../../../lib/surfaces/dashboard/views/checkout-list';
import { contract } from '../../support/contract';
import { testSql } from '../../support/database';
import { minimalCheckout, newMerchant, tenantOf, type Merchant } from '../../support/fixtures';

/**
 * The Checkouts page's search box: a part of a payment reference, an email, a name or an order id, in
 * any case, only ever in the member's own tenant; what is typed is literal text (no wildcards); and on
 * a merchant with 100,000 checkouts the query is served by the trigram index, not a walk of the list.
 */
const sql = testSql();
const db = getDb();

describe('searching the checkout list for a part of a field', () => {
  let merchant: Merchant;
  let tenant: Tenant;
  const made: Record<string, { id: string; payment_reference: string }> = {};
  const ids = async (search: CheckoutSearch) => (await checkoutListView(db, tenant, search)).checkouts.map((c) => c.id);

  beforeAll(async () => {
    merchant = await newMerchant({ name: 'Search Shop' });
    tenant = await tenantOf(merchant.id, 'test');
    const bodies = {
      ama: { customer_email: 'ama.owusu@example.com', customer_name: 'Ama Owusu', meta_data: { order_id: 'ORD-1042' } },
      kofi: { customer_email: 'kofi@mail.test', customer_name: 'Kofi Mensah', meta_data: { order_id: 'ORD-2077' } },
      percent: { customer_email: 'sale@shop.test', customer_name: '50% off', meta_data: { order_id: 'A_B' } },
      plain: { customer_email: 'x@shop.test', customer_name: '50 pounds', meta_data: { order_id: 'AXB' } },
    };
    for (const [key, extra] of Object.entries(bodies)) {
      made[key] = (await merchant.ok(contract.createCheckout, { body: { ...minimalCheckout, ...extra } })).body.data;
    }
  });

  it('finds a part of the payment reference, in any case', async () => {
    const tail = made.kofi!.payment_reference.slice(-7).toLowerCase();
    expect(await ids({ q: tail })).toEqual([made.kofi!.id]);
    const view = await checkoutListView(db, tenant, { q: tail });
    expect(view).toMatchObject({ searchedBy: 'text', problems: null, applied: { q: tail } });
  });

  it("finds a part of the customer's email, or of their name", async () => {
    expect(await ids({ q: 'OWUSU@exa' })).toEqual([made.ama!.id]);
    expect(await ids({ q: 'mail.te' })).toEqual([made.kofi!.id]);
    expect(await ids({ q: 'mensah' })).toEqual([made.kofi!.id]);
    // Both emails hold "shop.test": newest first.
    expect(await ids({ q: 'shop.test' })).toEqual([made.plain!.id, made.percent!.id]);
  });

  it("finds a part of the merchant's order id", async () => {
    expect(await ids({ q: 'ord-10' })).toEqual([made.ama!.id]);
    expect(await ids({ q: '2077' })).toEqual([made.kofi!.id]);
  });

  it('never matches across two fields', async () => {
    // The name ends "Owusu" and the order id starts "ORD": joined they would read "OwusuORD".
    expect(await ids({ q: 'owusuord' })).toEqual([]);
    expect(await ids({ q: 'example.comAma' })).toEqual([]);
  });

  it('takes % and _ as themselves', async () => {
    expect(await ids({ q: '50%' })).toEqual([made.percent!.id]);
    expect(await ids({ q: 'A_B' })).toEqual([made.percent!.id]);
    expect(await ids({ q: '%' })).toEqual([made.percent!.id]);
    expect(await ids({ q: '\\' })).toEqual([]);
  });

  it('combines with the status filter, and pages', async () => {
    await merchant.ok(contract.cancelCheckout, { params: { checkout_id: made.plain!.id } });
    expect(await ids({ q: 'shop.test', status: 'cancelled' })).toEqual([made.plain!.id]);
    expect(await ids({ q: 'shop.test', status: 'pending' })).toEqual([made.percent!.id]);
    expect(await ids({ q: 'shop.test', offset: '1' })).toEqual([made.percent!.id]);
  });

  it("finds nothing of another merchant's", async () => {
    const other = await newMerchant({ name: 'Other Search Shop' });
    const theirs = (
      await other.ok(contract.createCheckout, {
        body: { ...minimalCheckout, customer_name: 'Ama Owusu', meta_data: { order_id: 'ORD-1042' } },
      })
    ).body.data;
    expect(await ids({ q: 'ORD-1042' })).toEqual([made.ama!.id]);
    expect(await ids({ q: theirs.payment_reference.slice(4, 12) })).toEqual([]);
  });

  it('refuses a search too long or unstorable, and shows the whole list with the reason', async () => {
    const long = await checkoutListView(db, tenant, { q: 'a'.repeat(201) });
    expect(long.problems).toEqual([{ field: 'q', message: 'must be at most 200 characters' }]);
    expect(long).toMatchObject({ applied: {}, searchedBy: null });
    expect(long.checkouts).toHaveLength(4);
    const nul = await checkoutListView(db, tenant, { q: 'ORD\u0000' });
    expect(nul.problems).toEqual([{ field: 'q', message: expect.stringContaining('cannot be stored') }]);
  });
});

describe('the search on a merchant with 100,000 checkouts', () => {
  let tenant: Tenant;
  let wanted: string;

  beforeAll(async () => {
    const merchant = await newMerchant({ name: 'Busy Shop' });
    tenant = await tenantOf(merchant.id, 'test');
    const first = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    // 100,000 more, written straight into the table (the verbs would take minutes), each with its own
    // email, name and order id; then the statistics the planner reads.
    await sql`
      insert into checkouts (merchant_id, tenant_id, payment_reference, amount, currency_id, currency_code,
                             customer_email, customer_name, expires_at, meta_data, created_at)
      select c.merchant_id, c.tenant_id, 'PAY-BULK' || lpad(n::text, 12, '0'), 1000 + n, c.currency_id,
             c.currency_code, 'buyer' || n || '@example.com', 'Buyer ' || n, c.expires_at,
             jsonb_build_object('order_id', 'ORD-' || n), c.created_at - make_interval(secs => n)
      from checkouts c, generate_series(1, 100000) n
      where c.id = ${first.id}`;
    await sql`analyze checkouts`;
    wanted = 'ORD-77321';
  }, 120_000);

  it('finds the one checkout by a part of its order id, through the trigram index', async () => {
    const started = performance.now();
    const view = await checkoutListView(db, tenant, { q: wanted.slice(2) });
    const took = performance.now() - started;
    expect(view.checkouts.map((c) => c.meta_data?.order_id)).toEqual([wanted]);
    // Generous for a shared machine; a walk of 100,000 rows' text would not meet it reliably.
    expect(took).toBeLessThan(1_000);

    // The plan of the verb's own condition (the schema's expression, which the index is built on).
    const pattern = `%${wanted.slice(2)}%`;
    const rows = await db.execute<{ 'QUERY PLAN': string }>(
      drizzleSql`explain select * from ${checkouts}
        where ${checkouts.tenantId} = ${tenant.id} and ${checkoutSearchText(checkouts)} ilike ${pattern}
        order by ${checkouts.createdAt} desc, ${checkouts.id} desc limit 21`,
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('checkouts_search_trgm_idx');
  });
});
