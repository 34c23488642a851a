import crypto from 'node:crypto';
import { ChaosClient, GaveUp } from './client';
import type { Receiver } from './receivers';

/**
 * The mixed workload, through the public interface only: merchants (API keys) create checkouts,
 * customers pay them on the hosted page's interface by mobile money or in the sandbox by bank
 * transfer, merchants refund, withdraw and pay out, the operator settles. What each step was asked to
 * do and what it was answered is kept for the checks at the end.
 */
export interface Merchant {
  id: string;
  key: string;
  accountId: string;
  /** Webhook endpoints: id, the receiver, and the path it posts to. */
  endpoints: { id: string; receiver: Receiver; route: string }[];
  paid: string[];
}

export interface Outcomes {
  checkouts: number;
  /** Bank transfers of the exact amount that were answered 2xx: each checkout must be paid. */
  transfersPaid: Set<string>;
  mobileMoneyStarted: number;
  mobileMoneyPaidSeen: number;
  refunds: number;
  /** Withdrawals and payouts answered 2xx, by Idempotency-Key → transaction id. */
  moneyOut: Map<string, string>;
  refused: Map<string, number>;
  gaveUp: string[];
  settlementRuns: number;
}

export function newOutcomes(): Outcomes {
  return {
    checkouts: 0,
    transfersPaid: new Set(),
    mobileMoneyStarted: 0,
    mobileMoneyPaidSeen: 0,
    refunds: 0,
    moneyOut: new Map(),
    refused: new Map(),
    gaveUp: [],
    settlementRuns: 0,
  };
}

const API = '/api/v1/merchants';

export async function onboard(
  client: ChaosClient,
  admin: Record<string, string>,
  index: number,
  receivers: Receiver[],
): Promise<Merchant> {
  const created = await client.call('POST', '/api/admin/v1/merchants', {
    headers: admin,
    body: { name: `Chaos Shop ${index}`, email: `shop${index}@chaos.test`, kyb_status: 'verified' },
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`onboarding: ${JSON.stringify(created.body)}`);
  const key = created.body.data.api_key.secret_key as string;
  const headers = { 'x-api-key': key };
  const account = await client.call('POST', `${API}/payment-accounts`, {
    headers,
    body: {
      currency_code: 'GHS',
      account_type: 'mobile_money',
      phone_number: '0244123456',
      network_provider: 'mtn_momo',
    },
  });
  const merchant: Merchant = {
    id: created.body.data.merchant.id,
    key,
    accountId: account.body.data.id,
    endpoints: [],
    paid: [],
  };
  for (const receiver of receivers) {
    const route = `/m${index}`;
    const webhook = await client.call('POST', `${API}/webhooks`, {
      headers,
      body: { url: `${receiver.url}${route}`, events: ['*'], allow_loopback: true },
    });
    if (webhook.status >= 300) throw new Error(`webhook: ${JSON.stringify(webhook.body)}`);
    receiver.secrets.set(route, webhook.body.data.secret);
    merchant.endpoints.push({ id: webhook.body.data.id, receiver, route });
  }
  return merchant;
}

const amount = (random: () => number, max: number) => Math.round((1 + random() * max) * 100) / 100;

/** One step of one merchant's traffic, chosen at random. */
export async function step(client: ChaosClient, merchant: Merchant, random: () => number, outcomes: Outcomes) {
  const headers = { 'x-api-key': merchant.key };
  const idempotent = () => ({ ...headers, 'idempotency-key': crypto.randomUUID() });
  const refused = (what: string, answer: { status: number; body: any }) => {
    if (answer.status < 400) return false;
    const key = `${what} ${answer.status} ${answer.body?.error?.code ?? ''}`.trim();
    outcomes.refused.set(key, (outcomes.refused.get(key) ?? 0) + 1);
    return true;
  };
  const createCheckout = async () => {
    const answer = await client.call('POST', `${API}/checkouts`, {
      headers: idempotent(),
      body: { customer_email: 'ada@example.com', amount: amount(random, 400), currency_code: 'GHS' },
    });
    if (refused('create checkout', answer)) return null;
    outcomes.checkouts++;
    return answer.body.data as { id: string; payment_reference: string; checkout_url: string };
  };
  const pick = random();
  try {
    if (pick < 0.35) {
      const checkout = await createCheckout();
      if (!checkout) return;
      const scenario = random() < 0.05 ? 'duplicate' : 'exact';
      const paid = await client.call('POST', '/api/sandbox/bank-transfers', {
        body: { payment_reference: checkout.payment_reference, scenario },
      });
      if (refused('bank transfer', paid)) return;
      outcomes.transfersPaid.add(checkout.id);
      merchant.paid.push(checkout.id);
    } else if (pick < 0.6) {
      const checkout = await createCheckout();
      if (!checkout) return;
      const page = { 'x-checkout-token': checkout.checkout_url.split('#token=')[1]! };
      const session = `/api/checkout/v1/sessions/${checkout.payment_reference}`;
      // Ends in 4444: approves at once; otherwise after the sandbox's delay.
      const phone = random() < 0.5 ? '0244124444' : '0244125678';
      const started = await client.call('POST', `${session}/mobile-money`, {
        headers: page,
        body: { network: 'mtn_momo', phone },
        route: 'POST /api/checkout/v1/sessions/{ref}/mobile-money',
      });
      if (refused('mobile money', started)) return;
      outcomes.mobileMoneyStarted++;
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const status = await client.call('GET', `${session}/status`, {
          headers: page,
          route: 'GET /api/checkout/v1/sessions/{ref}/status',
        });
        if (status.body?.data?.status === 'paid' || status.body?.data?.status === 'completed') {
          outcomes.mobileMoneyPaidSeen++;
          merchant.paid.push(checkout.id);
          return;
        }
      }
    } else if (pick < 0.7 && merchant.paid.length) {
      const checkoutId = merchant.paid[Math.floor(random() * merchant.paid.length)]!;
      const answer = await client.call('POST', `${API}/wallet/refunds`, {
        headers: idempotent(),
        body: { checkout_id: checkoutId, amount: 1, reason: 'one item returned' },
      });
      if (!refused('refund', answer)) outcomes.refunds++;
    } else if (pick < 0.8) {
      const key = crypto.randomUUID();
      const answer = await client.call('POST', `${API}/withdrawals`, {
        headers: { ...headers, 'idempotency-key': key },
        body: { amount: amount(random, 20), currency_code: 'GHS', payment_account_id: merchant.accountId },
      });
      if (!refused('withdrawal', answer)) outcomes.moneyOut.set(key, answer.body.data.transaction_id);
    } else if (pick < 0.9) {
      const key = crypto.randomUUID();
      // A number ending in 9999 fails at the rail: the money must come back.
      const mobile = random() < 0.2 ? '0244129999' : '0244127777';
      const answer = await client.call('POST', `${API}/payouts`, {
        headers: { ...headers, 'idempotency-key': key },
        body: {
          amount: amount(random, 10),
          currency_code: 'GHS',
          payout_type: 'mobile_money',
          recipient_details: { recipient_name: 'Kofi Mensah', mobile_number: mobile, network_provider: 'mtn_momo' },
          payout_reason: 'supplier payment',
        },
      });
      if (!refused('payout', answer)) outcomes.moneyOut.set(key, answer.body.data.transaction_id);
    } else {
      await client.call('GET', `${API}/checkouts?limit=20`, { headers });
      await client.call('GET', `${API}/wallet`, { headers });
    }
  } catch (error) {
    if (error instanceof GaveUp) outcomes.gaveUp.push(error.message);
    else throw error;
  }
}

/** The operator's settlement run, as if two days later, so that money becomes available to send out. */
export async function settle(client: ChaosClient, admin: Record<string, string>, outcomes: Outcomes) {
  const asOf = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 19);
  try {
    const answer = await client.call('POST', '/api/admin/v1/settlements/run', {
      headers: admin,
      body: { as_of: asOf, all_merchants: true },
    });
    if (answer.status < 300) outcomes.settlementRuns++;
  } catch (error) {
    if (error instanceof GaveUp) outcomes.gaveUp.push(error.message);
    else throw error;
  }
}
