import { z } from 'zod';
import { checkoutFullSchema } from '../checkout/contract';
import { PAYMENT_METHODS } from '../platform/vocabulary';
import { amount, currencyCode, named, timestamp, uuidField } from '../platform/http/shapes';

/**
 * `checkout.duplicate_payment`: money arrived for a checkout that could no longer take it (paid,
 * expired, cancelled). The checkout, full shape, and the payment to refund.
 */
export const checkoutDuplicatePaymentSchema = named(
  'CheckoutDuplicatePayment',
  checkoutFullSchema.extend({
    duplicate_payment: z.object({
      collection_id: uuidField,
      amount,
      currency_code: currencyCode,
      payment_method: z.enum(PAYMENT_METHODS),
      provider: z.string(),
      provider_reference: z.string().nullable(),
      received_at: timestamp,
    }),
  }),
);

declare module '../notifications/events/catalog' {
  interface EventData {
    'checkout.duplicate_payment': z.infer<typeof checkoutDuplicatePaymentSchema>;
  }
}
