import crypto from 'node:crypto';
import { afterEach } from 'vitest';
import { createMtnMomo, type MtnMomoSettings } from '../../../../lib/rails/providers/mtn-momo';
import type { CollectionRequest, PayoutProvider } from '../../../../lib/rails/providers/types';
import { startMtnMomo, type MtnMomoServer, type MtnMomoServerOptions } from '../mtn-momo';

/** The adapter pointed at a contract server, and requests with sensible defaults, for the tests. */

/** The host the requests below call back to, registered as the API users' providerCallbackHost. */
export const CALLBACK_HOST = 'callbacks.example.com';

/** Starts contract servers for one test file and closes every one after each test. */
export function mtnMomoServers(): (options?: MtnMomoServerOptions) => Promise<MtnMomoServer> {
  const open: MtnMomoServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startMtnMomo({ callbackHost: CALLBACK_HOST, ...options });
    open.push(server);
    return server;
  };
}

export function adapterFor(server: MtnMomoServer, overrides: Partial<MtnMomoSettings> = {}) {
  return createMtnMomo({ ...server.adapterSettings, timeoutMs: 1_000, ...overrides });
}

export function collectionRequest(
  overrides: Partial<CollectionRequest & { phone: string }> = {},
): CollectionRequest & { phone: string } {
  return {
    attemptId: crypto.randomUUID(),
    amount: 1_050n,
    currency: 'EUR',
    reference: 'PAY-7K2M9Q',
    description: 'Order 1042',
    callbackUrl: `https://${CALLBACK_HOST}/mtn/${crypto.randomUUID()}`,
    phone: '+46733123999',
    ...overrides,
  };
}

export function payoutRequest(
  overrides: Partial<Parameters<PayoutProvider['sendPayout']>[0]> = {},
): Parameters<PayoutProvider['sendPayout']>[0] {
  return {
    payoutId: crypto.randomUUID(),
    amount: 2_500n,
    currency: 'EUR',
    target: { type: 'mobile_money', phone: '+46733123998', network: 'mtn_momo' },
    reason: 'Payout to merchant',
    callbackUrl: `https://${CALLBACK_HOST}/mtn-payout/${crypto.randomUUID()}`,
    ...overrides,
  };
}
