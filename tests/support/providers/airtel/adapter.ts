import crypto from 'node:crypto';
import { afterEach } from 'vitest';
import { createAirtel, type AirtelCountryCode, type AirtelSettings } from '../../../../lib/rails/providers/airtel';
import type { AirtelPaymentRequest } from '../../../../lib/rails/providers/airtel/collections';
import type { AirtelPayoutRequest } from '../../../../lib/rails/providers/airtel/disbursements';
import { startAirtel, type AirtelServer, type AirtelServerOptions } from '../airtel';

/** The adapter pointed at a contract server, and requests with sensible defaults, for the tests. */

/** Starts contract servers for one test file and closes every one after each test. */
export function airtelServers(): (options?: AirtelServerOptions) => Promise<AirtelServer> {
  const open: AirtelServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startAirtel(options);
    open.push(server);
    return server;
  };
}

export function adapterFor(server: AirtelServer, overrides: Partial<AirtelSettings> = {}) {
  const { country, ...rest } = server.adapterSettings;
  const { collections, disbursements } = createAirtel({
    ...rest,
    country: country as AirtelCountryCode,
    timeoutMs: 1_000,
    ...overrides,
  });
  if (!disbursements) throw new Error('the contract server always gives an encrypted PIN');
  return { collections, disbursements };
}

/** A phone number of the server's country, E.164. */
export const phoneOf = (server: AirtelServer, national = '700123123') =>
  `+${{ UG: '256', KE: '254', TZ: '255', ZM: '260', RW: '250' }[server.adapterSettings.country]}${national}`;

export function collectionRequest(
  server: AirtelServer,
  overrides: Partial<AirtelPaymentRequest> = {},
): AirtelPaymentRequest {
  return {
    attemptId: crypto.randomUUID(),
    // 5 000 UGX (no minor unit) or 50.00 KES.
    amount: 5_000n,
    currency: server.adapterSettings.currency,
    reference: 'PAY-7K2M9Q',
    description: 'Order 1042',
    callbackUrl: `https://callbacks.example.com/airtel/${crypto.randomUUID()}`,
    phone: phoneOf(server),
    ...overrides,
  };
}

export function payoutRequest(server: AirtelServer, overrides: Partial<AirtelPayoutRequest> = {}): AirtelPayoutRequest {
  return {
    payoutId: crypto.randomUUID(),
    amount: 20_000n,
    currency: server.adapterSettings.currency,
    target: { type: 'mobile_money', phone: phoneOf(server, '750160185'), network: 'airtel_money' },
    reason: 'Payout to merchant',
    callbackUrl: `https://callbacks.example.com/airtel-payout/${crypto.randomUUID()}`,
    ...overrides,
  };
}
