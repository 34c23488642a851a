import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createPaystack, type Paystack } from '../../../../lib/rails/providers/paystack';
import type { PayoutTarget } from '../../../../lib/rails/providers/types';
import type { CurrencyCode } from '../../../../lib/platform/money/currencies';
import { startPaystack, type PaystackServer, type PaystackServerOptions, type WebhookRequest } from '../paystack';

/** Requests and a started server + adapter pair for the Paystack tests. */
export interface PaystackRig {
  server: PaystackServer;
  paystack: Paystack;
  /** Webhooks as a receiver got them (the `deliver` option). */
  received: WebhookRequest[];
}

/**
 * Checked against Paystack's own OpenAPI document: nothing sent was refused, nothing answered differs.
 * A refusal here is a request Paystack would refuse; an answer here is a bug in the contract server.
 */
export function expectPublishedContractKept(server: PaystackServer) {
  expect(server.contract.refused, 'requests Paystack’s OpenAPI document refuses').toEqual([]);
  expect(server.contract.answered, 'answers unlike Paystack’s OpenAPI document').toEqual([]);
}

/** Short, so a time-out costs little; long enough that a loaded machine still answers a healthy call in time. */
export const TEST_TIMEOUT_MS = 300;

export async function startRig(options: PaystackServerOptions = {}): Promise<PaystackRig> {
  const received: WebhookRequest[] = [];
  const server = await startPaystack({ deliver: (request) => void received.push(request), ...options });
  const paystack = createPaystack({ secretKey: server.secretKey, baseUrl: server.url, timeoutMs: TEST_TIMEOUT_MS });
  return { server, paystack, received };
}

export function transferAccountRequest(
  overrides: Partial<{ amount: bigint; currency: CurrencyCode; customerEmail: string; expiresAt: Date }> = {},
) {
  return {
    attemptId: crypto.randomUUID(),
    amount: 2_500_000n,
    currency: 'NGN' as CurrencyCode,
    reference: `PAY-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
    description: 'Order 1042',
    callbackUrl: 'https://merchant.example/rails/paystack',
    customerEmail: 'ada@example.com',
    expiresAt: new Date(Date.now() + 20 * 60_000),
    ...overrides,
  };
}

export const NGN_BANK: PayoutTarget = {
  type: 'bank_transfer',
  accountNumber: '0001234567',
  bankCode: '058',
  accountName: 'John Doe',
};

export function payoutRequest(
  overrides: Partial<{ amount: bigint; currency: CurrencyCode; target: PayoutTarget }> = {},
) {
  return {
    payoutId: crypto.randomUUID(),
    amount: 100_000n,
    currency: 'NGN' as CurrencyCode,
    target: NGN_BANK,
    reason: 'Withdrawal 77',
    callbackUrl: 'https://merchant.example/rails/paystack',
    ...overrides,
  };
}

/** The JSON body of the `index`th request to `path` the server received. */
export function sentBody(server: PaystackServer, path: string, index = 0): unknown {
  return server.requests.filter((r) => r.path === path)[index]?.json;
}
