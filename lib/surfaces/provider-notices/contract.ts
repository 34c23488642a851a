import { z } from 'zod';
import { operation } from '../../platform/http/operation';
import { named } from '../../platform/http/shapes';

export const providerNoticeResultSchema = named(
  'ProviderNoticeResult',
  z.object({
    outcome: z.enum(['recorded', 'not_paid', 'unknown_reference', 'ignored']).meta({
      description:
        'What the notice led to: money recorded or a payout moved (once, however often it is sent), not paid yet, a reference we never issued (a transfer made in Paystack’s dashboard, say), or an event that changes nothing (a repeat, a late one, a type we do not act on). A notice whose status query did not answer is a 503, so Paystack sends it again',
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
    "Where Paystack sends its events (register this URL in Paystack's dashboard). The body is checked against `x-paystack-signature` (HMAC-SHA512 with the secret key) before it is read: anything else is a 401 and changes nothing. A `charge.success` is then confirmed by asking Paystack for the transaction before money is recorded; a `transfer.*` event by asking for the transfer before a payout moves (a `transfer.reversed` after completion returns the money). A notice whose status query does not answer is a 503 (Paystack retries it); 404 `route_not_found` when Paystack is not configured.",
  security: 'paystackSignature',
  body: z.looseObject({ event: z.string(), data: z.looseObject({}) }),
  data: providerNoticeResultSchema,
  errors: [404, 503],
});

export const mobileMoneyCallbackResultSchema = named(
  'MobileMoneyCallbackResult',
  z.object({
    provider_status: z.enum(['pending', 'succeeded', 'failed', 'not_found', 'unknown']).meta({
      description:
        "What the provider's status query said when the callback made us ask (the callback's own body is never trusted)",
    }),
  }),
);

const callbackParams = z.strictObject({
  token: z.string().max(200).meta({ description: "The attempt's callback address, as we gave it to the provider" }),
});

const callbackDescription =
  "Where MTN MoMo and M-Pesa call back for one live mobile-money attempt. Neither signs its callbacks, so the address itself is the credential: the attempt id and an HMAC of it, issued with the request. Any other address is a 404. The body is read for nothing but M-Pesa's reference; the provider's status query then decides, before any money is recorded. MTN calls with PUT or POST, M-Pesa with POST.";

export const receiveMobileMoneyCallback = operation({
  operationId: 'receiveMobileMoneyCallback',
  method: 'POST',
  path: '/api/rails/mobile-money/callbacks/{token}',
  tag: 'Rails',
  summary: 'Mobile-money callback',
  description: callbackDescription,
  security: 'none',
  params: callbackParams,
  body: z.looseObject({}),
  data: mobileMoneyCallbackResultSchema,
});

export const receiveMobileMoneyCallbackPut = operation({
  ...receiveMobileMoneyCallback,
  operationId: 'receiveMobileMoneyCallbackPut',
  method: 'PUT',
  summary: 'Mobile-money callback (PUT)',
});

export const payoutCallbackResultSchema = named(
  'PayoutCallbackResult',
  z.object({
    provider_status: z.enum(['pending', 'completed', 'failed', 'not_found', 'unknown']).meta({
      description:
        "What the provider's status query said when the callback made us ask (`unknown` for a replay, or an answer to no query we asked, which change nothing)",
    }),
  }),
);

const payoutCallbackDescription =
  'Where MTN MoMo (Disbursements) and M-Pesa (the B2C result) call back about one live withdrawal or payout: the address is the credential (the payout id and an HMAC of it); any other is a 404. The body is kept as received and not trusted: it makes us ask the provider, whose answer to that status query decides whether the payout is COMPLETED or FAILED (money back). The same body again is a replay and makes us ask nothing.';

export const receivePayoutCallback = operation({
  operationId: 'receivePayoutCallback',
  method: 'POST',
  path: '/api/rails/payouts/callbacks/{token}',
  tag: 'Rails',
  summary: 'Payout callback',
  description: payoutCallbackDescription,
  security: 'none',
  params: callbackParams,
  body: z.looseObject({}),
  data: payoutCallbackResultSchema,
});

export const receivePayoutCallbackPut = operation({
  ...receivePayoutCallback,
  operationId: 'receivePayoutCallbackPut',
  method: 'PUT',
  summary: 'Payout callback (PUT)',
});

export const receivePayoutStatusAnswer = operation({
  operationId: 'receivePayoutStatusAnswer',
  method: 'POST',
  path: '/api/rails/payouts/statuses/{token}',
  tag: 'Rails',
  summary: 'Payout status answer (M-Pesa)',
  description:
    "Where M-Pesa posts its answer to a Transaction Status query about one live payout (Daraja answers status queries by callback). The address (the payout id and an HMAC of it, distinct from the payout's callback address) is needed but is no proof; any other is a 404. The answer is kept as received, and counts only if its `Result.ConversationID` is that of a status query we asked about this payout and no earlier answer took: then a completed or failed status settles the payout (COMPLETED, or FAILED with the money back). Any other answer, or one naming another payout or another amount, is logged and ignored.",
  security: 'none',
  params: callbackParams,
  body: z.looseObject({}),
  data: payoutCallbackResultSchema,
});

export const airtelCallbackResultSchema = named(
  'AirtelCallbackResult',
  z.object({
    provider_status: z.enum(['pending', 'succeeded', 'completed', 'failed', 'not_found', 'unknown']).meta({
      description:
        "What Airtel's enquiry said about the attempt or payout the callback names, when the callback made us ask: `succeeded` for a payment, `completed` for a payout. `unknown` also for a callback that names nothing of ours, fails its hash (with callback authentication on) or is a replay: those change nothing",
    }),
  }),
);

export const receiveAirtelCallback = operation({
  operationId: 'receiveAirtelCallback',
  method: 'POST',
  path: '/api/rails/airtel/callbacks',
  tag: 'Rails',
  summary: 'Airtel Money callback',
  description:
    "Where Airtel Money calls back about live payments and payouts: the one callback URL set on each Airtel application's page (Airtel takes no address per request). The callback names our attempt or payout id (`transaction.id`) and is matched by it; with callback authentication on, its `hash` must check against that country's key. Its status is never taken as it is: it makes us ask Airtel's transaction enquiry, whose answer decides, before any money is recorded or a payout moves. A callback that names nothing of ours is answered and changes nothing.",
  security: 'none',
  body: z.looseObject({ transaction: z.looseObject({}) }),
  data: airtelCallbackResultSchema,
});
