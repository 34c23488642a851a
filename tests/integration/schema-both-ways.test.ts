import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/platform/config';
import { caller } from '../support/caller';
import { jsonText, validish, type SchemaContext } from '../support/fuzz-values';
import type { JsonSchema, Parameter } from '../support/openapi-document';
import {
  BUSY_CLIENT_LIMITS,
  documentOperations,
  operationFixtures,
  servedDocument,
  type DocumentOperation,
  type OperationFixtures,
} from '../support/operation-fixtures';
import { BUSINESS_RULES, breakOne, isBusinessRule, type Refusal } from '../support/schema-checks';

/**
 * The OpenAPI document is exactly as strict as the server, both ways, for every operation that takes
 * a body or a query (the reverse of fuzz-operations.test.ts, which asks only "no 5xx"):
 *  - requests the document calls **valid** (generated from its schemas, each checked by Ajv against
 *    them) are never refused for their shape: no 400, and no 422 except for the business rules the
 *    document names (tests/support/schema-checks.ts lists them, each with the words that name it);
 *  - requests the document calls **invalid** (a valid one with one thing broken — a required field
 *    removed, an unknown one added, a wrong type, a value out of its enum, bounds or pattern, two
 *    variants of a `oneOf` mixed — each checked by Ajv to be invalid) are refused with 422.
 * The providers' callbacks (/api/rails/…) are left out: their signature or token is checked before
 * their body, so a broken body is a 401 there, as it must be.
 * BOTH_WAYS_RUNS requests each way per operation (default 12), fixed seed (BOTH_WAYS_SEED to vary).
 */
const RUNS = Number(process.env.BOTH_WAYS_RUNS ?? 12);
const SEED = Number(process.env.BOTH_WAYS_SEED ?? 20261202);

for (const name of BUSY_CLIENT_LIMITS) process.env[name] = '100000';
resetConfigForTests();

const document = await servedDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compile = (schema: JsonSchema): ValidateFunction => ajv.compile({ ...schema, components: document.components });

/** The operations with something to get wrong: a body or a query. */
const OPERATIONS = documentOperations(document).filter(
  // Providers' callbacks check their signature or token before anything else, as they must.
  (op) => !op.path.startsWith('/api/rails/') && (op.body !== null || op.parameters.some((p) => p.in === 'query')),
);

let fixtures: OperationFixtures;
beforeAll(async () => {
  fixtures = await operationFixtures();
});

const totals = { valid: 0, invalid: 0, skipped: 0, business: new Map<string, number>() };
afterAll(() => {
  console.log(
    `both ways: ${totals.valid} valid and ${totals.invalid} invalid requests over ${OPERATIONS.length} operations ` +
      `(seed ${SEED}); ${totals.skipped} generated values the document refused were not sent; ` +
      `business-rule refusals ${JSON.stringify(Object.fromEntries(totals.business))}`,
  );
});

interface Input {
  query: Record<string, unknown>;
  body: unknown;
}

/** The query as a JSON object schema, so that one validator holds all of it. */
function querySchema(params: Parameter[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

function inputs(op: DocumentOperation, ctx: SchemaContext): fc.Arbitrary<Input> {
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    query: validish(querySchema(query), ctx) as fc.Arbitrary<Record<string, unknown>>,
    body: op.body ? validish(op.body, ctx) : fc.constant(undefined),
  });
}

async function send(op: DocumentOperation, input: Input, values: string[]): Promise<Refusal> {
  let url = op.path;
  for (const [i, p] of op.parameters.filter((p) => p.in === 'path').entries())
    url = url.replace(`{${p.name}}`, encodeURIComponent(values[i]!));
  const pairs = Object.entries(input.query).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  if (pairs.length) url += `?${pairs.join('&')}`;
  const res = await caller().raw(op.method, url, {
    headers: {
      ...(op.security ? fixtures.credentials[op.security] : {}),
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    ...(input.body === undefined ? {} : { body: jsonText(input.body) }),
  });
  const body = res.body as { error?: { code?: string; fields?: { field: string; message: string }[] } } | null;
  return { status: res.status, code: body?.error?.code ?? '', fields: body?.error?.fields ?? [] };
}

const describeInput = (input: Input) => JSON.stringify(input).slice(0, 400);

describe(`the document is as strict as the server, both ways (${RUNS} requests each way per operation)`, () => {
  it('holds every business rule it allows to its own words in the document', () => {
    const text = JSON.stringify(document);
    for (const rule of BUSINESS_RULES) expect(text, `${rule.operation}: ${rule.why}`).toContain(rule.named);
  });

  it.each(OPERATIONS.map((op, index) => [`${op.method} ${op.path}`, op, index] as const))(
    '%s',
    async (_name, op, index) => {
      const ctx: SchemaContext = {
        components: document.components,
        uuids: Object.values(fixtures.ids).flat(),
        hints: fixtures.hints,
      };
      const queryValid = compile(querySchema(op.parameters.filter((p) => p.in === 'query')));
      const bodyValid = op.body ? compile(op.body) : () => true;
      const isValid = (input: Input) => queryValid(input.query) && (input.body === undefined || bodyValid(input.body));
      const pathValues = op.parameters
        .filter((p) => p.in === 'path')
        .map((p) => fixtures.ids[p.name]?.[0] ?? crypto.randomUUID());
      const failures: string[] = [];

      const generated = fc.sample(inputs(op, ctx), { seed: SEED + index, numRuns: RUNS * 4 });
      const valid = generated.filter(isValid).slice(0, RUNS);
      totals.skipped += generated.length - valid.length;
      expect(valid.length, 'too few generated requests were valid by the document').toBeGreaterThan(0);
      // The bases for broken requests: valid ones that reached the operation (not a 404 for an id
      // the generator made up, which would answer before the body is read).
      const reached: Input[] = [];
      for (const input of valid) {
        totals.valid++;
        const answer = await send(op, input, pathValues);
        if (answer.status !== 404) reached.push(input);
        if (answer.status === 400 || answer.status >= 500)
          failures.push(`valid, answered ${answer.status} ${answer.code}: ${describeInput(input)}`);
        if (answer.status !== 422) continue;
        const shape = answer.fields.filter((f) => !isBusinessRule(op.id, f));
        for (const f of answer.fields.filter((f) => isBusinessRule(op.id, f)))
          totals.business.set(`${op.id}.${f.field}`, (totals.business.get(`${op.id}.${f.field}`) ?? 0) + 1);
        if (shape.length || answer.fields.length === 0)
          failures.push(`valid, refused 422 ${JSON.stringify(answer.fields)}: ${describeInput(input)}`);
      }

      const rng = fc.sample(fc.nat(), { seed: SEED + 10_000 + index, numRuns: RUNS * 4 });
      let sent = 0;
      for (const [i, input] of (reached.length ? reached : valid).entries()) {
        for (let attempt = 0; attempt < 4 && sent < RUNS; attempt++) {
          const broken = breakOne(op, input, rng[(i * 4 + attempt) % rng.length]!, document.components.schemas);
          if (!broken || isValid(broken.input)) continue;
          sent++;
          totals.invalid++;
          const answer = await send(op, broken.input, pathValues);
          if (answer.status !== 422)
            failures.push(
              `invalid (${broken.how}), answered ${answer.status} ${answer.code}: ${describeInput(broken.input)}`,
            );
          break;
        }
      }
      expect(failures.slice(0, 6), `${failures.length} disagreements`).toEqual([]);
    },
    120_000,
  );
});
