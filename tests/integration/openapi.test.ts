import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { OperationHandler } from '../../lib/platform/http/endpoint';
import { EVENT_TYPES } from '../../lib/notifications/events/catalog';
import { CONTRACTS, OPERATIONS } from '../../lib/surfaces/openapi/operations';
import { buildOpenApiDocument } from '../../lib/surfaces/openapi/document';
import { newMerchant } from '../support/fixtures';
import { caller, expectStatus } from '../support/caller';
import { contract } from '../support/contract';
import { ROUTE_FILES } from '../support/api';
import { docFiles, repoRoot } from '../support/doc-files';

/**
 * The OpenAPI document is the code's: every route's every method serves a documented operation at
 * the documented path, every documented operation has a route, every event has a payload schema,
 * and the document is valid OpenAPI 3.1. (Every response the integration suite sees is also held
 * to the document: tests/support/contract-check.ts.)
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/**
 * The catch-all that answers 404 for unknown /api paths is not an operation; nor are pages and assets
 * outside /api; nor is the sign-in library's own API under /api/auth (better-auth's endpoints, used
 * by the dashboard's pages, not by merchants' servers); nor is Prometheus's scrape, /api/metrics (text, for operators).
 */
const NOT_OPERATIONS = new Set(['/api/[...path]', '/api/auth/[...all]', '/api/metrics']);

const served = async () => {
  const found: { pattern: string; method: string; handler: OperationHandler & { notAllowed?: boolean } }[] = [];
  for (const route of ROUTE_FILES) {
    const pattern = `/${route.segments.join('/')}`;
    if (!pattern.startsWith('/api/') || NOT_OPERATIONS.has(pattern)) continue;
    const module = (await import(/* @vite-ignore */ route.file)) as Record<
      string,
      OperationHandler & { notAllowed?: boolean }
    >;
    for (const method of METHODS) if (module[method]) found.push({ pattern, method, handler: module[method] });
  }
  return found;
};
const openApiPath = (pattern: string) => pattern.replace(/\[([^\]]+)\]/g, '{$1}');

const docsRoot = repoRoot;

describe('OpenAPI coverage', () => {
  it('documents every method every route file serves, at its path', async () => {
    const undocumented: string[] = [];
    for (const { pattern, method, handler } of await served()) {
      if (handler.notAllowed) continue;
      const op = handler.operation;
      if (!op) undocumented.push(`${method} ${pattern}`);
      else {
        expect(`${op.method} ${op.path}`, op.operationId).toBe(`${method} ${openApiPath(pattern)}`);
        expect(OPERATIONS, `${op.operationId} is not in lib/surfaces/openapi/operations.ts`).toContain(op);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('serves every documented operation', async () => {
    const routes = new Set((await served()).filter((r) => !r.handler.notAllowed).map((r) => r.handler.operation));
    expect(OPERATIONS.filter((op) => !routes.has(op)).map((op) => op.operationId)).toEqual([]);
  });

  it("exports each operation under its operationId (the typed client's method names)", () => {
    for (const contract of CONTRACTS) {
      for (const [name, value] of Object.entries(contract)) {
        if (OPERATIONS.includes(value as never)) expect((value as { operationId: string }).operationId).toBe(name);
      }
    }
  });

  it('serves every API path the docs name, with the method they give it (the docs keep no endpoint list)', () => {
    const segments = (p: string) => p.split('/').filter(Boolean);
    // Served, not documented as operations: Prometheus's scrape (NOT_OPERATIONS above).
    const scrape = { method: 'GET', path: '/api/metrics' };
    const served = (method: string | undefined, docPath: string) =>
      [...OPERATIONS, scrape].some((op) => {
        const want = segments(docPath);
        const have = segments(op.path);
        return (
          (!method || op.method === method) &&
          want.length === have.length &&
          have.every((segment, i) => segment.startsWith('{') || segment === want[i])
        );
      });
    let named = 0;
    const unserved: string[] = [];
    for (const file of docFiles()) {
      const text = fs.readFileSync(file, 'utf8');
      // A path written in full (abbreviations with … and surface prefixes with ** are left alone), with
      // its method when one stands before it (or before the host, on a curl line).
      for (const m of text.matchAll(/(?:\b(GET|POST|PUT|PATCH|DELETE)\s+)?(?:[\w.-]+:\d+)?(\/api\/[^\s`'"),;]*)/g)) {
        const [, method, written] = m;
        const docPath = written!.replace(/[?#].*$/, '').replace(/[.:]+$/, '');
        if (docPath.includes('…') || docPath.includes('*')) continue;
        named += 1;
        if (!served(method, docPath))
          unserved.push(`${path.relative(docsRoot, file)}: ${method ? `${method} ` : ''}${docPath}`);
      }
    }
    expect(named).toBeGreaterThan(30);
    expect(unserved).toEqual([]);
  });

  it('shows examples that its own schemas accept', () => {
    const wrong: string[] = [];
    for (const op of OPERATIONS) {
      if (op.example?.body !== undefined && !op.body?.safeParse(op.example.body).success)
        wrong.push(`${op.operationId} body`);
      if (op.example?.data !== undefined && !op.data.safeParse(op.example.data).success)
        wrong.push(`${op.operationId} data`);
    }
    expect(wrong).toEqual([]);
    expect(OPERATIONS.filter((op) => op.example).length).toBeGreaterThanOrEqual(10);
  });

  it('gives every operation a unique operationId', () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('documents the payload of every event in the catalogue', () => {
    const document = buildOpenApiDocument() as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('says which status a misused Idempotency-Key gets: another body 422, still in flight 409', async () => {
    const document = buildOpenApiDocument() as { components: { responses: Record<string, { description: string }> } };
    const first = {
      'content-type': 'application/json',
      'x-api-key': (await newMerchant()).apiKey,
      'idempotency-key': 'doc-check-1',
    };
    const body = { customer_email: 'ama@example.com', amount: 10, currency_code: 'GHS' };
    expect((await caller().call(contract.createCheckout, { body, headers: first })).status).toBe(200);
    const reused = await caller().call(contract.createCheckout, { body: { ...body, amount: 11 }, headers: first });
    expectStatus(reused, 422);
    expect(reused.body.error.code).toBe('idempotency_key_reused');
    expect(document.components.responses.ApiKeyError422!.description).toMatch(/Idempotency-Key/);
    expect(document.components.responses.ApiKeyError409!.description).not.toMatch(/another body/);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApiDocument());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });
});

describe('GET /api/openapi.json', () => {
  it('serves the generated document, cacheable and readable from any origin', async () => {
    const res = await caller().raw('GET', '/api/openapi.json');
    expectStatus(res, 200);
    // The document itself, not an envelope; the contract check has held it to its schema.
    const document = res.body as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/v1/merchants/checkouts']!.post!.operationId).toBe('createCheckout');
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
