/**
 * Every event the service writes, with what causes it. A webhook endpoint subscribes to some of these
 * or to `*`; /docs and the OpenAPI document list them from here.
 */
export const EVENT_CATALOG = {
  'checkout.created': 'A checkout was created',
  'checkout.processing': 'A payment is under way: a mobile-money prompt was sent, or a bank transfer arrived',
  'checkout.payment_claimed': 'The customer says they sent a bank transfer',
  'checkout.payment_received': 'A bank transfer arrived and waits for an operator (manual approval)',
  'checkout.approved': 'An operator approved a bank transfer',
  'checkout.rejected': 'An operator rejected a bank transfer (the checkout failed)',
  'checkout.paid': 'Payment recorded: fulfil the order',
  'checkout.failed': 'The payment was declined',
  'checkout.timeout': 'The customer did not answer the prompt in time',
  'checkout.expired': 'A checkout passed its lifetime unpaid',
  'checkout.cancelled': 'The merchant cancelled a pending checkout',
  'checkout.completed': 'The payment settled (moved from holding to available)',
  'checkout.refunded': 'Money was refunded to the customer (full or partial)',
  'checkout.duplicate_payment': 'A second collection arrived for a checkout already paid or closed',
  'settlement.completed': 'A settlement batch moved deposits from holding to available',
  'conversion.completed': 'Money was converted between two wallets',
  'wallet.status_changed': 'A wallet was frozen or unfrozen',
  'wallet.updated': 'A wallet setting changed (for example a settlement hold)',
  'payment_account.created': 'A payment account was added',
  'payment_account.updated': 'A payment account changed (details, status or primary)',
  'payment_account.deleted': 'A payment account was deleted',
  'withdrawal.created': 'A withdrawal was initiated (PENDING)',
  'withdrawal.processing': 'The rail took the withdrawal (PROCESSING)',
  'withdrawal.completed': 'The withdrawal reached the account (COMPLETED)',
  'withdrawal.failed': 'The withdrawal failed; the money is back in the wallet (FAILED)',
  'withdrawal.cancelled': 'The merchant cancelled a PENDING withdrawal; the money is back (CANCELLED)',
  'withdrawal.reversed':
    'The bank sent a COMPLETED withdrawal back; the amount and fee are back in the wallet (REVERSED)',
  'payout.created': 'A payout was initiated (pending)',
  'payout.processing': 'The rail took the payout (processing)',
  'payout.completed': 'The payout reached the recipient (completed)',
  'payout.failed': 'The payout failed; the money is back in the wallet (failed)',
  'payout.cancelled': 'The merchant cancelled a pending payout; the money is back (cancelled)',
  'payout.reversed': 'The bank sent a completed payout back; the amount and fee are back in the wallet (reversed)',
  'webhook.test': 'A test event, sent on request to one endpoint',
} as const;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/**
 * Each event type's `data`: the resource right after the change, in its API shape. Every domain
 * declares its own events' data next to the code that writes them (TypeScript declaration merging, in
 * an `events.ts` of the domain: lib/checkout/events.ts, lib/books/events.ts, …), since this layer sits
 * below the domains and cannot import their shapes. `recordEvent` takes an event type only with its
 * data, and lib/surfaces/event-payloads.ts checks that every type in EVENT_CATALOG has data declared
 * and a schema describing it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' declarations
export interface EventData {}
