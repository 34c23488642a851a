import crypto from 'node:crypto';
import { startJsonServer, type JsonServer, type ProviderReply, type ProviderRequest } from './json-server';
import { loadPublishedContract, requestProblems, responseProblems, type Problem } from './paystack/published-contract';
import { paystackRoutes, settleTransfer } from './paystack/routes';
import { errors, transactionData, transferData, transferRejectedData } from './paystack/shapes';
import { emptyState, idSequence, type ChargeRecord, type PaystackState, type TransferRecord } from './paystack/state';
import {
  deliverTo,
  makeEvent,
  webhookRequest,
  type DeliverCallback,
  type DeliveryMode,
  type DeliveryOptions,
  type DeliveryResult,
  type WebhookEvent,
} from './paystack/webhooks';

export type { ChargeRecord, PaystackState, RecipientRecord, TransferRecord } from './paystack/state';
export type { DeliveryMode, DeliveryOptions, DeliveryResult, WebhookEvent, WebhookRequest } from './paystack/webhooks';
export type { Problem } from './paystack/published-contract';
export { sign as signPaystackBody, webhookRequest } from './paystack/webhooks';

/**
 * A Paystack contract server on 127.0.0.1, written from what Paystack publishes
 * (docs/plans/provider-contracts.md section 3): Pay with Transfer charges, transaction verify, transfer
 * recipients, transfers and transfer verify, with Paystack's answers, its 401 for a wrong key and its
 * 400s for missing fields. Every request is checked against Paystack's own OpenAPI document
 * (paystack/published-contract.ts) and refused as Paystack would (400) when it does not conform;
 * every answer is checked too, and a mismatch is recorded in `contract.answered` for tests to assert. Tests drive what customers and banks do (payCharge, completeTransfer, …);
 * each outcome makes the signed webhook Paystack would send, delivered to `webhookUrl` or `deliver`.
 * Faults (5xx, delay, hang, hang_after) come from json-server: `server.inject(fault, { path: PATHS.x })`.
 */
export interface PaystackServerOptions {
  /** Default: a fresh `sk_test_…`. The adapter must be given the same key. */
  secretKey?: string;
  /** Default: any free port. */
  port?: number;
  /** Where webhooks are POSTed. */
  webhookUrl?: string;
  /** Instead of HTTP: called with what a receiver would get. Return a status, or nothing for 200. */
  deliver?: DeliverCallback;
  webhookTimeoutMs?: number;
  /** What verify says while a charge waits: UNDOCUMENTED, so each is testable. Default `ongoing`. */
  pendingVerifyStatus?: 'ongoing' | 'pending' | 'abandoned';
  /** Default NGN and KES (PesaLink). */
  payWithTransferCurrencies?: string[];
  /**
   * The deadline Paystack answers for a requested one. Default: NGN echoes it [PS-SNIP `pwt`]; KES
   * answers 15 minutes later [PS-SNIP `pesalink`]; none requested gives 30 minutes [PS-PWT-SUP].
   */
  accountExpiry?: (requested: Date | null, currency: string) => Date;
  /**
   * How POST /transfer answers a reference it already holds (UNDOCUMENTED): `error` is the bulk
   * endpoint's documented 404 "Duplicate reference(s) found"; `existing` answers the existing transfer.
   */
  duplicateTransferReply?: 'error' | 'existing';
  /** The integration requires an OTP: transfers start as `otp` and wait (never finalised here). */
  transfersNeedOtp?: boolean;
  /** Transfers succeed inside POST /transfer and transfer.success is sent, as test mode's example shows. */
  completeTransfersAtOnce?: boolean;
  /** Per currency, in minor units. Default plenty in NGN, GHS and KES. */
  balances?: Record<string, bigint>;
  /** Account numbers NIBSS cannot resolve: POST /transferrecipient refuses them. */
  unresolvableAccounts?: string[];
}

/** Path patterns for `inject(fault, { path })`. */
export const PAYSTACK_PATHS = {
  charge: /^\/charge$/,
  verifyTransaction: /^\/transaction\/verify\//,
  recipient: /^\/transferrecipient$/,
  transfer: /^\/transfer$/,
  verifyTransfer: /^\/transfer\/verify\//,
} as const;

export type PayOutcome =
  | 'paid'
  /** Wrong amount: refunded, bank.transfer.rejected sent, the charge still waits [PS-PWT-SUP; PS-SNIP]. */
  | 'rejected_wrong_amount'
  /** After the deadline: refunded [PS-PWT-SUP]; no event is documented, so none is sent. */
  | 'refunded_after_expiry'
  /** A second transfer into a paid account: refunded [PS-PWT-SUP]; no event is documented. */
  | 'refunded_already_paid';

export interface Sent {
  event: WebhookEvent;
  /** Null when the event was withheld. */
  delivery: DeliveryResult | null;
}

export interface PaystackServer {
  url: string;
  secretKey: string;
  /** Every HTTP request received, in order (json-server). */
  requests: JsonServer['requests'];
  inject: JsonServer['inject'];
  applied: JsonServer['applied'];
  state: PaystackState;
  /** Every webhook event made, in order, delivered or not. */
  events: WebhookEvent[];
  /**
   * Against Paystack's OpenAPI document: `refused`, requests that did not conform (each got a 400);
   * `answered`, answers of this server that do not conform (a bug here: tests expect none).
   */
  contract: { refused: Problem[]; answered: Problem[] };
  /** Every delivery attempt, in order. */
  deliveries: DeliveryResult[];
  /** Events made with `delivery: 'withhold'` and not delivered since. */
  withheld(): WebhookEvent[];
  /** The customer transfers `amount` (default: the exact amount) into the charge's account. */
  payCharge(
    reference: string,
    options?: { amount?: bigint; delivery?: DeliveryMode; senderName?: string },
  ): Promise<{ outcome: PayOutcome } & Partial<Sent>>;
  /** The deadline passes: verify answers `abandoned`; a later transfer is refunded. */
  expireCharge(reference: string): void;
  /** Verify answers `failed` (no PwT failure event is documented, so none is sent). */
  failCharge(reference: string, gatewayResponse?: string): void;
  completeTransfer(reference: string, options?: { delivery?: DeliveryMode }): Promise<Sent>;
  failTransfer(reference: string, options?: { delivery?: DeliveryMode; gatewayResponse?: string }): Promise<Sent>;
  /** The receiving bank sends it back (after a success, or instead of one); the balance gets it back. */
  reverseTransfer(reference: string, options?: { delivery?: DeliveryMode; gatewayResponse?: string }): Promise<Sent>;
  /** Delivers an event (again): a duplicate, a late one out of order, or a forged or altered one. */
  deliver(event: WebhookEvent, options?: DeliveryOptions): Promise<DeliveryResult>;
  close(): Promise<void>;
}

const THIRTY_MINUTES = 30 * 60_000;

function defaultExpiry(requested: Date | null, currency: string): Date {
  if (!requested) return new Date(Date.now() + THIRTY_MINUTES);
  return currency === 'KES' ? new Date(requested.getTime() + 15 * 60_000) : requested;
}

export async function startPaystack(options: PaystackServerOptions = {}): Promise<PaystackServer> {
  const secretKey = options.secretKey ?? `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const state = emptyState(options.balances ?? { NGN: 100_000_000_00n, GHS: 1_000_000_00n, KES: 10_000_000_00n });
  const events: WebhookEvent[] = [];
  const deliveries: DeliveryResult[] = [];
  const held = new Set<WebhookEvent>();
  const target = {
    webhookUrl: options.webhookUrl,
    deliver: options.deliver,
    timeoutMs: options.webhookTimeoutMs ?? 5_000,
  };
  const background: Promise<unknown>[] = [];

  const deliver = async (event: WebhookEvent, deliveryOptions: DeliveryOptions = {}) => {
    held.delete(event);
    const result = await deliverTo(target, webhookRequest(event, deliveryOptions));
    deliveries.push(result);
    return result;
  };
  const emit = async (name: string, data: Record<string, unknown>, mode: DeliveryMode = 'send'): Promise<Sent> => {
    const event = makeEvent(secretKey, name, data);
    events.push(event);
    if (mode === 'withhold') {
      held.add(event);
      return { event, delivery: null };
    }
    return { event, delivery: await deliver(event) };
  };

  const charge = (reference: string): ChargeRecord => {
    const found = state.charges.get(reference);
    if (!found) throw new Error(`the Paystack contract server has no charge ${reference}`);
    return found;
  };
  const transfer = (reference: string, allowed: TransferRecord['status'][]): TransferRecord => {
    const found = state.transfers.get(reference);
    if (!found) throw new Error(`the Paystack contract server has no transfer ${reference}`);
    if (!allowed.includes(found.status)) throw new Error(`transfer ${reference} is ${found.status}`);
    return found;
  };
  const refundToBalance = (t: TransferRecord) =>
    state.balances.set(t.currency, (state.balances.get(t.currency) ?? 0n) + t.amount);

  loadPublishedContract([
    ['POST', '/charge'],
    ['GET', '/transaction/verify/x'],
    ['POST', '/transferrecipient'],
    ['POST', '/transfer'],
    ['GET', '/transfer/verify/x'],
  ]);
  const contract = { refused: [] as Problem[], answered: [] as Problem[] };
  const routes = paystackRoutes({
    secretKey,
    state,
    ids: {
      transaction: idSequence(3_104_021_987),
      customer: idSequence(138_496_675),
      recipient: idSequence(56_824_902),
      transfer: idSequence(860_703_114),
    },
    pendingVerifyStatus: options.pendingVerifyStatus ?? 'ongoing',
    payWithTransferCurrencies: options.payWithTransferCurrencies ?? ['NGN', 'KES'],
    accountExpiry: options.accountExpiry ?? defaultExpiry,
    duplicateTransferReply: options.duplicateTransferReply ?? 'error',
    transfersNeedOtp: options.transfersNeedOtp ?? false,
    completeTransfersAtOnce: options.completeTransfersAtOnce ?? false,
    unresolvableAccounts: new Set(options.unresolvableAccounts ?? []),
    onTransferCompleted: (t) => void background.push(emit('transfer.success', transferData(t, true))),
  });
  const server = await startJsonServer((request) => checked(request, secretKey, routes, contract), options.port);

  return {
    url: server.url,
    secretKey,
    requests: server.requests,
    inject: server.inject,
    applied: server.applied,
    state,
    events,
    contract,
    deliveries,
    withheld: () => [...held],
    deliver,

    async payCharge(reference, payOptions = {}) {
      const paid = charge(reference);
      const amount = payOptions.amount ?? paid.amount;
      const late = paid.status === 'abandoned' || Date.now() > paid.accountExpiresAt.getTime();
      if (late || paid.status === 'failed') {
        paid.refunds.push({ amount, reason: 'after_expiry' });
        return { outcome: 'refunded_after_expiry' };
      }
      if (paid.status === 'success') {
        paid.refunds.push({ amount, reason: 'already_paid' });
        return { outcome: 'refunded_already_paid' };
      }
      if (amount !== paid.amount) {
        paid.refunds.push({ amount, reason: 'incorrect_amount' });
        const sent = await emit('bank.transfer.rejected', transferRejectedData(paid, amount), payOptions.delivery);
        return { outcome: 'rejected_wrong_amount', ...sent };
      }
      paid.status = 'success';
      paid.paidAt = new Date();
      paid.gatewayResponse = 'Approved';
      const data = transactionData(paid, 'success', payOptions.senderName);
      return { outcome: 'paid', ...(await emit('charge.success', data, payOptions.delivery)) };
    },
    expireCharge(reference) {
      const expired = charge(reference);
      if (expired.status === 'pending_bank_transfer') expired.status = 'abandoned';
    },
    failCharge(reference, gatewayResponse = 'Declined') {
      const failed = charge(reference);
      failed.status = 'failed';
      failed.gatewayResponse = gatewayResponse;
    },
    async completeTransfer(reference, outcome = {}) {
      const done = transfer(reference, ['pending', 'otp']);
      settleTransfer(done, 'success');
      return emit('transfer.success', transferData(done, true), outcome.delivery);
    },
    async failTransfer(reference, outcome = {}) {
      const failed = transfer(reference, ['pending', 'otp']);
      settleTransfer(failed, 'failed', outcome.gatewayResponse ?? 'Could not process transfer');
      refundToBalance(failed);
      return emit('transfer.failed', transferData(failed, true), outcome.delivery);
    },
    async reverseTransfer(reference, outcome = {}) {
      const reversed = transfer(reference, ['pending', 'success']);
      settleTransfer(reversed, 'reversed', outcome.gatewayResponse ?? 'Beneficiary bank unavailable');
      refundToBalance(reversed);
      return emit('transfer.reversed', transferData(reversed, true), outcome.delivery);
    },
    async close() {
      await Promise.allSettled(background);
      await server.close();
    },
  };
}

/**
 * A request Paystack's OpenAPI document refuses gets Paystack's 400 (its `missing_params` shape for a
 * required field, `invalid_params` otherwise [PS-SNIP, shapes.ts `errors`]); a wrong key, bad JSON or
 * an unknown path is left to the routes, which answer them as Paystack does.
 */
function checked(
  request: ProviderRequest,
  secretKey: string,
  routes: (request: ProviderRequest) => ProviderReply,
  contract: { refused: Problem[]; answered: Problem[] },
): ProviderReply {
  const authorization = request.headers.authorization;
  // Paystack authenticates before it validates: a wrong key is the routes' 401 [PS-OAS `Unauthorized`].
  const readable = authorization === `Bearer ${secretKey}` && (!request.raw || request.json !== null);
  const problems = readable
    ? requestProblems({ method: request.method, path: request.path, authorization, json: request.json })
    : [];
  const known = readable && !problems.some((p) => /no such operation/.test(p.message));
  if (known && problems.length > 0) {
    contract.refused.push(...problems);
    const missing = problems.find((p) => p.missing)?.missing;
    // The one missing-field answer Paystack shows for /charge [PS-SNIP `api/charges/create`].
    if (missing === 'email' && request.path === '/charge') return { status: 400, body: errors.emailRequired };
    return { status: 400, body: missing ? errors.missing(missing) : errors.invalid(problems[0]!.message) };
  }
  const reply = routes(request);
  contract.answered.push(...responseProblems(request, reply.status, reply.body));
  return reply;
}
