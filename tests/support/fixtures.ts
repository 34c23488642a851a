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

/** The shared error shape of DESIGN §5. */
export function expectErrorShape(body: any, code?: string) {
  if (body?.status !== 'error' || typeof body.message !== 'string' || !Array.isArray(body.error?.fields)) {
    throw new Error(`not the shared error shape: ${JSON.stringify(body)}`);
  }
  if (typeof body.request_id !== 'string') throw new Error('error body lacks request_id');
  if (code && body.error.code !== code) throw new Error(`expected error code ${code}, got ${body.error.code}`);
}
