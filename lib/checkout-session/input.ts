import { z } from 'zod';
import { MOBILE_MONEY_NETWORKS, type MobileMoneyNetwork } from '../payment-methods/catalog';

/** A checkout's payment reference, as the customer quotes it on a bank transfer. */
export const paymentReference = z
  .string()
  .regex(/^PAY-[0-9A-Z]{16}$/, 'must be a payment reference')
  .meta({ example: 'PAY-7K3M9Q2XW4T8B6ZD' });

/** The hosted page's path parameter (checkoutEndpoint validates it before the token). */
export const checkoutReferenceParams = z.object({ payment_reference: paymentReference });

export const startMobileMoneyInput = z.strictObject({
  network: z.enum(Object.keys(MOBILE_MONEY_NETWORKS) as [MobileMoneyNetwork, ...MobileMoneyNetwork[]], {
    error: `must be one of ${Object.keys(MOBILE_MONEY_NETWORKS).join(', ')}`,
  }),
  phone: z.string().max(32).optional(),
});
