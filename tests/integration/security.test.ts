import { beforeAll, describe, expect, it } from 'vitest';
import { allowHeader } from '../../lib/platform/http/methods';
import type { Operation } from '../../lib/platform/http/operation';
import { resetConfigForTests } from '../../lib/platform/config';
import { OPERATIONS } from '../../lib/surfaces/openapi/operations';
import { type LooseRequest } from '../support/caller';
import { adminHeaders } from '../support/fixtures';
import { auditedChange } from '../../lib/access/audited-change';
import { actionOfOperation } from '../../lib/access/policy';
import { testSql } from '../support/database';
import {
  OperationId,
  PUBLIC,
  SANDBOX_ONLY,
  liveSandboxRequest,
  paystackSignature,
  fx,
  Prepared,
  GHOST,
  ORIGIN,
  CASES,
  CALLERS_OWN,
  databaseState,
  send,
  expectRefused,
  readable,
  successOf,
  merchantKey,
  prepareFixtures,
} from '../support/security-cases';

/**
 * One security suite for every operation of the service (`OPERATIONS`, lib/surfaces/openapi/operations.ts),
 * by the credential it takes: a new operation is covered as soon as it is documented, and one without a
 * case below does not compile.
 *
 * - merchant operations (`x-api-key`): no key and a malformed key are 401; a read-only key is 403 on
 *   anything a `read` key may not call (every write, and the FULL_ACCESS-only key management); another
 *   merchant naming the owner's resource in the path gets the 404 of an id that does not exist (or, for
 *   names every merchant has, such as a wallet's currency code, acts on its own resource); every method
 *   a route with an id does not serve is a 405.
 * - operator operations (`Authorization: Bearer`): no bearer, a wrong one and a merchant's key are 401.
 * - hosted-page operations (`X-Checkout-Token`): no token, another checkout's token and a merchant's key
 *   are 401 (lib/collections/hosted-page/authenticate.ts: never a 404, so a token learns nothing).
 * - checkout-button operations (`X-Embed-Token`): no token and a malformed one are 401; the right token
 *   from a page the session does not allow is 403.
 * - public operations are listed as such below; the sandbox's simulations answer 404 outside the sandbox.
 *
 * Every refusal is the shared error shape with its code, and changes nothing in the database. Each
 * operation ends with its owner's identical request succeeding: the refusals were about the credential.
 */

// One busy client per credential: the rate limits are tested elsewhere (rate-limits.test.ts).
for (const name of [
  'API_KEY_RATE_LIMIT_PER_MINUTE',
  'CHECKOUT_WRITE_LIMIT_PER_MINUTE',
  'CHECKOUT_IP_WRITE_LIMIT_PER_MINUTE',
  'EMBED_IP_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_IP_READ_LIMIT_PER_MINUTE',
  'EMBED_CHECKOUT_LIMIT_PER_MINUTE',
  'EMBED_READ_LIMIT_PER_MINUTE',
]) {
  process.env[name] = '100000';
}
resetConfigForTests();

beforeAll(prepareFixtures);

const sql = testSql();
/** How many audit lines an operation's calls have written so far (fixtures made on the way write their own). */
async function auditMark(operationId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from audit_log where details->>'operation' = ${operationId}`;
  return row!.n;
}
/** The audit lines an operation's calls wrote after the first `mark` of them, oldest first. */
const auditLinesSince = (mark: number, operationId: string) =>
  sql<Record<string, unknown>[]>`
    select action, actor_type, merchant_id, api_key_id, details, created_at from audit_log
     where details->>'operation' = ${operationId} order by created_at, id offset ${mark}`;

it('every change through the merchant or operator API is in the policy table (audited, or said why not)', () => {
  const changes = OPERATIONS.filter(
    (op) => op.method !== 'GET' && (op.security === 'apiKey' || op.security === 'adminBearer'),
  );
  const missing = changes.filter((op) => !actionOfOperation(op.operationId)).map((op) => op.operationId);
  expect(missing).toEqual([]);
});

it('knows every operation: each takes a credential this suite checks, or is listed as public', () => {
  const kinds = new Set(OPERATIONS.map((op) => op.security));
  expect([...kinds].sort()).toEqual([
    'adminBearer',
    'apiKey',
    'checkoutToken',
    'embedToken',
    'none',
    'paystackSignature',
  ]);
  expect(
    OPERATIONS.filter((op) => op.security === 'none')
      .map((op) => op.operationId)
      .sort(),
  ).toEqual([...PUBLIC].sort());
  for (const op of OPERATIONS) expect(CASES[op.operationId as OperationId], op.operationId).toBeTypeOf('function');
  for (const id of Object.keys(CALLERS_OWN)) {
    expect(OPERATIONS.find((op) => op.operationId === id)?.params, id).toBeDefined();
  }
});

describe.each(OPERATIONS.map((op) => [`${op.operationId} (${op.method} ${op.path})`, op] as const))('%s', (_, op) => {
  const id = op.operationId as OperationId;
  let prepared: Prepared<Operation>;
  beforeAll(async () => {
    prepared = await (CASES[id] as () => Promise<Prepared<Operation>>)();
  });
  const request = () => prepared.request as LooseRequest;

  switch (op.security) {
    case 'apiKey':
      it('without an API key: 401 missing_api_key', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_api_key');
      });
      it('with a malformed API key: 401 invalid_api_key', async () => {
        await expectRefused(() => send(op, request(), { 'x-api-key': 'sk_test_not-a-key' }), 401, 'invalid_api_key');
      });
      if (readable(op)) {
        it('with a read-only key: answered (it only reads), nothing changes', async () => {
          const before = await databaseState();
          const res = await send(op, request(), fx.readOnly.headers);
          expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
          expect(await databaseState()).toEqual(before);
        });
      } else {
        it('with a read-only key: 403 insufficient_permissions', async () => {
          await expectRefused(() => send(op, request(), fx.readOnly.headers), 403, 'insufficient_permissions');
        });
      }
      if (op.params && CALLERS_OWN[id]) {
        it("another merchant with the owner's value acts on its own resource, never the owner's", async () => {
          const resource = prepared.owned!;
          const before = await resource.snapshot();
          await CALLERS_OWN[id]!(fx.b, resource);
          expect(await resource.snapshot()).toEqual(before);
        });
        it("the owner's own live key with the same value acts on its live resource, never the test one", async () => {
          const resource = prepared.owned!;
          const before = await resource.snapshot();
          await CALLERS_OWN[id]!(fx.aLive, resource);
          expect(await resource.snapshot()).toEqual(before);
        });
      } else if (op.params) {
        it("another merchant's id: 404 not_found, as for an id that does not exist; resource unchanged", async () => {
          const resource = prepared.owned;
          expect(resource, 'a merchant operation with path parameters needs the resource they name').toBeDefined();
          const before = await resource!.snapshot();
          const res = await expectRefused(() => send(op, request(), merchantKey(fx.b)), 404, 'not_found');
          for (const value of Object.values(resource!.params)) expect(res.text).not.toContain(value);

          const ghostParams = Object.fromEntries(Object.keys(resource!.params).map((k) => [k, GHOST]));
          const ghost = await expectRefused(
            () => send(op, { ...request(), params: ghostParams }, merchantKey(fx.b)),
            404,
            'not_found',
          );
          expect([ghost.body.message, ghost.body.error.fields]).toEqual([res.body.message, res.body.error.fields]);

          // The same id in upper case is the same resource to PostgreSQL: still not B's.
          const upperParams = Object.fromEntries(
            Object.entries(resource!.params).map(([k, v]) => [k, v.toUpperCase()]),
          );
          const upper = await send(op, { ...request(), params: upperParams }, merchantKey(fx.b));
          expect([404, 422], upper.text).toContain(upper.status);

          expect(await resource!.snapshot()).toEqual(before);
        });
        it("the owner's own live key on its test resource: 404 not_found; resource unchanged", async () => {
          const before = await prepared.owned!.snapshot();
          await expectRefused(() => send(op, request(), merchantKey(fx.aLive)), 404, 'not_found');
          expect(await prepared.owned!.snapshot()).toEqual(before);
        });
      }
      it("the owner's identical request succeeds, and a change writes its audit line naming the key", async () => {
        const before = await auditMark(op.operationId);
        const res = await send(op, request(), prepared.credential ?? merchantKey(fx.a));
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
        const resource = prepared.owned;
        if (CALLERS_OWN[id]) expect(res.body).toMatchObject({ data: { merchant_id: fx.a.id, id: resource?.ownersId } });
        const audited = auditedChange(op.operationId);
        const lines = await auditLinesSince(before, op.operationId);
        if (!audited) return expect(lines, 'a read or a skipped change writes no line').toEqual([]);
        expect(lines, JSON.stringify(lines)).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          action: audited.action,
          actor_type: 'api_key',
          merchant_id: fx.a.id,
          api_key_id: expect.any(String),
          details: { operation: op.operationId },
        });
      });
      break;

    case 'adminBearer':
      it('without a bearer token: 401 missing_admin_token', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_admin_token');
      });
      it('with a wrong bearer token: 401 invalid_admin_token', async () => {
        await expectRefused(
          () => send(op, request(), { authorization: 'Bearer not-the-operator-token' }),
          401,
          'invalid_admin_token',
        );
      });
      it("with a merchant's API key: 401 missing_admin_token", async () => {
        await expectRefused(() => send(op, request(), merchantKey(fx.a)), 401, 'missing_admin_token');
      });
      it("the operator's identical request succeeds, and a change writes its audit line", async () => {
        const before = await auditMark(op.operationId);
        const res = await send(op, request(), adminHeaders());
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
        const audited = auditedChange(op.operationId);
        const lines = await auditLinesSince(before, op.operationId);
        if (!audited) return expect(lines).toEqual([]);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          action: audited.action,
          actor_type: 'bootstrap_token',
          details: { operation: op.operationId },
        });
      });
      break;

    case 'checkoutToken':
      it('without a checkout token: 401 missing_checkout_token', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'missing_checkout_token');
      });
      it("with another checkout's token: 401 invalid_checkout_token (never a 404)", async () => {
        await expectRefused(
          () => send(op, request(), { 'x-checkout-token': fx.otherCheckoutToken }),
          401,
          'invalid_checkout_token',
        );
      });
      it("with the merchant's API key: 401 missing_checkout_token", async () => {
        await expectRefused(() => send(op, request(), merchantKey(fx.a)), 401, 'missing_checkout_token');
      });
      it("the checkout's own token succeeds", async () => {
        const res = await send(op, request(), prepared.credential!);
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;

    case 'embedToken':
      it('without an embed token: 401 missing_embed_token', async () => {
        await expectRefused(() => send(op, request(), { origin: ORIGIN }), 401, 'missing_embed_token');
      });
      it('with a malformed embed token: 401 invalid_embed_token', async () => {
        await expectRefused(
          () => send(op, request(), { 'x-embed-token': 'pk_embed_nope', origin: ORIGIN }),
          401,
          'invalid_embed_token',
        );
      });
      it('with the right token from a page the session does not allow: 403 origin_not_allowed', async () => {
        const credential = { ...prepared.credential!, origin: 'https://elsewhere.example' };
        await expectRefused(() => send(op, request(), credential), 403, 'origin_not_allowed');
      });
      it("the button's own token, from its page, succeeds", async () => {
        const res = await send(op, request(), prepared.credential!);
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;

    case 'paystackSignature': {
      const raw = () => request().body as string;
      it('without a signature: 401 invalid_signature', async () => {
        await expectRefused(() => send(op, request(), {}), 401, 'invalid_signature');
      });
      it('signed with another key: 401 invalid_signature', async () => {
        const forged = { 'x-paystack-signature': paystackSignature(raw(), 'sk_test_someone-else') };
        await expectRefused(() => send(op, request(), forged), 401, 'invalid_signature');
      });
      it('the body changed after signing: 401 invalid_signature', async () => {
        const altered = { ...request(), body: raw().replace('2550', '2551') };
        await expectRefused(() => send(op, altered, prepared.credential!), 401, 'invalid_signature');
      });
      it("Paystack's own signature: answered", async () => {
        const res = await send(op, request(), prepared.credential!);
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;
    }

    case 'none':
      if (SANDBOX_ONLY.includes(id)) {
        it('for a live checkout: 404 not_found, nothing changes (real money never moves by a simulation)', async () => {
          const live = await liveSandboxRequest(id);
          const before = await live.snapshot();
          await expectRefused(() => send(op, live.request, {}), 404, 'not_found');
          expect(await live.snapshot()).toEqual(before);
        });
      }
      it('answers without any credential', async () => {
        const res = await send(op, request(), {});
        expect(res.status, res.text.slice(0, 400)).toBe(successOf(op));
      });
      break;
  }
});

/** Merchant routes with an id: one per path, with the operations it serves. */
const MERCHANT_ROUTES = [
  ...OPERATIONS.filter((op) => op.security === 'apiKey' && op.params)
    .reduce((routes, op) => routes.set(op.path, [...(routes.get(op.path) ?? []), op]), new Map<string, Operation[]>())
    .entries(),
];

describe.each(MERCHANT_ROUTES)('%s', (_path, ops) => {
  it('every other method answers 405 with Allow, for the owner and for others alike; nothing changes', async () => {
    const methods = ops.map((op) => op.method);
    const first = ops[0]!;
    const prepared = await (CASES[first.operationId as OperationId] as () => Promise<Prepared<Operation>>)();
    const resource = prepared.owned!;
    const before = await resource.snapshot();
    for (const method of (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter((m) => !methods.includes(m))) {
      for (const who of [fx.a, fx.b]) {
        const res = await expectRefused(
          () => send({ ...first, method }, { params: resource.params }, merchantKey(who)),
          405,
          'method_not_allowed',
        );
        expect(res.headers.get('allow')).toBe(allowHeader(methods));
      }
    }
    expect(await resource.snapshot()).toEqual(before);
  });
});
