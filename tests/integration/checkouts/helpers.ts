import { expect } from 'vitest';
import { minimalCheckout, type Merchant } from '../../support/fixtures';
import { testSql } from '../../support/database';
import { expectErrorShape, expectStatus, type BodyOf } from '../../support/caller';
import { contract } from '../../support/contract';

export const REFERENCE = /^PAY-[0-9A-HJKMNP-TV-Z]{16}$/;

export const PUBLIC_FIELDS = [
  'id',
  'payment_reference',
  'checkout_url',
  'amount',
  'currency_code',
  'status',
  'customer_email',
  'customer_name',
  'customer_phone',
  'customer_phone_editable',
  'description',
  'expires_at',
  'paid_at',
  'created_at',
].sort();

export const FULL_FIELDS = [
  'id',
  'merchant_id',
  'payment_reference',
  'checkout_url',
  'amount',
  'currency_code',
  'status',
  'customer_email',
  'customer_name',
  'customer_phone',
  'customer_phone_editable',
  'description',
  'payment_method',
  'expires_at',
  'paid_at',
  'completed_at',
  'redirect_url',
  'meta_data',
  'approval_status',
  'approved_by_admin_id',
  'approved_at',
  'rejection_reason',
  'admin_notes',
  'created_at',
  'updated_at',
].sort();

/** API timestamps are UTC without an offset. */
export const ms = (timestamp: string) => new Date(`${timestamp}Z`).getTime();

export const sql = testSql();

export async function create(merchant: Merchant, body: BodyOf<typeof contract.createCheckout> = minimalCheckout) {
  const res = await merchant.call(contract.createCheckout, { body });
  if (!res.ok) throw new Error(`checkout creation failed: ${res.status} ${res.text}`);
  return res.body.data;
}

export const statusInDb = async (id: string) =>
  (await sql<{ status: string }[]>`select status from checkouts where id = ${id}`)[0]?.status;
export const eventsOf = (id: string) =>
  sql<{ event_type: string; data: Record<string, unknown>; merchant_id: string; resource_type: string }[]>`
    select event_type, data, merchant_id, resource_type from events where resource_id = ${id} order by sequence`;

/** A 422 naming `field`, and nothing created. */
export async function expect422(merchant: Merchant, body: unknown, field: string) {
  const res = await merchant.send(contract.createCheckout, { body });
  expectStatus(res, 422, `${JSON.stringify(body).slice(0, 200)} → ${res.text.slice(0, 300)}`);
  expectErrorShape(res.body, 'validation_error');
  expect(res.body.error.fields.map((f: { field: string }) => f.field)).toContain(field);
  return res;
}
