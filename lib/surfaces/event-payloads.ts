import type { z } from 'zod';
import { checkoutFullSchema } from '../checkout/contract';
import { checkoutDuplicatePaymentSchema } from '../collections/events';
import { checkoutRefundedSchema } from '../books/customer-transactions/contract';
import { settlementBatchSchema } from '../books/settlement/contract';
import { conversionSchema } from '../books/conversion/contract';
import { walletSchema } from '../books/wallets/contract';
import { webhookTestEventSchema } from '../notifications/webhooks/contract';
import { paymentAccountSchema } from '../money-out/payment-accounts/contract';
import { payoutSchema, withdrawalSchema } from '../money-out/contract';
import type { EventData, EventType } from '../notifications/events/catalog';

/**
 * Each event's `data` as the webhook receiver gets it: the resource right after the change, in its
 * API shape. The OpenAPI document's `webhooks` section is generated from this map, and a test holds
 * every event the integration flows write to it.
 */
export const EVENT_DATA = {
  'checkout.created': checkoutFullSchema,
  'checkout.processing': checkoutFullSchema,
  'checkout.payment_claimed': checkoutFullSchema,
  'checkout.payment_received': checkoutFullSchema,
  'checkout.approved': checkoutFullSchema,
  'checkout.rejected': checkoutFullSchema,
  'checkout.paid': checkoutFullSchema,
  'checkout.failed': checkoutFullSchema,
  'checkout.timeout': checkoutFullSchema,
  'checkout.expired': checkoutFullSchema,
  'checkout.cancelled': checkoutFullSchema,
  'checkout.completed': checkoutFullSchema,
  'checkout.duplicate_payment': checkoutDuplicatePaymentSchema,
  'checkout.refunded': checkoutRefundedSchema,
  'settlement.completed': settlementBatchSchema,
  'conversion.completed': conversionSchema,
  'wallet.status_changed': walletSchema,
  'wallet.updated': walletSchema,
  'webhook.test': webhookTestEventSchema,
  // Payment accounts and money out: account numbers masked (`******6789`), as in lists.
  'payment_account.created': paymentAccountSchema,
  'payment_account.updated': paymentAccountSchema,
  'payment_account.deleted': paymentAccountSchema,
  'withdrawal.created': withdrawalSchema,
  'withdrawal.processing': withdrawalSchema,
  'withdrawal.completed': withdrawalSchema,
  'withdrawal.failed': withdrawalSchema,
  'withdrawal.cancelled': withdrawalSchema,
  'withdrawal.reversed': withdrawalSchema,
  'payout.created': payoutSchema,
  'payout.processing': payoutSchema,
  'payout.completed': payoutSchema,
  'payout.failed': payoutSchema,
  'payout.cancelled': payoutSchema,
  'payout.reversed': payoutSchema,
} satisfies { [T in EventType]: z.ZodType<EventData[T]> };

/** Every event type in the catalog has its data declared (EventData), and nothing else does. */
type Undeclared = Exclude<EventType, keyof EventData> | Exclude<keyof EventData, EventType>;
export const EVERY_EVENT_TYPED: [Undeclared] extends [never] ? true : Undeclared = true;
