import { beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, minimalCheckout, newMerchant, type Merchant } from '../../support/fixtures';
import { expectErrorShape, expectStatus } from '../../support/caller';
import { contract } from '../../support/contract';
import { confirm, newLink, pay, sql } from './helpers';

/**
 * `GET /payment-links/{id}/checkouts`: the checkouts made from one link, as `listCheckouts` lists
 * them (full shape, newest first, `limit` / `offset`, the same filters). Another merchant's link, or
 * the other mode's, is a 404; a checkout not made from the link is never in it.
 */
let m: Merchant;
beforeAll(async () => {
  m = await newMerchant({ name: 'Salon Akosua' });
});

async function started(link: { url: string }, amount?: string) {
  const outcome = await confirm(link, amount ? { amount } : {});
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return outcome.url;
}

type ListQuery = { limit?: number; offset?: number; status?: 'paid' };
const list = (id: string, query: ListQuery = {}) =>
  m.call(contract.listPaymentLinkCheckouts, { params: { payment_link_id: id }, query });
/** The items of a 200. */
const listed = async (id: string, query: ListQuery = {}) =>
  (await m.ok(contract.listPaymentLinkCheckouts, { params: { payment_link_id: id }, query })).body.data;

describe("a payment link's checkouts, through the API", () => {
  it('lists the checkouts made from the link, paid ones with it, in the shape and paging of listCheckouts', async () => {
    const link = await newLink(m, { amount: undefined, description: 'Braids' });
    const elsewhere = await newLink(m, { amount: 15, description: 'Wash' });
    await m.ok(contract.createCheckout, { body: minimalCheckout });
    await started(elsewhere);
    const first = await started(link, '12.50');
    const second = await started(link, '30');
    await started(link, '7');
    await pay(first);
    await pay(second);

    const all = await listed(link.id);
    expect(all.map((c) => [c.amount, c.status])).toEqual([
      [7, 'pending'],
      [30, 'paid'],
      [12.5, 'paid'],
    ]);
    for (const c of all) expect(c.meta_data).toMatchObject({ payment_link_id: link.id });
    // The same items listCheckouts gives for the same checkouts.
    const everything = (await m.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data;
    for (const c of all) expect(everything.find((e) => e.id === c.id)).toEqual(c);

    const paged = [
      await listed(link.id, { limit: 2 }),
      await listed(link.id, { limit: 2, offset: 2 }),
      await listed(link.id, { limit: 2, offset: 4 }),
    ];
    expect(paged.map((p) => p.length)).toEqual([2, 1, 0]);
    expect(paged.flat().map((c) => c.id)).toEqual(all.map((c) => c.id));

    const paid = await listed(link.id, { status: 'paid' });
    expect(paid.map((c) => c.amount)).toEqual([30, 12.5]);
    expect(await listed(elsewhere.id)).toHaveLength(1);
  });

  it('refuses a bad query as listCheckouts does', async () => {
    const link = await newLink(m);
    const res = await list(link.id, { limit: 500 });
    expectStatus(res, 422);
    expectErrorShape(res.body);
  });

  it("is a 404 for another merchant's link, the other mode's, and an unknown id", async () => {
    const other = await newMerchant({ name: 'Other Salon' });
    const theirs = await newLink(other);
    await started(theirs);
    const foreign = await list(theirs.id);
    expectStatus(foreign, 404);
    expectErrorShape(foreign.body);

    const verified = await newMerchant({ name: 'Live Salon', kyb_status: 'verified' });
    const testLink = await newLink(verified);
    const live = await liveKeyOf(verified);
    const otherMode = await live.call(contract.listPaymentLinkCheckouts, { params: { payment_link_id: testLink.id } });
    expectStatus(otherMode, 404);

    expectStatus(await list('00000000-0000-4000-8000-000000000000'), 404);
  });

  it("reads a link's checkouts through its index on a merchant with 20,000 other checkouts (the planner picks it by selectivity, as at 100,000)", async () => {
    const link = await newLink(m, { amount: undefined });
    await started(link, '3');
    const [model] = await sql`select id from checkouts where payment_link_id = ${link.id}`;
    const plan = await sql
      .begin(async (tx) => {
        // 20,000 other checkouts of the same merchant, copies of one row; rolled back below.
        await tx`
          insert into checkouts
          select (jsonb_populate_record(c, jsonb_build_object(
                    'id', gen_random_uuid(),
                    'payment_reference', 'PAY-' || upper(substr(md5(random()::text), 1, 16)),
                    'payment_link_id', null,
                    'created_at', now() - n * interval '1 second'))).*
            from checkouts c, generate_series(1, 20000) n
           where c.id = ${model!.id as string}`;
        await tx`analyze checkouts`;
        const rows = await tx.unsafe(
          `explain (format json) select * from checkouts where tenant_id = $1 and payment_link_id = $2
            order by created_at desc, id desc limit 20`,
          [m.tenant.id, link.id],
        );
        throw new Rollback(JSON.stringify(rows));
      })
      .catch((e: unknown) => {
        if (e instanceof Rollback) return e.message;
        throw e;
      });
    expect(plan).toContain('checkouts_payment_link_idx');
    expect(plan).not.toContain('Seq Scan');
  }, 120_000);
});

class Rollback extends Error {}
