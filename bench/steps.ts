/**
 * `npm run bench:steps`: what each step of a merchant request costs, in this process (no HTTP, no
 * next): the request wrapper's steps and the domain verb, each timed over many calls on a throwaway
 * database, as mean microseconds per call. The table in bench/README.md ("Where a request's time
 * goes") comes from here; `npm run bench` measures the same requests through next under load.
 *   BENCH_STEP_CALLS=2000  calls per step
 */
import { startBenchDatabase } from './lib/database';
import { getDb } from '../lib/platform/db/client';
import { authenticateMerchant, forgetCachedKeys } from '../lib/access/merchant-auth';
import { limitApiKey } from '../lib/access/rate-limit/api-key-limit';
import { parseInput } from '../lib/platform/http/endpoint';
import { json, successBody } from '../lib/platform/http/envelope';
import { requestIdOf } from '../lib/platform/http/request-id';
import * as contract from '../lib/checkout/contract';
import { getCheckout } from '../lib/checkout/read-checkouts';
import { createCheckout } from '../lib/checkout/create-checkout';
import { createCheckoutInput } from '../lib/checkout/input';
import { signCheckoutToken } from '../lib/checkout/token';

process.env.API_KEY_RATE_LIMIT_PER_MINUTE = '100000000'; // on, but out of reach, as in `npm run bench`
const CALLS = Math.max(100, Number(process.env.BENCH_STEP_CALLS ?? 2000) || 2000);

async function time(name: string, run: (i: number) => Promise<unknown> | unknown, calls = CALLS) {
  for (let i = 0; i < Math.min(200, calls); i++) await run(i); // warm-up: JIT, prepared statements
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await run(i);
  const us = Number(process.hrtime.bigint() - started) / 1000 / calls;
  console.log(`  ${name.padEnd(58)} ${us.toFixed(1).padStart(8)} µs`);
  return us;
}

async function main() {
  const database = await startBenchDatabase();
  try {
    const db = getDb();
    const key = database.merchant.apiKey;
    const headers = { 'x-api-key': key };
    const auth = await authenticateMerchant(db, key);
    const body = { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' as const };
    const created = await createCheckout(
      { db, merchant: auth.merchant, tenant: auth.tenant },
      createCheckoutInput.parse(body),
    );
    const url = `http://127.0.0.1/api/v1/merchants/checkouts/${created.id}`;
    const route = { params: Promise.resolve({ checkout_id: created.id }) };

    console.log(`\nSteps of GET /api/v1/merchants/checkouts/{id} and POST …/checkouts, ${CALLS} calls each:\n`);
    await time('new Request (what next builds for every request)', () => new Request(url, { headers }));
    await time('request id', () => requestIdOf(null));
    await time('authenticate the key (remembered)', () => authenticateMerchant(db, key));
    await time('authenticate the key (read from PostgreSQL)', () => {
      forgetCachedKeys();
      return authenticateMerchant(db, key);
    });
    await time('rate limit (counted in memory)', () => limitApiKey(db, new Request(url), auth.apiKey.id));
    await time('read and validate params, query, body (get)', () =>
      parseInput(contract.getCheckout, new Request(url, { headers }), 'r', route),
    );
    const read = await getCheckout(db, auth.tenant, created.id);
    await time('getCheckout: the row, presented', () => getCheckout(db, auth.tenant, created.id));
    await time('success body + JSON response (get)', () =>
      json(successBody({ data: read, message: 'Checkout retrieved' }), 200),
    );
    await time('read and validate the body (create)', () =>
      parseInput(
        contract.createCheckout,
        new Request('http://127.0.0.1/api/v1/merchants/checkouts', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
        'r',
        { params: Promise.resolve({}) },
      ),
    );
    const input = createCheckoutInput.parse(body);
    await time(
      'createCheckout: transaction, row, event, token',
      () => createCheckout({ db, merchant: auth.merchant, tenant: auth.tenant }, input),
      Math.min(CALLS, 1000),
    );
    const dates = { createdAt: new Date(), expiresAt: new Date(Date.now() + 3600_000) };
    await time('sign a checkout token alone', () =>
      signCheckoutToken({ id: created.id, paymentReference: created.payment_reference, ...dates }),
    );
  } finally {
    await database.stop();
  }
}

await main();
