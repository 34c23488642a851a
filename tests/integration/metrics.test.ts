import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/platform/config';
import { closeDatabase } from '../../lib/platform/db/client';
import { freePort } from '../../lib/platform/db/embedded';
import { caller } from '../support/caller';
import { contract } from '../support/contract';
import { testSql } from '../support/database';
import { minimalCheckout, newMerchant } from '../support/fixtures';

const TOKEN = 'm'.repeat(40);
const scrape = (authorization?: string) =>
  caller().raw('GET', '/api/metrics', { headers: authorization ? { authorization } : {} });

/** One sample's value: `name{labels} value`, labels matched as written (in any order is not needed here). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}` : ''}`) && !l.startsWith('#'));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/metrics', () => {
  const sql = testSql();
  afterEach(() => {
    delete process.env.METRICS_TOKEN;
    resetConfigForTests();
  });

  it('is not there without METRICS_TOKEN: the same 404 as a path no route claims', async () => {
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(404);
    expect((res.body as { error: { code: string } }).error.code).toBe('route_not_found');
    expect(res.text).not.toContain('payments_');
  });

  it('refuses a missing or wrong bearer token, and shows nothing', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfigForTests();
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(res.text).not.toContain('payments_');
    }
  });

  it("counts requests by route pattern, never by a raw path or id, and reads the service's state", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfigForTests();
    const m = await newMerchant();
    const created = await m.ok(contract.createCheckout, { body: minimalCheckout });
    await m.ok(contract.getCheckout, { params: { checkout_id: created.body.data.id } });
    await caller().raw('GET', `/api/no/such/${'x'.repeat(20)}/path`);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = res.text;
    expect(
      sample(
        text,
        'payments_http_requests_total',
        'method="GET",route="/api/v1/merchants/checkouts/[checkout_id]",status="200"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'payments_http_requests_total', 'method="GET",route="/api/[...path]",status="404"'),
    ).toBeGreaterThanOrEqual(1);
    // No id and no unknown path became a label.
    expect(text).not.toContain(created.body.data.id);
    expect(text).not.toContain('xxxxxxxxxx');
    expect(text).toMatch(
      /payments_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/v1\/merchants\/checkouts"\}/,
    );

    for (const name of [
      'payments_unresolved_attempts',
      'payments_payouts_processing',
      'payments_jobs_ready',
      'payments_jobs_running',
      'payments_workers_live',
      'payments_db_pool_size',
      'payments_db_in_flight',
      'payments_db_unreachable',
      'payments_db_outages_total',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'payments_webhook_backlog', 'endpoint_class="healthy"')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'payments_db_unreachable')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows a mobile-money attempt waiting for its outcome, with its age', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    resetConfigForTests();
    const before = sample((await scrape(`Bearer ${TOKEN}`)).text, 'payments_unresolved_attempts') ?? 0;
    const m = await newMerchant();
    const created = await m.ok(contract.createCheckout, { body: minimalCheckout });
    await sql`insert into payment_attempts (checkout_id, merchant_id, tenant_id, method, status, provider, amount, currency_code, created_at)
              select id, merchant_id, tenant_id, 'mobile_money', 'processing', 'sandbox', amount, currency_code, now() - interval '2 hours'
                from checkouts where id = ${created.body.data.id}`;
    const text = (await scrape(`Bearer ${TOKEN}`)).text;
    expect(sample(text, 'payments_unresolved_attempts')).toBe(before + 1);
    expect(sample(text, 'payments_unresolved_attempt_oldest_seconds')).toBeGreaterThanOrEqual(7200);
  });

  it('answers while the database is unreachable: the pool says so, and no state is made up', async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const url = process.env.DATABASE_URL!;
    try {
      process.env.DATABASE_URL = `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`;
      resetConfigForTests();
      await closeDatabase();
      // The first request finds the server gone; the scrape after it must still answer.
      await caller().raw('GET', '/api/health');
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.status).toBe(200);
      expect(sample(res.text, 'payments_state_read_ok')).toBe(0);
      expect(sample(res.text, 'payments_db_unreachable')).toBe(1);
      expect(sample(res.text, 'payments_db_outages_total')).toBeGreaterThanOrEqual(1);
      expect(sample(res.text, 'payments_workers_live')).toBeUndefined();
    } finally {
      process.env.DATABASE_URL = url;
      resetConfigForTests();
      await closeDatabase();
    }
    expect(sample((await scrape(`Bearer ${TOKEN}`)).text, 'payments_state_read_ok')).toBe(1);
  });
});
