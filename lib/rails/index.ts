import type { Mode } from '../platform/vocabulary';
import type { CurrencyCode } from '../platform/money/currencies';
import { ApiError } from '../platform/http/errors';
import type { Db } from '../platform/db/client';
import { enqueueJob } from '../platform/jobs/queue';
import { sandboxBankTransfer, sandboxPayouts, sandboxPrompts } from './providers/sandbox';
import type { BankTransferRail, PayoutRail, PromptRail } from './providers/types';
import {
  liveBankTransfer,
  liveBankTransferNamed,
  liveMobileMoney,
  liveMobileMoneyNamed,
  liveMobileMoneyRoutes,
  liveRoutesFor,
} from './live';
import { livePayouts, livePayoutsNamed } from './live-payout-rails';

/**
 * The registry: which rail serves a payment or a payout. The sandbox is a provider like the others:
 * test mode routes every currency to the sandbox's rails, live mode to the rail LIVE_ROUTES names for
 * the currency, method and country (and, for mobile money, network: lib/rails/live.ts). Both run one pipeline from here on: a prompt or a
 * payout is written with a job in the verb's transaction, the job calls the rail, and its word is
 * taken from its status query (lib/collections/live/, lib/money-out/live-payouts.ts). Nothing else in
 * the service branches on mode or on a provider's name. A method or payout with no route answers 503
 * `rail_unavailable`.
 */

/** The rail that sends a prompt for a payment in `currency` to a number of `network` in `country`. */
export function promptRailFor(
  mode: Mode,
  currency: CurrencyCode,
  to: { country: string; network: string },
): PromptRail {
  const rail = mode === 'test' ? sandboxPrompts : liveMobileMoney(currency, to.country, to.network);
  if (!rail) throw railUnavailable('mobile money');
  return rail;
}

/** The rail an attempt was sent through (its `provider`), for its job, callbacks and status queries. */
export function promptRailNamed(name: string): PromptRail | null {
  return name === sandboxPrompts.name ? sandboxPrompts : liveMobileMoneyNamed(name);
}

/** The rail that pays out `payoutType` in `currency` (a mobile payout: to that network and number's country). */
export function payoutRailFor(
  mode: Mode,
  currency: CurrencyCode,
  payoutType: 'bank_transfer' | 'mobile_money',
  to: { network: string | null; phone: string | null },
): PayoutRail {
  const rail = mode === 'test' ? sandboxPayouts : livePayouts(currency, payoutType, to);
  if (!rail) throw railUnavailable(`${payoutType.replace('_', ' ')} payouts in ${currency}`);
  return rail;
}

/** The rail a payout was given when it was made (its `provider`); null when not configured now. */
export function payoutRailNamed(name: string): PayoutRail | null {
  return name === sandboxPayouts.name ? sandboxPayouts : livePayoutsNamed(name);
}

/** Queues the prompt: a job calls the rail once the verb's transaction commits, never with rows locked. */
export async function queuePrompt(db: Db, attemptId: string): Promise<void> {
  await enqueueJob(db, 'rail_request_payment', { attempt_id: attemptId }, { jobKey: `rail_request:${attemptId}` });
}

/** Queues a new payout's pick-up (PENDING → PROCESSING) after its rail's cancel window. */
export async function queuePickUp(db: Db, rail: PayoutRail, transactionId: string): Promise<void> {
  await enqueueJob(
    db,
    'pick_up_payout',
    { transaction_id: transactionId },
    {
      runAt: new Date(Date.now() + rail.pickUpAfterSeconds() * 1000),
      jobKey: `pick_up_payout:${transactionId}`,
    },
  );
}

/** Queues the sending of a payout just picked up: a job calls the rail once that commits. */
export async function queueSend(db: Db, transactionId: string): Promise<void> {
  await enqueueJob(
    db,
    'rail_send_payout',
    { transaction_id: transactionId },
    { jobKey: `rail_send_payout:${transactionId}` },
  );
}

/** The rail that opens where a customer pays a checkout in `currency` by bank transfer. */
export function bankTransferRailFor(mode: Mode, currency: CurrencyCode): BankTransferRail {
  const rail = mode === 'test' ? sandboxBankTransfer : liveBankTransfer(currency);
  if (!rail) throw railUnavailable(`bank transfers in ${currency}`);
  return rail;
}

/** The rail a transfer attempt was opened on (its `provider`), for notices and the sweep. */
export function bankTransferRailNamed(name: string): BankTransferRail | null {
  return name === sandboxBankTransfer.name ? sandboxBankTransfer : liveBankTransferNamed(name);
}

/** Every bank-transfer rail in service (the sandbox's, and each configured live one), for the sweep. */
export function bankTransferRails(): BankTransferRail[] {
  const paystack = liveBankTransferNamed('paystack');
  return paystack ? [sandboxBankTransfer, paystack] : [sandboxBankTransfer];
}

/** Where a method is routed: each country and the network its rail serves (null: every network). */
export type RoutedNetworks = { country: string; network: string | null }[];

/**
 * Whether a method is routed in a currency (test mode: always), on a rail that is not down and takes
 * the amount (M-Pesa and Airtel Kenya: whole shillings); where (null: everywhere, the sandbox); and
 * whether the rail confirms the money itself (a live provider, and the sandbox: no operator approval,
 * so test mode never waits for one). The page offers only the networks of the routed countries.
 */
export function routeOffered(
  mode: Mode,
  currency: CurrencyCode,
  method: 'mobile_money' | 'bank_transfer',
  amount: bigint,
  railsDown: ReadonlySet<string> = new Set(),
): { offered: boolean; networks: RoutedNetworks | null; confirmsMoney: boolean } {
  if (mode === 'test') return { offered: true, networks: null, confirmsMoney: true };
  if (method === 'bank_transfer') {
    const up = liveRoutesFor(currency, method).filter((r) => !railsDown.has(r.instance));
    return { offered: up.length > 0, networks: null, confirmsMoney: true };
  }
  const networks = liveMobileMoneyRoutes(currency)
    .filter(({ rail }) => !railsDown.has(rail.name) && rail.takesAmount(amount))
    .map(({ country, rail }) => ({ country, network: rail.network }));
  return { offered: networks.length > 0, networks, confirmsMoney: true };
}

const railUnavailable = (what: string) =>
  new ApiError(503, 'rail_unavailable', `No live payment provider is configured for ${what} in this deployment`);
