import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_TYPES,
  HOSTILE_BODIES,
  HOSTILE_STRINGS,
  jsonText,
  mutated,
  validish,
  type SchemaContext,
} from '../support/fuzz-values';
import { resetConfigForTests } from '../../lib/platform/config';
import { caller } from '../support/caller';
import { type RawAnswer } from '../support/api';
import { testSql } from '../support/database';
import { stateFingerprints, type Fingerprint } from '../support/fuzz-state';
import type { Parameter } from '../support/openapi-document';
import {
  BUSY_CLIENT_LIMITS,
  documentOperations,
  operationFixtures,
  servedDocument,
  type DocumentOperation,
  type OperationFixtures,
} from '../support/operation-fixtures';

/**
 * Every operation of the OpenAPI document (GET /api/openapi.json), called with FUZZ_RUNS generated
 * requests each (60 by default: some 4,700 in all; fixed seed, FUZZ_SEED to vary it): bodies, queries
 * and path ids the schemas probably accept, and ones they must refuse — wrong types, missing and extra
 * fields, boundary and huge numbers, long and odd strings (NUL, lone surrogates, right-to-left, emoji),
 * bad UUIDs, malformed and deep JSON, wrong content types, odd path ids, wrong methods, missing
 * credentials. No answer may be a 5xx, and each must be the success envelope or the error shape its
 * operation documents (the API harness holds every response to the document:
 * tests/support/contract-check.ts). A refused request (any 4xx) must change nothing: the database's
 * business state — both merchants' objects, the operator's and the global ones — is fingerprinted right
 * before and right after it, and a difference names the table, the merchant and the rows written
 * (tests/support/fuzz-state.ts). The totals are printed at the end; FUZZ_VERBOSE=1 prints how each
 * operation answered, FUZZ_STATE_FULL=1 hashes every table after every request.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

// The fuzzer is one very busy client: keep every limit out of its way.
for (const name of BUSY_CLIENT_LIMITS) process.env[name] = '100000';
resetConfigForTests();

const document = await servedDocument();
const OPERATIONS = documentOperations(document);
type Operation = DocumentOperation;

let fixtures: OperationFixtures;
const sql = testSql();
let state: Awaited<ReturnType<typeof stateFingerprints>>;
/** The state after the last request: the "before" of the next one. */
let last: Fingerprint;

beforeAll(async () => {
  fixtures = await operationFixtures();
  const m = { id: fixtures.merchantId };
  const victim = { id: fixtures.victimId };
  // The report names the fixtures' merchants and tenants (any other merchant is one the fuzzer created).
  const names = { [m.id]: 'Fuzzed Shop', [victim.id]: 'Operator Target' };
  const tenants = await sql<
    { id: string; merchant_id: string; mode: string }[]
  >`select id, merchant_id, mode from tenants`;
  state = await stateFingerprints(sql, {
    labels: {
      ...names,
      ...Object.fromEntries(tenants.map((t) => [t.id, `${names[t.merchant_id] ?? t.merchant_id} (${t.mode})`])),
    },
    full: Boolean(process.env.FUZZ_STATE_FULL),
  });
  last = await state.take();
});

/** Over the whole file, printed once at the end. */
const totals = { requests: 0, refusedChecked: 0, statuses: new Map<number, number>() };
afterAll(() => {
  const statuses = Object.fromEntries([...totals.statuses].sort(([a], [b]) => a - b));
  console.log(
    `fuzz: ${totals.requests} requests (${OPERATIONS.length} operations × ${RUNS}, seed ${SEED}), ` +
      `${totals.refusedChecked} refused ones checked to change nothing; statuses ${JSON.stringify(statuses)}`,
  );
});

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const ODD_IDS = [
  '.',
  '..',
  'null',
  '0',
  '-1',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  '3F1C9A52-7A8E-4D1B-9F0E-2A6B8C4D1E7F',
  ' ',
  'a b',
  'é',
  '😀',
  '%',
  '/',
  '?',
  '#',
  '\u0000',
  'PAY-0000000000000000',
  'ＧＨＳ',
];
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Header values must be Latin-1 without line breaks; the rest of the hostile strings cannot be sent as headers at all. */
const HEADER_SAFE = HOSTILE_STRINGS.filter((s) => /^[\x20-\x7e]*$/.test(s));

const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

function requests(op: Operation): fc.Arbitrary<FuzzRequest> {
  const { ids } = fixtures;
  const ctx: SchemaContext = {
    components: document.components,
    uuids: Object.values(ids).flat(),
    hints: fixtures.hints,
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathValue = (p: Parameter) =>
    fc.oneof(
      { weight: 6, arbitrary: fixtures.ids[p.name]?.length ? fc.constantFrom(...fixtures.ids[p.name]!) : fc.uuid() },
      { weight: 2, arbitrary: validish(p.schema, ctx).map(String) },
      {
        weight: 2,
        arbitrary: fc.oneof(
          fc.constantFrom(...ODD_IDS),
          fc.constantFrom(...HOSTILE_STRINGS),
          fc.string({ maxLength: 40 }),
        ),
      },
    );
  const queryValue = (p: Parameter) =>
    fc.oneof(
      { weight: 5, arbitrary: validish(p.schema, ctx).map(String) },
      {
        weight: 3,
        arbitrary: fc.constantFrom(...HOSTILE_STRINGS, '99999999999999999999', '1e3', '-5', '0', '1.5', ''),
      },
    );
  const query = fc
    .tuple(
      fc
        .subarray(queryParams)
        .chain((chosen) => fc.tuple(...chosen.map((p) => queryValue(p).map((v) => `${encode(p.name)}=${encode(v)}`)))),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant([] as string[]) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(['limt=1'], ['page=1', 'page=2'], [`${encode('\u0000')}=1`], ['%ZZ=%E0%A4%A']),
        },
      ),
    )
    .map(([given, odd]) => [...given, ...odd]);
  const validBody = op.body ? validish(op.body, ctx) : fc.constant(undefined);
  const body: fc.Arbitrary<string | undefined> = fc.oneof(
    { weight: 4, arbitrary: validBody.map((v) => (v === undefined ? undefined : jsonText(v))) },
    { weight: 5, arbitrary: validBody.chain((v) => mutated(v ?? {})).map(jsonText) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_BODIES) },
  );
  const credentials = fc.oneof(
    { weight: 12, arbitrary: fc.constant(op.security ? fixtures.credentials[op.security]! : {}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {},
        { 'x-api-key': 'sk_test_nope' },
        { authorization: 'Bearer x' },
        fixtures.credentials.apiKey!,
      ),
    },
  );
  const extraHeaders = fc.record(
    {
      'content-type': fc.oneof(
        { weight: 6, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
      'idempotency-key': fc.oneof(
        { weight: 4, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.constantFrom(...HEADER_SAFE.filter(Boolean), 'k'.repeat(300)) },
      ),
      'x-request-id': fc.constantFrom(...HEADER_SAFE.filter(Boolean), 'req-12345678'),
    },
    { requiredKeys: ['content-type'] },
  );
  // A method this path does not serve (another one would act for real: a DELETE would delete the fixture).
  const served = Object.keys(document.paths[op.path]!).map((m) => m.toUpperCase());
  const wrong = WRONG_METHODS.filter((m) => !served.includes(m));
  const method = wrong.length
    ? fc.oneof({ weight: 12, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...wrong) })
    : fc.constant(op.method);
  return fc
    .tuple(method, fc.tuple(...pathParams.map(pathValue)), query, body, credentials, extraHeaders)
    .map(([verb, values, pairs, text, auth, extra]) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encode(values[i]!))));
      if (pairs.length) url += `?${pairs.join('&')}`;
      const noBody = verb === 'GET' || verb === 'DELETE';
      return {
        method: verb,
        url,
        headers: { ...auth, ...extra },
        ...(noBody || text === undefined ? {} : { body: text }),
      };
    });
}

const describeRequest = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 200)} ${r.body === undefined ? '' : JSON.stringify(r.body.slice(0, 300))}`;

function problemOf(op: Operation, res: RawAnswer): string | null {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 300)}`;
  // Whatever came back, looked at field by field.
  const body = res.body as {
    status?: unknown;
    message?: unknown;
    error?: { code?: unknown; fields?: unknown };
    request_id?: unknown;
  } | null;
  // (Every success body is also held to its documented schema by the harness.)
  if (res.status < 400)
    return !op.enveloped || (body?.status === 'success' && typeof body.message === 'string' && 'data' in body)
      ? null
      : `not the success envelope: ${res.text.slice(0, 200)}`;
  const shaped =
    body?.status === 'error' &&
    typeof body.message === 'string' &&
    typeof body.error?.code === 'string' &&
    Array.isArray(body.error?.fields) &&
    typeof body.request_id === 'string';
  return shaped ? null : `not the error shape: ${res.text.slice(0, 200)}`;
}

describe(`fuzzing every operation of the OpenAPI document (${RUNS} requests each, seed ${SEED})`, () => {
  it('covers every documented operation', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(70);
  });

  it.each(OPERATIONS.map((op, index) => [`${op.method} ${op.path}`, op, index] as const))(
    '%s: no 5xx, every answer in its documented shape',
    async (_name, op, index) => {
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const request of fc.sample(requests(op), { seed: SEED + index, numRuns: RUNS })) {
        totals.requests++;
        let res: RawAnswer;
        try {
          res = await caller().raw(request.method, request.url, {
            headers: request.headers,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
        } catch (error) {
          // The harness throws when an answer breaks the OpenAPI document (status, shape or code).
          failures.push(
            `${describeRequest(request)}\n    → ${error instanceof Error ? error.message.slice(0, 400) : String(error)}`,
          );
          // Its status is not known here: the next request's "before" is simply taken afresh.
          last = await state.take();
          continue;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        totals.statuses.set(res.status, (totals.statuses.get(res.status) ?? 0) + 1);
        const problem = problemOf(op, res);
        if (problem) failures.push(`${describeRequest(request)}\n    → ${problem}`);
        // A refused request changes nothing: the state right after it is the state right before it
        // (the state after the previous request; a success may change it).
        const before = last;
        last = await state.take();
        if (res.status >= 400 && res.status < 500) {
          totals.refusedChecked++;
          const changed = await state.changes(before, last);
          if (changed.length)
            failures.push(`${describeRequest(request)}\n    → ${res.status} but changed ${changed.join('; ')}`);
        }
      }
      if (process.env.FUZZ_VERBOSE)
        console.log(`${op.method} ${op.path}: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
      expect(
        failures.slice(0, 5),
        `${failures.length} of ${RUNS} requests failed; answers: ${JSON.stringify(Object.fromEntries(statuses))}`,
      ).toEqual([]);
    },
    120_000,
  );
});
