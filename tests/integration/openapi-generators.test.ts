import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient as heyApiGenerate } from '@hey-api/openapi-ts';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../lib/platform/db/client';
import { checkouts } from '../../lib/platform/db/schema';
import { contract } from '../support/contract';
import { minimalCheckout, newMerchant, type Merchant } from '../support/fixtures';
import { startHttpService } from '../support/http-service';
import { runProgram, type ProgramRun as Run } from '../support/run-program';

/**
 * Third-party generators, given the document the service serves, produce clients a merchant can use:
 * openapi-typescript's types with openapi-fetch, and @hey-api/openapi-ts's fetch SDK. For
 * each, a merchant's flow is compiled with `tsc --strict` and run against this service over real
 * HTTP; a probe file holds, under `// @ts-expect-error`, requests the document forbids (a string
 * limit, an unknown currency or event, a field that can never change, a refund naming both ids), and
 * each must be a type error but those MAY_ACCEPT lists, which the service is shown to refuse.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
// The repo's compiler, strict, on the generated files too (no skipLibCheck).
const TSC_FLAGS = [
  ...['--ignoreConfig', '--strict', '--noEmit', '--skipLibCheck', 'false', '--target', 'es2022'],
  ...['--module', 'esnext', '--moduleResolution', 'bundler', '--types', 'node'],
];

/**
 * Forbidden requests a generator's types may let through, each recorded and sent (the service must
 * answer 422); any other accepted probe fails the test. @hey-api types a `oneOf` as a plain union and
 * drops the `false` fields that rule the other variant's out, so a refund may name both ids there;
 * openapi-typescript types them `?: never` and refuses it.
 */
const MAY_ACCEPT: Record<string, string[]> = {
  'openapi-typescript': [],
  '@hey-api/openapi-ts': ['refund-both-ids'],
};

/** The recorded probes' requests, sent for real: what a generator lets through, the service refuses. */
const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const PROBE_REQUESTS: Record<string, { method: string; path: string; body: unknown }> = {
  'account-type-change': {
    method: 'PUT',
    path: `/api/v1/merchants/payment-accounts/${ZERO_ID}`,
    body: { account_type: 'bank_account' },
  },
  'refund-both-ids': {
    method: 'POST',
    path: '/api/v1/merchants/wallet/refunds',
    body: { transaction_id: ZERO_ID, checkout_id: ZERO_ID, reason: 'r' },
  },
  'refund-no-id': { method: 'POST', path: '/api/v1/merchants/wallet/refunds', body: { reason: 'r' } },
};

const run = runProgram;

// What both flows print: the same variables, named alike in each.
const REPORT = `
console.log(
  JSON.stringify({
    checkout: { id: checkout.id, amount: checkout.amount, currency_code: checkout.currency_code },
    read: read.data.data.id,
    listed: listed.data.data.map((c) => c.id),
    payouts: { count: payoutRows.length, total: pagination.total, page: pagination.page, has_more: pagination.has_more },
    webhook: { events: webhook.data.data.events, whsec: webhook.data.data.secret.startsWith('whsec_') },
    refund: { status: refund.response.status, code: refund.error.error.code },
    invalid: \`\${invalid.error.error.code}: \${invalid.error.error.fields.map((f) => f.field).join(',')}\`,
  }),
);
`;

/** The refund bodies each probe file checks: exactly one of the two ids is allowed. */
const REFUND_PROBES = `
  const one: RefundBody = { transaction_id: id, reason: 'r' };
  // @ts-expect-error probe:refund-both-ids
  const both: RefundBody = { transaction_id: id, checkout_id: id, reason: 'r' };
  // @ts-expect-error probe:refund-no-id
  const neither: RefundBody = { reason: 'r' };
  return [one, both, neither];
`;

interface Generator {
  name: string;
  /** Writes the generated code under `dir` from the document at `document`. */
  generate(document: string, dir: string): Promise<void>;
  flow: string;
  /** Each forbidden request follows an allowed twin, so a probe fails only for the value it changes. */
  probe: string;
}

const GENERATORS: Generator[] = [
  {
    name: 'openapi-typescript',
    async generate(document, dir) {
      const ast = await openapiTS(pathToFileURL(document));
      fs.mkdirSync(path.join(dir, 'openapi-typescript'));
      fs.writeFileSync(path.join(dir, 'openapi-typescript/schema.d.ts'), astToString(ast));
    },
    flow: `import createClient from 'openapi-fetch';
import type { paths } from './openapi-typescript/schema';

type RefundBody = paths['/api/v1/merchants/wallet/refunds']['post']['requestBody']['content']['application/json'];
const api = createClient<paths>({ baseUrl: process.env.PAYMENTS_BASE_URL!, headers: { 'x-api-key': process.env.PAYMENTS_KEY! } });

const created = await api.POST('/api/v1/merchants/checkouts', { body: { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' } });
if (!created.data) throw new Error(\`create: \${JSON.stringify(created.error)}\`);
const checkout = created.data.data;
const read = await api.GET('/api/v1/merchants/checkouts/{checkout_id}', { params: { path: { checkout_id: checkout.id } } });
if (!read.data) throw new Error(\`get: \${JSON.stringify(read.error)}\`);
const listed = await api.GET('/api/v1/merchants/checkouts', { params: { query: { limit: 5 } } });
if (!listed.data) throw new Error(\`list: \${JSON.stringify(listed.error)}\`);
const payouts = await api.GET('/api/v1/merchants/payouts', { params: { query: { page: 1, size: 10 } } });
if (!payouts.data) throw new Error(\`payouts: \${JSON.stringify(payouts.error)}\`);
const { data: payoutRows, pagination } = payouts.data;
const webhook = await api.POST('/api/v1/merchants/webhooks', { body: { url: 'http://127.0.0.1:9/hooks', events: ['checkout.paid'], allow_loopback: true } });
if (!webhook.data) throw new Error(\`webhook: \${JSON.stringify(webhook.error)}\`);
// Exactly one of the ids; the checkout is unpaid, so the service refuses it.
const refundBody: RefundBody = { checkout_id: checkout.id, amount: 5, reason: 'one item returned' };
const refund = await api.POST('/api/v1/merchants/wallet/refunds', { body: refundBody });
if (!refund.error) throw new Error('an unpaid checkout was refunded');
// Well typed, refused: a third decimal in GHS.
const invalid = await api.POST('/api/v1/merchants/checkouts', { body: { customer_email: 'ada@example.com', amount: 25.555, currency_code: 'GHS' } });
if (!invalid.error || invalid.response.status !== 422) throw new Error(\`expected a 422, got \${invalid.response.status}\`);
${REPORT}`,
    probe: `import createClient from 'openapi-fetch';
import type { paths } from './openapi-typescript/schema';

type RefundBody = paths['/api/v1/merchants/wallet/refunds']['post']['requestBody']['content']['application/json'];
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
const id = '00000000-0000-4000-8000-000000000000';

export function probes() {
  void api.GET('/api/v1/merchants/checkouts', { params: { query: { limit: 5 } } });
  // @ts-expect-error probe:limit-string
  void api.GET('/api/v1/merchants/checkouts', { params: { query: { limit: '5' } } });
  void api.POST('/api/v1/merchants/checkouts', { body: { customer_email: 'a@b.co', amount: 1, currency_code: 'GHS' } });
  // @ts-expect-error probe:unknown-currency
  void api.POST('/api/v1/merchants/checkouts', { body: { customer_email: 'a@b.co', amount: 1, currency_code: 'ZZZ' } });
  void api.POST('/api/v1/merchants/webhooks', { body: { url: 'https://a.example/h', events: ['checkout.paid'] } });
  // @ts-expect-error probe:unknown-event
  void api.POST('/api/v1/merchants/webhooks', { body: { url: 'https://a.example/h', events: ['checkout.exploded'] } });
  void api.PUT('/api/v1/merchants/payment-accounts/{account_id}', { params: { path: { account_id: id } }, body: { is_primary: true } });
  // @ts-expect-error probe:account-type-change
  void api.PUT('/api/v1/merchants/payment-accounts/{account_id}', { params: { path: { account_id: id } }, body: { account_type: 'bank_account' } });
${REFUND_PROBES}}
`,
  },
  {
    name: '@hey-api/openapi-ts',
    async generate(document, dir) {
      // It reads the module resolution from a tsconfig: bundler's, as tsc is run below.
      const tsConfigPath = path.join(dir, 'generator.tsconfig.json');
      fs.writeFileSync(
        tsConfigPath,
        JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      );
      await heyApiGenerate({
        input: document,
        output: { path: path.join(dir, 'hey-api'), tsConfigPath },
        plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
        logs: { level: 'silent', file: false },
      });
    },
    flow: `import { createCheckout, createRefund, createWebhook, getCheckout, listCheckouts, listPayouts, type CreateRefundData } from './hey-api/index';
import { client } from './hey-api/client.gen';

type RefundBody = CreateRefundData['body'];
client.setConfig({ baseUrl: process.env.PAYMENTS_BASE_URL!, auth: () => process.env.PAYMENTS_KEY! });

const created = await createCheckout({ body: { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' } });
if (!created.data) throw new Error(\`create: \${JSON.stringify(created.error)}\`);
const checkout = created.data.data;
const read = await getCheckout({ path: { checkout_id: checkout.id } });
if (!read.data) throw new Error(\`get: \${JSON.stringify(read.error)}\`);
const listed = await listCheckouts({ query: { limit: 5 } });
if (!listed.data) throw new Error(\`list: \${JSON.stringify(listed.error)}\`);
const payouts = await listPayouts({ query: { page: 1, size: 10 } });
if (!payouts.data) throw new Error(\`payouts: \${JSON.stringify(payouts.error)}\`);
const { data: payoutRows, pagination } = payouts.data;
const webhook = await createWebhook({ body: { url: 'http://127.0.0.1:9/hooks', events: ['checkout.paid'], allow_loopback: true } });
if (!webhook.data) throw new Error(\`webhook: \${JSON.stringify(webhook.error)}\`);
// Exactly one of the ids; the checkout is unpaid, so the service refuses it.
const refundBody: RefundBody = { checkout_id: checkout.id, amount: 5, reason: 'one item returned' };
const refund = await createRefund({ body: refundBody });
if (!refund.error) throw new Error('an unpaid checkout was refunded');
// Well typed, refused: a third decimal in GHS.
const invalid = await createCheckout({ body: { customer_email: 'ada@example.com', amount: 25.555, currency_code: 'GHS' } });
if (!invalid.error || invalid.response.status !== 422) throw new Error(\`expected a 422, got \${invalid.response.status}\`);
${REPORT}`,
    probe: `import { createCheckout, createWebhook, listCheckouts, updatePaymentAccount, type CreateRefundData } from './hey-api/index';

type RefundBody = CreateRefundData['body'];
const id = '00000000-0000-4000-8000-000000000000';

export function probes() {
  void listCheckouts({ query: { limit: 5 } });
  // @ts-expect-error probe:limit-string
  void listCheckouts({ query: { limit: '5' } });
  void createCheckout({ body: { customer_email: 'a@b.co', amount: 1, currency_code: 'GHS' } });
  // @ts-expect-error probe:unknown-currency
  void createCheckout({ body: { customer_email: 'a@b.co', amount: 1, currency_code: 'ZZZ' } });
  void createWebhook({ body: { url: 'https://a.example/h', events: ['checkout.paid'] } });
  // @ts-expect-error probe:unknown-event
  void createWebhook({ body: { url: 'https://a.example/h', events: ['checkout.exploded'] } });
  void updatePaymentAccount({ path: { account_id: id }, body: { is_primary: true } });
  // @ts-expect-error probe:account-type-change
  void updatePaymentAccount({ path: { account_id: id }, body: { account_type: 'bank_account' } });
${REFUND_PROBES}}
`,
  },
];

const fileOf = (generator: Generator, kind: 'flow' | 'probe') =>
  `${generator.name.replace(/\W+/g, '-').replace(/^-/, '')}-${kind}.ts`;

/** The probes a generator's types let through: those whose `@ts-expect-error` tsc calls unused. */
function acceptedProbes(source: string, file: string, output: string) {
  const labels = new Map<number, string>();
  source.split('\n').forEach((line, i) => {
    const label = /@ts-expect-error probe:(\S+)/.exec(line)?.[1];
    if (label) labels.set(i + 1, label);
  });
  const accepted: string[] = [];
  const unexpected: string[] = [];
  for (const line of output.split('\n').filter((l) => l.includes('error TS'))) {
    const at = new RegExp(`^${file}\\((\\d+),\\d+\\): error TS2578:`).exec(line);
    const label = at ? labels.get(Number(at[1])) : undefined;
    if (label) accepted.push(label);
    else unexpected.push(line);
  }
  return { accepted, unexpected };
}

let closeService: (() => Promise<void>) | undefined;
let base: string;
let workDir: string;
let merchant: Merchant;
const compiled = new Map<string, Run>();

beforeAll(async () => {
  ({ base, close: closeService } = await startHttpService());
  merchant = await newMerchant();
  // More checkouts than a page of 5, so the flows' listings show the limit went out and was read.
  for (let i = 0; i < 6; i++) await merchant.ok(contract.createCheckout, { body: minimalCheckout });

  // The generated code imports openapi-fetch and runs as ES modules: the repo's packages, by a link.
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-generators-'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(workDir, 'package.json'), JSON.stringify({ type: 'module' }));

  // The document as a developer downloads it.
  const served = await fetch(`${base}/api/openapi.json`);
  expect(served.status).toBe(200);
  const document = path.join(workDir, 'openapi.json');
  fs.writeFileSync(document, await served.text());

  for (const generator of GENERATORS) {
    await generator.generate(document, workDir);
    fs.writeFileSync(path.join(workDir, fileOf(generator, 'flow')), generator.flow);
    fs.writeFileSync(path.join(workDir, fileOf(generator, 'probe')), generator.probe);
  }
  // Four compilations of about 5 s each: two at a time, one per core.
  const files = GENERATORS.flatMap((g) => [fileOf(g, 'flow'), fileOf(g, 'probe')]);
  for (let i = 0; i < files.length; i += 2) {
    const pair = files.slice(i, i + 2);
    const runs = await Promise.all(pair.map((file) => run(bin('tsc'), [...TSC_FLAGS, file], { cwd: workDir })));
    pair.forEach((file, j) => compiled.set(file, runs[j]!));
  }
}, 180_000);

afterAll(async () => {
  await closeService?.();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe.each(GENERATORS)('a client generated by $name', (generator) => {
  it("compiles a merchant's flow under tsc --strict", () => {
    const result = compiled.get(fileOf(generator, 'flow'))!;
    expect(result.code, `tsc:\n${result.stdout}${result.stderr}`).toBe(0);
  });

  it('refuses at compile time what the document forbids (and records what it lets through)', async ({ annotate }) => {
    const file = fileOf(generator, 'probe');
    const result = compiled.get(file)!;
    const { accepted, unexpected } = acceptedProbes(generator.probe, file, result.stdout);
    // Every other diagnostic is a probe that fails for another reason than its forbidden value.
    expect(unexpected, result.stdout + result.stderr).toEqual([]);
    console.warn(`[openapi-generators] ${generator.name} accepts forbidden: ${accepted.join(', ') || 'none'}`);
    expect(
      accepted.filter((label) => !MAY_ACCEPT[generator.name]!.includes(label)),
      `${generator.name} types accept`,
    ).toEqual([]);
    for (const label of accepted) {
      const request = PROBE_REQUESTS[label]!;
      const answer = await fetch(`${base}${request.path}`, {
        method: request.method,
        headers: { 'x-api-key': merchant.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      });
      const body = (await answer.json()) as { error: { code: string; fields: { field: string }[] } };
      expect({ label, status: answer.status, code: body.error.code }).toEqual({
        label,
        status: 422,
        code: 'validation_error',
      });
      const fields = body.error.fields.map((f) => f.field).join(', ');
      await annotate(`${generator.name} types accept ${label}; the service answers 422 on ${fields}`, 'warning');
    }
  });

  it('runs the flow against the service; the checkout it made is in the database', async () => {
    const result = await run(bin('tsx'), [fileOf(generator, 'flow')], {
      cwd: workDir,
      env: { PAYMENTS_BASE_URL: base, PAYMENTS_KEY: merchant.apiKey },
    });
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout.trim()) as {
      checkout: { id: string; amount: number; currency_code: string };
      read: string;
      listed: string[];
      payouts: Record<string, unknown>;
      webhook: { events: string[]; whsec: boolean };
      refund: { status: number; code: string };
      invalid: string;
    };
    expect(out.checkout).toMatchObject({ amount: 25.5, currency_code: 'GHS' });
    expect(out.read).toBe(out.checkout.id);
    // limit went out as 5: a page of 5, newest first, this checkout leading.
    expect(out.listed).toHaveLength(5);
    expect(out.listed[0]).toBe(out.checkout.id);
    expect(out.payouts).toEqual({ count: 0, total: 0, page: 1, has_more: false });
    expect(out.webhook).toEqual({ events: ['checkout.paid'], whsec: true });
    expect(out.refund).toEqual({ status: 409, code: 'checkout_not_paid' });
    expect(out.invalid).toBe('validation_error: amount');

    const [row] = await getDb().select().from(checkouts).where(eq(checkouts.id, out.checkout.id));
    expect(row).toMatchObject({
      tenantId: merchant.tenant.id,
      customerEmail: 'ada@example.com',
      currencyCode: 'GHS',
    });
  });
});
