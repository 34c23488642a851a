import { type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { caller, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;
/** Spec 2.2, in order. */
export const sql = testSql();

/** Spec timestamps carry no zone: they are UTC. */
export const parseTs = (ts: string) => new Date(`${ts}Z`).getTime();

export async function createKey(m: Merchant, body: BodyOf<typeof contract.createApiKey>) {
  const res = await m.call(contract.createApiKey, { body });
  if (!res.ok) throw new Error(`key creation failed: ${res.text}`);
  return { key: res.body.data, api: caller({ 'x-api-key': res.body.data.secret_key }) };
}
