import { startMtnMomo, type MtnMomoServer } from '../support/providers/mtn-momo';
import { startMpesa, type MpesaServer } from '../support/providers/mpesa';
import { PAYSTACK_PATHS, startPaystack, type PaystackServer } from '../support/providers/paystack';
import type { Fault as ProviderFault } from '../support/providers/json-server';
import { mpesaAccountVariables, mtnMomoVariables } from '../support/providers/service-variables';

/**
 * The live rails of the chaos run: the providers' contract servers (tests/support/providers/) on
 * 127.0.0.1, and the variables that route live GHS mobile money and payouts to MTN MoMo, NGN bank
 * transfers and bank payouts to Paystack, and KES mobile money and payouts to M-Pesa. Their callbacks
 * and webhooks go to the balancer, the addresses an operator would register. `injectLostAnswer` is the
 * provider fault "it acted, but its answer never reached us": the request takes effect at the provider,
 * then the connection is cut or the answer never comes (our side times out).
 */
export interface LiveProviders {
  mtn: MtnMomoServer;
  paystack: PaystackServer;
  mpesa: MpesaServer;
  /** The web's and the workers' variables for the live routes. */
  env: Record<string, string>;
  /** Lost answers injected, and when each was applied to a request. */
  lostAnswers(): { provider: string; path: string; kind: string; at: number }[];
  injectLostAnswer(random: () => number): void;
  close(): Promise<void>;
}

/** The requests whose answer may be lost: each acts at the provider (a prompt, a payout, an account, a query). */
const LOSABLE = [
  { provider: 'mtn', path: /^\/collection\/v1_0\/requesttopay$/ },
  { provider: 'mtn', path: /^\/disbursement\/v1_0\/transfer$/ },
  { provider: 'mtn', path: /^\/disbursement\/v1_0\/transfer\/[^/]+$/ },
  { provider: 'paystack', path: PAYSTACK_PATHS.transfer },
  { provider: 'paystack', path: PAYSTACK_PATHS.charge },
  { provider: 'paystack', path: PAYSTACK_PATHS.verifyTransaction },
  { provider: 'mpesa', path: /^\/mpesa\/stkpush\/v1\/processrequest$/ },
  { provider: 'mpesa', path: /^\/mpesa\/b2c\/v3\/paymentrequest$/ },
] as const;

export async function startLiveProviders(balancerUrl: string): Promise<LiveProviders> {
  const mtn = await startMtnMomo({
    targetEnvironment: 'mtnghana',
    currency: 'GHS',
    // The balancer's host: MTN refuses a callback address on any other host.
    callbackHost: new URL(balancerUrl).hostname,
    callbackMethod: 'PUT',
  });
  const paystack = await startPaystack({ webhookUrl: `${balancerUrl}/api/rails/paystack/notifications` });
  const mpesa = await startMpesa({ timestampToleranceSeconds: null });
  const env = {
    LIVE_ROUTES: [
      'GHS:mobile_money=mtn_momo',
      'GHS:payout_mobile_money=mtn_momo',
      'NGN:bank_transfer=paystack',
      'NGN:payout_bank_transfer=paystack',
      'KES:mobile_money=mpesa',
      'KES:payout_mobile_money=mpesa',
    ].join(','),
    // A provider that does not answer is given up on (outcome unknown) after this.
    RAIL_TIMEOUT_SECONDS: '3',
    ...mtnMomoVariables(mtn),
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    MPESA_BASE_URL: mpesa.url,
    ...mpesaAccountVariables(),
  };
  const servers = { mtn, paystack, mpesa };
  return {
    ...servers,
    env,
    lostAnswers: () =>
      (['mtn', 'paystack', 'mpesa'] as const).flatMap((provider) =>
        servers[provider].applied.map((a) => ({
          provider,
          path: `${a.method} ${a.path}`,
          kind: a.fault.kind,
          at: a.at,
        })),
      ),
    injectLostAnswer(random) {
      const target = LOSABLE[Math.floor(random() * LOSABLE.length)]!;
      // Cut (a reset the caller sees at once) or silence (the caller's time-out ends it).
      const fault: ProviderFault = { kind: random() < 0.5 ? 'drop_after' : 'hang_after' };
      servers[target.provider].inject(fault, { path: target.path });
    },
    close: async () => {
      await Promise.allSettled([mtn.close(), paystack.close(), mpesa.close()]);
    },
  };
}

/** Payouts sent to a provider and not finished there yet: what a kill at this moment lands in the middle of. */
export function openLivePayouts(providers: LiveProviders): string {
  const mtn = providers.mtn.transactions('disbursement').filter((t) => t.status === 'PENDING').length;
  const paystack = [...providers.paystack.state.transfers.values()].filter((t) => t.status === 'pending').length;
  const mpesa = providers.mpesa.payouts().filter((p) => p.state === 'queued').length;
  return `${mtn + paystack + mpesa} live payouts open (mtn_momo ${mtn}, paystack ${paystack}, mpesa ${mpesa})`;
}
