import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { merchants } from '../platform/db/schema';
import { notFound } from '../platform/http/errors';
import { actionOfOperation, POLICY, type ActionName } from './policy';

/**
 * What the API wrappers need to audit an operation: the change it makes (lib/access/policy.ts), and
 * where its target and its merchant are found in a request and its answer. Reads and the operations
 * whose calls are their own record (`apiAudit.skip`) have none.
 */
export function auditedChange(operationId: string): { action: ActionName; recordFirst: boolean } | null {
  const found = actionOfOperation(operationId);
  if (!found || found.policy.apiAudit) return null;
  return { action: found.action, recordFirst: RECORDED_FIRST.has(found.action) };
}

/** Verbs made of many transactions of their own: their line is committed before they start. */
const RECORDED_FIRST = new Set<ActionName>(['settlement.run'] satisfies (keyof typeof POLICY)[]);

const ID_FIELDS = ['id', 'transaction_id', 'conversion_id', 'checkout_id', 'embed_session_id'] as const;

/** The object changed: the path's id (the last one: a delivery within its webhook), else the answer's. */
export function targetOfChange(params: unknown, data: unknown): string | null {
  const fromPath = Object.values((params ?? {}) as Record<string, unknown>).filter((v) => typeof v === 'string');
  if (fromPath.length) return fromPath.at(-1) as string;
  // An onboarding answers the merchant with its wallets and first key: the merchant is what changed.
  for (const record of [nested(data), nested(nested(data).merchant)])
    for (const field of ID_FIELDS) if (typeof record[field] === 'string') return record[field] as string;
  return null;
}

/** The merchant an operator's change concerns: in the path, the body, or the answer; null for none (a run over all). */
export function merchantOfChange(input: { params: unknown; body: unknown }, data: unknown): string | null {
  for (const source of [input.params, input.body, nested(data), nested(nested(data).merchant)]) {
    const id = (source as { merchant_id?: unknown; id?: unknown } | undefined)?.merchant_id;
    if (typeof id === 'string') return id;
  }
  const merchant = nested(nested(data).merchant);
  return typeof merchant.id === 'string' ? merchant.id : null;
}

const nested = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A line recorded before its change names a merchant that exists: an unknown one is the change's own 404. */
export async function assertMerchantExists(db: Db, merchantId: string): Promise<void> {
  const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  if (!found) throw notFound('Merchant');
}
