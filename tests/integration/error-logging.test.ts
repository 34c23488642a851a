import fs from 'node:fs';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getDb } from '../../lib/platform/db/client';
import { errorResponse } from '../../lib/platform/http/endpoint';
import { describeError } from '../../lib/platform/log';
import { newMerchant } from '../support/fixtures';

/**
 * A failed query is logged with PostgreSQL's own account of it (message, code, table, column,
 * constraint) and never with its parameters, which carry account numbers, emails and key hashes.
 */
const ACCOUNT_NUMBER = '4000123456789010';
const EMAIL = 'private.person@example.com';

let merchantId: string;
beforeAll(async () => {
  merchantId = (await newMerchant()).id;
});

/** A real failure from drizzle and postgres.js: a unique violation on a row full of private values. */
async function failedInsert(): Promise<unknown> {
  const keyHash = crypto.randomBytes(32).toString('hex');
  const insert = () =>
    getDb()
      .execute(sql`insert into api_keys (merchant_id, tenant_id, key_name, key_hash, key_prefix, permissions, created_by, api_key_metadata)
      values (${merchantId}, (select id from tenants where merchant_id = ${merchantId}), ${EMAIL}, ${keyHash}, ${'sk_test_XXXX'}, ${'{read}'}, ${merchantId}, ${JSON.stringify({ account: ACCOUNT_NUMBER })}::jsonb)`);
  await insert();
  return insert().then(
    () => {
      throw new Error('the second insert should fail');
    },
    (error: unknown) => Object.assign(error as object, { keyHash }),
  );
}

describe('describeError', () => {
  it("gives PostgreSQL's message, code, table and constraint, and none of the parameters", async () => {
    const error = (await failedInsert()) as Error & { keyHash: string };
    const described = describeError(error);
    expect(described).toMatchObject({
      error: expect.stringMatching(
        /^database query failed: duplicate key value violates unique constraint "api_keys_keyHash_unique"$/,
      ),
      db_code: '23505',
      db_table: 'api_keys',
      db_constraint: 'api_keys_keyHash_unique',
      query: expect.stringContaining('insert into api_keys'),
    });
    const text = JSON.stringify(described);
    for (const secret of [ACCOUNT_NUMBER, EMAIL, error.keyHash, merchantId]) expect(text).not.toContain(secret);
    expect(described.stack).toMatch(/^Error: database query failed\n\s+at /);
  });

  it('an unhandled query error is logged that way under the request id', async () => {
    const error = await failedInsert();
    const requestId = `log-check-${crypto.randomUUID()}`;
    const response = errorResponse(error, requestId);
    expect(response.status).toBe(500);
    const line = fs
      .readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .find((l) => l.includes(requestId));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: 'error',
      msg: 'unhandled error',
      db_code: '23505',
      db_constraint: 'api_keys_keyHash_unique',
    });
    expect(line).not.toContain(ACCOUNT_NUMBER);
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('params');
  });

  it('describes plain errors and thrown non-errors as before', () => {
    expect(describeError(new TypeError('boom'))).toMatchObject({
      error: 'boom',
      stack: expect.stringMatching(/^TypeError: boom\n/),
    });
    expect(describeError('text')).toEqual({ error: 'text' });
  });
});
