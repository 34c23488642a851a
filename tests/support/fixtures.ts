import { expect } from 'vitest';
import { client } from './api';

export const adminHeaders = () => ({ authorization: `Bearer ${process.env.ADMIN_API_TOKEN}` });
export const admin = () => client(adminHeaders());

export type KybStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** Onboards a merchant through the operator API and returns a client holding its first key. */
export async function newMerchant(options: { name?: string; kyb_status?: KybStatus } = {}) {
  const res = await admin().post('/api/admin/v1/merchants', {
    name: options.name ?? 'Test Shop',
    email: 'ops@shop.test',
    kyb_status: options.kyb_status ?? 'verified',
  });
  if (res.status !== 200) throw new Error(`merchant creation failed: ${res.text}`);
  const apiKey: string = res.body.data.api_key.secret_key;
  return {
    id: res.body.data.merchant.id as string,
    apiKey,
    keyId: res.body.data.api_key.id as string,
    api: client({ 'x-api-key': apiKey }),
  };
}

export const minimalCheckout = { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS' };

/** The shared error shape (README "Envelope and errors"). */
export function expectErrorShape(body: any, code?: string) {
  if (body?.status !== 'error' || typeof body.message !== 'string' || !Array.isArray(body.error?.fields)) {
    throw new Error(`not the shared error shape: ${JSON.stringify(body)}`);
  }
  if (typeof body.request_id !== 'string') throw new Error('error body lacks request_id');
  if (code && body.error.code !== code) throw new Error(`expected error code ${code}, got ${body.error.code}`);
}

type MerchantClient = Awaited<ReturnType<typeof newMerchant>>;

/** The credential of a checkout_url: its `#token=` fragment. */
export const tokenOf = (checkoutUrl: string) => checkoutUrl.split('#token=')[1]!;

/**
 * A client acting as a checkout's hosted page: it holds the token of `checkout_url` and comes from its
 * own address (the per-address write limit is then the page's alone).
 */
export function hostedPage(checkout: { payment_reference: string; checkout_url: string }) {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return {
    base: `/api/checkout/v1/sessions/${checkout.payment_reference}`,
    page: client({ 'x-checkout-token': tokenOf(checkout.checkout_url), 'x-forwarded-for': address }),
  };
}

/**
 * A checkout paid by a simulated bank transfer (a verified merchant is paid at once): returns the
 * checkout and its deposit transaction. `scenario: 'duplicate'` also records a flagged second deposit.
 */
export async function paidCheckout(
  merchant: MerchantClient,
  options: {
    amount?: number;
    currency_code?: string;
    scenario?: 'exact' | 'over' | 'duplicate';
    meta_data?: Record<string, string>;
  } = {},
) {
  const created = await merchant.api.post('/api/v1/merchants/checkouts', {
    ...minimalCheckout,
    amount: options.amount ?? minimalCheckout.amount,
    currency_code: options.currency_code ?? minimalCheckout.currency_code,
    ...(options.meta_data ? { meta_data: options.meta_data } : {}),
  });
  if (created.status !== 200) throw new Error(`checkout creation failed: ${created.text}`);
  const checkout = created.body.data;
  const paid = await client().post('/api/sandbox/bank-transfers', {
    payment_reference: checkout.payment_reference,
    scenario: options.scenario ?? 'exact',
  });
  if (paid.status !== 200) throw new Error(`simulated transfer failed: ${paid.text}`);
  const deposits = await merchant.api.get(`/api/v1/merchants/customer/transactions?transaction_type=deposit&size=100`);
  const deposit = deposits.body.data.find((t: any) => t.checkout_session_id === checkout.id && !t.is_duplicate);
  if (!deposit) throw new Error(`no deposit for checkout ${checkout.id}: ${deposits.text}`);
  return { checkout, deposit };
}

/** Runs settlement as of a moment far enough ahead that every deposit so far is due. */
export async function settleEverything(merchantId?: string) {
  const res = await admin().post('/api/admin/v1/settlements/run', {
    as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(),
    ...(merchantId ? { merchant_id: merchantId } : {}),
  });
  if (res.status !== 200) throw new Error(`settlement run failed: ${res.text}`);
  return res.body.data;
}

/** The operator's reconciliation (all merchants, or one) finds the books exact; returns its report. */
export async function expectReconciled(merchantId?: string) {
  const res = await admin().get(`/api/admin/v1/ledger/reconciliation${merchantId ? `?merchant_id=${merchantId}` : ''}`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data, JSON.stringify(res.body.data)).toMatchObject({
    balanced: true,
    unbalanced_entries: [],
    wallet_differences: [],
    negative_balances: [],
  });
  return res.body.data as Record<string, any>;
}

/** The merchant's wallet in `code`, as the API shows it. */
export async function wallet(merchant: MerchantClient, code = 'GHS') {
  const res = await merchant.api.get(`/api/v1/merchants/wallet/${code}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any>;
}

/** One customer transaction by id, as the API shows it. */
export async function customerTransaction(merchant: MerchantClient, id: string) {
  const res = await merchant.api.get(`/api/v1/merchants/customer/transactions/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, any>;
}

/** A 422 in the shared shape; the names of the fields it refuses, sorted. */
export function invalidFields(res: { status: number; body: any; text: string }): string[] {
  expect(res.status, res.text).toBe(422);
  expectErrorShape(res.body, 'validation_error');
  return res.body.error.fields.map((f: { field: string }) => f.field).sort();
}
