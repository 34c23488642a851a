import type { CheckoutFull } from './contract';

/** The checkout events whose data is the checkout itself, full shape (this layer and those above write them). */
export const CHECKOUT_EVENT_TYPES = [
  'checkout.created',
  'checkout.processing',
  'checkout.payment_claimed',
  'checkout.payment_received',
  'checkout.approved',
  'checkout.rejected',
  'checkout.paid',
  'checkout.failed',
  'checkout.timeout',
  'checkout.expired',
  'checkout.cancelled',
  'checkout.completed',
] as const;
export type CheckoutEventType = (typeof CHECKOUT_EVENT_TYPES)[number];

declare module '../notifications/events/catalog' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the checkout events
  interface EventData extends Record<CheckoutEventType, CheckoutFull> {}
}
