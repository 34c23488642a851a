import type { WebhookEvent } from '../support/providers/paystack';
import type { LiveProviders } from './live-providers';

/**
 * What happens on the providers' side of the live rails while the chaos run goes on: customers
 * approve or decline prompts on their phones, transfers and disbursements complete or fail, and each
 * outcome's callback or webhook goes to the service, seeded: once, twice (a duplicate), or held back
 * and sent late (after the status query already settled it, or after a restart). Paystack's webhooks
 * are sent again until the service answers 200, as Paystack does; MTN's and M-Pesa's are sent once,
 * as theirs are (a lost one is found by the service's status queries).
 */
export type CallbackPlan = 'once' | 'duplicate' | 'late';

export interface ProviderEvents {
  /** Outcomes the providers reached, by rail and outcome (`mtn collection approved`, …). */
  outcomes: Map<string, number>;
  /** Callbacks and webhooks by plan: duplicates sent, late ones sent. */
  duplicates: number;
  late: number;
  /** Late callbacks sent after the service had asked the provider's status query since the outcome. */
  lateAfterStatusQuery: number;
  /** Paystack webhooks the service did not answer 200, sent again. */
  webhookRetries: number;
}

const PAYSTACK_RETRY_MS = 3_000;
const PAYSTACK_RETRY_FOR_MS = 10 * 60_000;

export function startLiveDriver(providers: LiveProviders, random: () => number) {
  const { mtn, paystack, mpesa } = providers;
  const events: ProviderEvents = {
    outcomes: new Map(),
    duplicates: 0,
    late: 0,
    lateAfterStatusQuery: 0,
    webhookRetries: 0,
  };
  const seen = new Set<string>();
  const background = new Set<Promise<unknown>>();
  /** Held-back callbacks not sent yet: `flushLate` sends them (after the restart at the end). */
  const held = new Map<string, () => Promise<unknown>>();
  let stopped = false;

  const later = (ms: number, work: () => Promise<unknown>) => {
    const run = new Promise((r) => setTimeout(r, ms))
      .then(() => (stopped ? null : work()))
      .catch((error: unknown) => console.error('chaos live driver:', error));
    background.add(run);
    void run.finally(() => background.delete(run));
  };
  const tally = (what: string) => events.outcomes.set(what, (events.outcomes.get(what) ?? 0) + 1);
  const plan = (): CallbackPlan => {
    const pick = random();
    return pick < 0.2 ? 'duplicate' : pick < 0.4 ? 'late' : 'once';
  };
  /** Sends `send` per plan: now, now and again a little later, or only later (held until then). */
  const callback = (key: string, chosen: CallbackPlan, send: () => Promise<unknown>, statusAsked?: () => boolean) => {
    if (chosen === 'late') {
      held.set(key, send);
      later(8_000 + random() * 32_000, async () => {
        if (!held.delete(key)) return;
        events.late++;
        if (statusAsked?.()) events.lateAfterStatusQuery++;
        await send();
      });
      return;
    }
    later(0, send);
    if (chosen === 'duplicate')
      later(500 + random() * 5_000, async () => {
        events.duplicates++;
        await send();
      });
  };

  /** Paystack retries a webhook not answered 200, for hours; here for minutes. */
  const deliverWebhook = async (event: WebhookEvent) => {
    const until = Date.now() + PAYSTACK_RETRY_FOR_MS;
    for (;;) {
      const result = await paystack.deliver(event);
      if (result.status === 200 || stopped || Date.now() > until) return result;
      events.webhookRetries++;
      await new Promise((r) => setTimeout(r, PAYSTACK_RETRY_MS));
    }
  };
  const webhook = (key: string, event: WebhookEvent, statusAsked: () => boolean) =>
    callback(key, plan(), () => deliverWebhook(event), statusAsked);

  /** Whether a status query about `id` reached the provider after its first `from` requests. */
  type Requests = typeof mtn.requests;
  const asked = (requests: Requests, id: string) => {
    const from = requests.length;
    return () =>
      requests.slice(from).some((r) => r.path.endsWith(`/${id}`) || JSON.stringify(r.json ?? {}).includes(`"${id}"`));
  };

  const tick = () => {
    for (const t of mtn.transactions()) {
      const key = `mtn ${t.referenceId}`;
      if (t.status !== 'PENDING' || seen.has(key)) continue;
      seen.add(key);
      const collection = t.product === 'collection';
      const ok = random() < (collection ? 0.85 : 0.9);
      // The customer takes a moment to approve; a payout takes longer to land.
      later(collection ? 500 + random() * 3_000 : 2_000 + random() * 13_000, async () => {
        const product = t.product;
        if (ok) await mtn.approve(t.referenceId, { product, callback: 'withhold' });
        else
          await mtn.decline(t.referenceId, collection ? 'APPROVAL_REJECTED' : 'PAYEE_NOT_FOUND', {
            product,
            callback: 'withhold',
          });
        tally(`mtn ${t.product} ${ok ? 'successful' : 'failed'}`);
        callback(key, plan(), () => mtn.sendCallback(t.referenceId, { product }), asked(mtn.requests, t.referenceId));
      });
    }
    for (const transfer of paystack.state.transfers.values()) {
      const key = `paystack ${transfer.reference}`;
      if (transfer.status !== 'pending' || seen.has(key)) continue;
      seen.add(key);
      const ok = random() < 0.9;
      later(2_000 + random() * 13_000, async () => {
        const sent = ok
          ? await paystack.completeTransfer(transfer.reference, { delivery: 'withhold' })
          : await paystack.failTransfer(transfer.reference, { delivery: 'withhold' });
        tally(`paystack transfer ${ok ? 'success' : 'failed'}`);
        webhook(key, sent.event, asked(paystack.requests, transfer.reference));
      });
    }
    for (const push of mpesa.stkPushes()) {
      const key = `mpesa stk ${push.checkoutRequestId}`;
      if (push.state !== 'processing' || seen.has(key)) continue;
      seen.add(key);
      const ok = random() < 0.85;
      later(500 + random() * 3_000, async () => {
        // 1032: "Request cancelled by user".
        await mpesa.complete(push.checkoutRequestId, ok ? 0 : 1032, { callback: 'withhold' });
        tally(`mpesa stk ${ok ? 'paid' : 'cancelled'}`);
        callback(
          key,
          plan(),
          () => mpesa.sendCallback(push.checkoutRequestId),
          asked(mpesa.requests, push.checkoutRequestId),
        );
      });
    }
    for (const payout of mpesa.payouts()) {
      const key = `mpesa b2c ${payout.originatorConversationId}`;
      if (payout.state !== 'queued' || seen.has(key)) continue;
      seen.add(key);
      const ok = random() < 0.9;
      later(2_000 + random() * 13_000, async () => {
        // 2040: the recipient is not a registered M-Pesa customer.
        await mpesa.completePayout(payout.originatorConversationId, ok ? 0 : 2040, { result: 'withhold' });
        tally(`mpesa b2c ${ok ? 'paid' : 'failed'}`);
        const id = payout.originatorConversationId;
        callback(key, plan(), () => mpesa.sendPayoutResult(id), asked(mpesa.requests, id));
      });
    }
  };
  const timer = setInterval(tick, 250);

  return {
    events,
    /** The customer pays the account the page showed: the exact amount, as a bank transfer. */
    async customerPays(accountNumber: string): Promise<boolean> {
      const charge = [...paystack.state.charges.values()].find((c) => c.accountNumber === accountNumber);
      if (!charge) return false;
      const paid = await paystack.payCharge(charge.reference, { delivery: 'withhold' });
      if (paid.outcome !== 'paid' || !paid.event) return false;
      tally('paystack charge paid');
      webhook(`paystack charge ${charge.reference}`, paid.event, asked(paystack.requests, charge.reference));
      return true;
    },
    /** Sends every held-back callback now (after a restart, late for everything). */
    async flushLate() {
      const sends = [...held.values()];
      held.clear();
      events.late += sends.length;
      await Promise.allSettled(sends.map((send) => send()));
    },
    async stop() {
      clearInterval(timer);
      stopped = true;
      await Promise.allSettled([...background]);
    },
  };
}

export type LiveDriver = ReturnType<typeof startLiveDriver>;
