import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '../../lib/platform/db/client';
import { tenants, type Tenant } from '../../lib/platform/db/schema';
import { type Mode } from '../../lib/platform/vocabulary';
import { caller, type BodyOf, type DataOf } from './caller';
import { contract } from './contract';

export { expectErrorShape, invalidFields } from './caller';

export const adminHeaders = () => ({ authorization: `Bearer ${process.env.ADMIN_API_TOKEN}` });
/** The operator, holding the bearer token. */
export const admin = () => caller(adminHeaders());

export type KybStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** Onboards a merchant through the operator API: its ids, its first (FULL_ACCESS) key, and a caller holding it. */
export async function newMerchant(options: { name?: string; kyb_status?: KybStatus } = {}) {
  const res = await admin().call(contract.createMerchant, {
    body: { name: options.name ?? 'Test Shop', email: 'ops@shop.test', kyb_status: options.kyb_status ?? 'verified' },
  });
  if (!res.ok) throw new Error(`merchant creation failed: ${res.text}`);
  const { merchant, api_key } = res.body.data;
  const headers = { 'x-api-key': api_key.secret_key };
  const tenant = await tenantOf(merchant.id, 'test');
  return { id: merchant.id, tenant, apiKey: api_key.secret_key, keyId: api_key.id, ...caller(headers) };
}
export type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/**
 * The same merchant in live mode: the operator enables it (the merchant must be KYB-verified) and
 * issues a live key ("Live key"). Returns a merchant-shaped caller holding that key.
 */
export async function liveKeyOf(merchant: Merchant): Promise<Merchant> {
  await admin().ok(contract.updateMerchant, { params: { merchant_id: merchant.id }, body: { live_enabled: true } });
  const key = await admin().ok(contract.createMerchantApiKey, {
    params: { merchant_id: merchant.id },
    query: { mode: 'live' },
    body: { name: 'Live key' },
  });
  const headers = { 'x-api-key': key.body.data.secret_key };
  const tenant = await tenantOf(merchant.id, 'live');
  return { id: merchant.id, tenant, apiKey: key.body.data.secret_key, keyId: key.body.data.id, ...caller(headers) };
}

/** A merchant's test or live tenant, as the domain verbs take it (for tests that call verbs directly). */
export async function tenantOf(merchantId: string, mode: Mode): Promise<Tenant> {
  const [row] = await getDb()
    .select({ id: tenants.id, merchantId: tenants.merchantId, mode: tenants.mode })
    .from(tenants)
    .where(and(eq(tenants.merchantId, merchantId), eq(tenants.mode, mode)));
  if (!row) throw new Error(`merchant ${merchantId} has no ${mode} tenant`);
  return row;
}

export const minimalCheckout = {
  customer_email: 'ada@example.com',
  amount: 25.5,
  currency_code: 'GHS',
} satisfies BodyOf<typeof contract.createCheckout>;

/** The credential of a checkout_url: its `#token=` fragment. */
export const tokenOf = (checkoutUrl: string) => checkoutUrl.split('#token=')[1]!;

/**
 * A client acting as a checkout's hosted page: it holds the token of `checkout_url` and comes from its
 * own address (the per-address write limit is then the page's alone).
 */
export function hostedPage(checkout: { payment_reference: string; checkout_url: string }) {
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const headers = { 'x-checkout-token': tokenOf(checkout.checkout_url), 'x-forwarded-for': address };
  const reference = { payment_reference: checkout.payment_reference };
  /** Calls the session's operations without naming the reference again. */
  return { page: caller(headers, reference) };
}

/**
 * A checkout paid by a simulated bank transfer (a verified merchant is paid at once): returns the
 * checkout and its deposit transaction. `scenario: 'duplicate'` also records a flagged second deposit.
 */
export async function paidCheckout(
  merchant: Merchant,
  options: {
    amount?: number;
    currency_code?: BodyOf<typeof contract.createCheckout>['currency_code'];
    scenario?: BodyOf<typeof contract.simulateBankTransfer>['scenario'];
    meta_data?: Record<string, string>;
  } = {},
) {
  const created = await merchant.call(contract.createCheckout, {
    body: {
      ...minimalCheckout,
      amount: options.amount ?? minimalCheckout.amount,
      currency_code: options.currency_code ?? minimalCheckout.currency_code,
      ...(options.meta_data ? { meta_data: options.meta_data } : {}),
    },
  });
  if (!created.ok) throw new Error(`checkout creation failed: ${created.text}`);
  const checkout = created.body.data;
  const paid = await caller().call(contract.simulateBankTransfer, {
    body: { payment_reference: checkout.payment_reference, scenario: options.scenario ?? 'exact' },
  });
  if (!paid.ok) throw new Error(`simulated transfer failed: ${paid.text}`);
  const deposits = await merchant.ok(contract.listCustomerTransactions, {
    query: { transaction_type: 'deposit', size: 100 },
  });
  const deposit = deposits.body.data.find((t) => t.checkout_session_id === checkout.id && !t.is_duplicate);
  if (!deposit) throw new Error(`no deposit for checkout ${checkout.id}: ${deposits.text}`);
  return { checkout, deposit };
}

/** Runs settlement as of a moment far enough ahead that every deposit so far is due. */
export async function settleEverything(merchantId?: string) {
  const res = await admin().call(contract.runSettlement, {
    body: {
      as_of: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      ...(merchantId ? { merchant_id: merchantId } : { all_merchants: true as const }),
    },
  });
  if (!res.ok) throw new Error(`settlement run failed: ${res.text}`);
  return res.body.data;
}

/** The operator's reconciliation (all merchants, or one) finds the books exact; returns its report. */
export async function expectReconciled(merchantId?: string) {
  const res = await admin().ok(contract.getLedgerReconciliation, {
    query: merchantId ? { merchant_id: merchantId } : {},
  });
  expect(res.body.data, JSON.stringify(res.body.data)).toMatchObject({
    balanced: true,
    unbalanced_entries: [],
    wallet_differences: [],
    negative_balances: [],
  });
  return res.body.data;
}

/** The merchant's wallet in `code`, as the API shows it. */
export async function wallet(merchant: Merchant, code = 'GHS'): Promise<DataOf<typeof contract.getWallet>> {
  return (await merchant.ok(contract.getWallet, { params: { currency_code: code } })).body.data;
}

/** One customer transaction by id, as the API shows it. */
export async function customerTransaction(merchant: Merchant, id: string) {
  return (await merchant.ok(contract.getCustomerTransaction, { params: { transaction_id: id } })).body.data;
}
