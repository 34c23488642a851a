import { z } from 'zod';
import { requiredText } from '../../platform/http/text-input';
import { PAYMENT_REFERENCE } from '../../checkout/reference';
import { NETWORK_PROVIDERS } from '../../platform/vocabulary';
import { MOBILE_MONEY_COUNTRIES, type MobileMoneyCountry } from '../../rails/mobile-money';

/** A checkout's payment reference, as the customer quotes it on a bank transfer. */
export const paymentReference = z
  .string()
  .regex(PAYMENT_REFERENCE, 'must be a payment reference')
  .meta({ example: 'PAY-7K3M9Q2XW4T8B6ZD' });

/** The hosted page's path parameter (checkoutEndpoint validates it before the token). */
export const checkoutReferenceParams = z.object({ payment_reference: paymentReference });

const COUNTRIES = Object.keys(MOBILE_MONEY_COUNTRIES) as [MobileMoneyCountry, ...MobileMoneyCountry[]];

export const startMobileMoneyInput = z.strictObject({
  network: z.enum(NETWORK_PROVIDERS, { error: `must be one of ${NETWORK_PROVIDERS.join(', ')}` }),
  country: z
    .enum(COUNTRIES, { error: `must be one of ${COUNTRIES.join(', ')}` })
    .optional()
    .meta({
      description:
        'ISO 3166 country of the network, from the offered network. Needed only where the currency spans several countries with that network (XOF, XAF) and `phone` is not in international form',
    }),
  phone: requiredText(32).optional().meta({
    description: "The payer's number on that network, local or international (checked against the network: 422)",
  }),
});
