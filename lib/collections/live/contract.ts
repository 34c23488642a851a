import { z } from 'zod';
import { operation } from '../../platform/http/operation';
import { named } from '../../platform/http/shapes';

export const providerNoticeResultSchema = named(
  'ProviderNoticeResult',
  z.object({
    outcome: z.enum(['recorded', 'not_paid', 'unknown_reference', 'ignored']).meta({
      description:
        'What the notice led to: money recorded (once, however often it is sent), not paid yet, a reference we never issued, or an event we do not act on. A notice whose status query did not answer is a 503, so Paystack sends it again',
    }),
  }),
);

export const receivePaystackNotification = operation({
  operationId: 'receivePaystackNotification',
  method: 'POST',
  path: '/api/rails/paystack/notifications',
  tag: 'Rails',
  summary: 'Paystack webhook',
  description:
    "Where Paystack sends its events (register this URL in Paystack's dashboard). The body is checked against `x-paystack-signature` (HMAC-SHA512 with the secret key) before it is read: anything else is a 401 and changes nothing. A `charge.success` is then confirmed by asking Paystack for the transaction before money is recorded. A notice whose status query does not answer is a 503 (Paystack retries it); 404 `route_not_found` when Paystack is not configured.",
  security: 'paystackSignature',
  body: z.looseObject({ event: z.string(), data: z.looseObject({}) }),
  data: providerNoticeResultSchema,
  errors: [404, 503],
});
