import { Logger, runOnce } from 'graphile-worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { taskList } from '../../lib/worker/tasks';
import { expireDueCheckouts } from '../../lib/checkout/expire-checkouts';
import { getDb } from '../../lib/platform/db/client';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { testSql } from '../support/database';
import { expectStatus, type BodyOf } from '../support/caller';
import { contract } from '../support/contract';

const sql = testSql();
let m: Merchant;

beforeAll(async () => {
  m = await newMerchant();
});

const silent = new Logger(() => () => {});
/** Runs every job that is due, once, with the service's real tasks. */
const runWorkerOnce = () =>
  runOnce({ connectionString: process.env.DATABASE_URL!, taskList, logger: silent, noHandleSignals: true });

async function create(merchant: Merchant = m, body: BodyOf<typeof contract.createCheckout> = minimalCheckout) {
  const res = await merchant.call(contract.createCheckout, { body });
  if (!res.ok) throw new Error(`checkout creation failed: ${res.status} ${res.text}`);
  return res.body.data;
}

const jobKey = (id: string) => `expire_checkout:${id}`;
/** The worker's sweep, once (it runs every EXPIRY_SWEEP_MS in each worker). */
const sweep = () => expireDueCheckouts(getDb());
const row = async (id: string) =>
  (await sql<{ status: string; updated_at: Date }[]>`select status, updated_at from checkouts where id = ${id}`)[0]!;
const eventTypes = async (id: string) =>
  (await sql<{ event_type: string }[]>`select event_type from events where resource_id = ${id} order by sequence`).map(
    (e) => e.event_type,
  );
/** Puts a checkout in the past, as if its lifetime had run out. */
async function backdate(id: string) {
  await sql`update checkouts set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour',
            updated_at = now() - interval '2 hours' where id = ${id}`;
}

describe('checkout expiry', () => {
  it('reads as expired as soon as expires_at passes, without any write', async () => {
    const c = await create();
    await backdate(c.id);
    const before = await row(c.id);

    const got = await m.call(contract.getCheckout, { params: { checkout_id: c.id } });
    expectStatus(got, 200);
    expect(got.body.data.status).toBe('expired');
    const listed = (await m.ok(contract.listCheckouts, { query: { limit: 100 } })).body.data.find((x) => x.id === c.id);
    expect(listed?.status).toBe('expired');

    const after = await row(c.id);
    expect(after.status).toBe('pending');
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await eventTypes(c.id)).toEqual(['checkout.created']);
  });

  it('the sweep moves it to expired with exactly one checkout.expired event; sweeping again adds none', async () => {
    const c = await create();
    const notDue = await create();
    await backdate(c.id);
    expect(await sweep()).toBeGreaterThanOrEqual(1);

    expect((await row(c.id)).status).toBe('expired');
    expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.expired']);
    const [event] = await sql<{ data: Record<string, unknown>; merchant_id: string }[]>`
      select data, merchant_id from events where resource_id = ${c.id} and event_type = 'checkout.expired'`;
    expect(event!.merchant_id).toBe(m.id);
    expect(event!.data).toMatchObject({
      id: c.id,
      merchant_id: m.id,
      status: 'expired',
      payment_reference: c.payment_reference,
    });
    expect((await m.ok(contract.getCheckout, { params: { checkout_id: c.id } })).body.data.status).toBe('expired');
    expect((await row(notDue.id)).status).toBe('pending');
    expect(await eventTypes(notDue.id)).toEqual(['checkout.created']);

    await sweep();
    expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.expired']);
    expect((await row(c.id)).status).toBe('expired');
  });

  it('creating a checkout queues no job; a job queued by an older version still expires it, once', async () => {
    const c = await create();
    expect(await sql`select id from graphile_worker._private_jobs where key = ${jobKey(c.id)}`).toHaveLength(0);
    // Early (the checkout is not due yet): it stays pending.
    await sql`select graphile_worker.add_job('expire_checkout', ${JSON.stringify({ checkout_id: c.id })}::text::json)`;
    await runWorkerOnce();
    expect((await row(c.id)).status).toBe('pending');
    await backdate(c.id);
    await sql`select graphile_worker.add_job('expire_checkout', ${JSON.stringify({ checkout_id: c.id })}::text::json)`;
    await runWorkerOnce();
    await sweep();
    expect((await row(c.id)).status).toBe('expired');
    expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.expired']);
    expect(
      await sql`select id from graphile_worker._private_jobs where last_error is not null or run_at <= now()`,
    ).toHaveLength(0);
  });

  it.each(['awaiting_payment_initiation', 'failed', 'timeout'])(
    'a %s checkout past expires_at expires too',
    async (status) => {
      const c = await create();
      await sql`update checkouts set status = ${status} where id = ${c.id}`;
      await backdate(c.id);
      expect((await m.ok(contract.getCheckout, { params: { checkout_id: c.id } })).body.data.status).toBe('expired');
      await sweep();
      expect((await row(c.id)).status).toBe('expired');
      expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.expired']);
    },
  );

  it.each(['paid', 'completed', 'processing'])('a %s checkout never expires', async (status) => {
    const c = await create();
    await sql`update checkouts set status = ${status}, paid_at = case when ${status} <> 'processing' then now() end where id = ${c.id}`;
    await backdate(c.id);

    expect((await m.ok(contract.getCheckout, { params: { checkout_id: c.id } })).body.data.status).toBe(status);
    await sweep();

    expect((await row(c.id)).status).toBe(status);
    expect(await eventTypes(c.id)).toEqual(['checkout.created']);
    expect((await m.ok(contract.getCheckout, { params: { checkout_id: c.id } })).body.data.status).toBe(status);
  });

  it('a cancelled checkout never expires', async () => {
    const c = await create();
    expect((await m.call(contract.cancelCheckout, { params: { checkout_id: c.id } })).status).toBe(200);
    await backdate(c.id);

    expect((await m.ok(contract.getCheckout, { params: { checkout_id: c.id } })).body.data.status).toBe('cancelled');
    await sweep();

    expect((await row(c.id)).status).toBe('cancelled');
    expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.cancelled']);
  });

  it('a job for a checkout that no longer exists completes without error', async () => {
    await sql`select graphile_worker.add_job('expire_checkout', ${JSON.stringify({ checkout_id: '00000000-0000-4000-8000-000000000000' })}::text::json,
              job_key => 'expire_checkout:ghost')`;
    await runWorkerOnce();
    const left =
      await sql`select attempts, last_error from graphile_worker._private_jobs where key = 'expire_checkout:ghost'`;
    expect(left, JSON.stringify(left)).toHaveLength(0);
  });

  it('concurrent expiry of the same checkout writes one event', async () => {
    const c = await create();
    await backdate(c.id);
    const { expireCheckout } = await import('../../lib/checkout/expire-checkouts');
    const results = await Promise.all(Array.from({ length: 5 }, () => expireCheckout(getDb(), c.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await eventTypes(c.id)).toEqual(['checkout.created', 'checkout.expired']);
  });
});
