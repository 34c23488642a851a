import crypto from 'node:crypto';
import { ChaosClient, GaveUp } from './client';
import type { LiveDriver } from './live-driver';
import type { Merchant, Outcomes } from './workload';

/**
 * The live merchant's traffic, through the same public interface as the test merchants': its live key
 * creates checkouts that customers pay on the hosted page's interface by MTN MoMo (GHS), M-Pesa (KES)
 * or a Paystack bank transfer (NGN), and it sends payouts and withdrawals that go out through MTN,
 * Paystack and M-Pesa. The merchant is switched to live the way an operator does it (the admin API).
 */
export interface LiveOutcomes {
  /** Payments started and seen paid on the page, by rail. */
  started: Map<string, number>;
  paidSeen: Map<string, number>;
  /** Payouts and withdrawals accepted, by rail. */
  moneyOut: Map<string, number>;
}

export const newLiveOutcomes = (): LiveOutcomes => ({ started: new Map(), paidSeen: new Map(), moneyOut: new Map() });

const API = '/api/v1/merchants';
const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const digits = (random: () => number, n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

/** Operator steps: live mode on (KYB is verified at creation), then the merchant's first live key. */
export async function goLive(client: ChaosClient, admin: Record<string, string>, merchant: Merchant) {
  const enabled = await client.call('PATCH', `/api/admin/v1/merchants/${merchant.id}`, {
    headers: admin,
    body: { live_enabled: true },
    route: 'PATCH /api/admin/v1/merchants/{id}',
  });
  if (enabled.status >= 300) throw new Error(`live_enabled: ${JSON.stringify(enabled.body)}`);
  const key = await client.call('POST', `/api/admin/v1/merchants/${merchant.id}/api-keys?mode=live`, {
    headers: admin,
    body: { name: 'Live key' },
    route: 'POST /api/admin/v1/merchants/{id}/api-keys',
  });
  if (key.status >= 300) throw new Error(`live key: ${JSON.stringify(key.body)}`);
  return { ...merchant, key: key.body.data.secret_key as string, paid: [] } satisfies Merchant;
}

const money = (random: () => number, min: number, max: number, whole = false) => {
  const value = min + random() * (max - min);
  return whole ? Math.round(value) : Math.round(value * 100) / 100;
};

/** One step of the live merchant's traffic, chosen at random. */
export async function liveStep(
  client: ChaosClient,
  merchant: Merchant,
  driver: LiveDriver,
  random: () => number,
  outcomes: Outcomes,
  live: LiveOutcomes,
) {
  const headers = { 'x-api-key': merchant.key };
  const refused = (what: string, answer: { status: number; body: any }) => {
    if (answer.status < 400) return false;
    const key = `live ${what} ${answer.status} ${answer.body?.error?.code ?? ''}`.trim();
    outcomes.refused.set(key, (outcomes.refused.get(key) ?? 0) + 1);
    return true;
  };
  const checkout = async (currency: string, amount: number) => {
    const answer = await client.call('POST', `${API}/checkouts`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      body: { customer_email: 'ada@example.com', amount, currency_code: currency },
    });
    if (refused('create checkout', answer)) return null;
    outcomes.checkouts++;
    const data = answer.body.data as { id: string; payment_reference: string; checkout_url: string };
    const page = { 'x-checkout-token': data.checkout_url.split('#token=')[1]! };
    return { ...data, page, session: `/api/checkout/v1/sessions/${data.payment_reference}` };
  };
  type Opened = NonNullable<Awaited<ReturnType<typeof checkout>>>;
  const watch = async (rail: string, opened: Opened, seconds: number) => {
    for (let i = 0; i < seconds * 2; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const status = await client.call('GET', `${opened.session}/status`, {
        headers: opened.page,
        route: 'GET /api/checkout/v1/sessions/{ref}/status',
      });
      if (status.body?.data?.status === 'paid' || status.body?.data?.status === 'completed') {
        bump(live.paidSeen, rail);
        merchant.paid.push(opened.id);
        return;
      }
    }
  };
  const prompt = async (rail: string, currency: string, amount: number, network: string, phone: string) => {
    const opened = await checkout(currency, amount);
    if (!opened) return;
    const started = await client.call('POST', `${opened.session}/mobile-money`, {
      headers: opened.page,
      body: { network, phone },
      route: 'POST /api/checkout/v1/sessions/{ref}/mobile-money',
    });
    if (refused(`${rail} prompt`, started)) return;
    bump(live.started, rail);
    await watch(rail, opened, 10);
  };
  const sendOut = async (rail: string, path: string, body: Record<string, unknown>) => {
    const key = crypto.randomUUID();
    const answer = await client.call('POST', `${API}/${path}`, {
      headers: { ...headers, 'idempotency-key': key },
      body,
    });
    if (refused(`${rail} ${path}`, answer)) return;
    outcomes.moneyOut.set(key, answer.body.data.transaction_id);
    bump(live.moneyOut, rail);
  };

  const pick = random();
  try {
    if (pick < 0.22) {
      await prompt('mtn_momo', 'GHS', money(random, 20, 400), 'mtn_momo', `024${digits(random, 7)}`);
    } else if (pick < 0.37) {
      await prompt('mpesa', 'KES', money(random, 200, 3_000, true), 'mpesa', `0712${digits(random, 6)}`);
    } else if (pick < 0.57) {
      const opened = await checkout('NGN', money(random, 2_000, 40_000));
      if (!opened) return;
      const chosen = await client.call('POST', `${opened.session}/bank-transfer`, {
        headers: opened.page,
        route: 'POST /api/checkout/v1/sessions/{ref}/bank-transfer',
      });
      if (refused('paystack bank transfer', chosen)) return;
      bump(live.started, 'paystack');
      const account = chosen.body?.data?.latest_attempt?.bank_account?.account_number as string | undefined;
      if (account && (await driver.customerPays(account))) await watch('paystack', opened, 8);
    } else if (pick < 0.72) {
      await sendOut('mtn_momo', 'payouts', {
        amount: money(random, 1, 15),
        currency_code: 'GHS',
        payout_type: 'mobile_money',
        recipient_details: {
          recipient_name: 'Kofi Mensah',
          mobile_number: `024${digits(random, 7)}`,
          network_provider: 'mtn_momo',
        },
        payout_reason: 'supplier payment',
      });
    } else if (pick < 0.86) {
      await sendOut('paystack', 'withdrawals', {
        amount: money(random, 100, 3_000),
        currency_code: 'NGN',
        payout_type: 'bank_transfer',
        recipient_details: {
          recipient_name: 'Ada Obi',
          bank_account_number: `01${digits(random, 8)}`,
          bank_name: 'GTBank',
          account_holder_name: 'Ada Obi',
          bank_routing_number: '058',
        },
      });
    } else if (pick < 0.96) {
      await sendOut('mpesa', 'withdrawals', {
        amount: money(random, 10, 300, true),
        currency_code: 'KES',
        payout_type: 'mobile_money',
        recipient_details: {
          recipient_name: 'Wanjiru Kamau',
          mobile_number: `0712${digits(random, 6)}`,
          network_provider: 'mpesa',
        },
      });
    } else {
      await client.call('GET', `${API}/wallet`, { headers });
    }
  } catch (error) {
    if (error instanceof GaveUp) outcomes.gaveUp.push(error.message);
    else throw error;
  }
}
