import { z } from 'zod';
import { APPROVAL_STATUSES, CHECKOUT_STATUSES } from '../../platform/vocabulary';
import { ATTEMPT_STATUSES, PAYMENT_METHODS } from '../../platform/vocabulary';
import { operation } from '../../platform/http/operation';
import { amount, currencyCode, named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { NETWORK_PROVIDERS } from '../../platform/vocabulary';
import { MOBILE_MONEY_COUNTRIES, type MobileMoneyCountry } from '../../rails/mobile-money';
import { checkoutReferenceParams, startMobileMoneyInput } from './input';

/**
 * The hosted page's interface: one session read that carries everything the page renders, and the
 * customer's payment choices, each answering with the session as it is right after.
 */
const network = z.enum(NETWORK_PROVIDERS);
const country = z.enum(Object.keys(MOBILE_MONEY_COUNTRIES) as [MobileMoneyCountry, ...MobileMoneyCountry[]]);

const checkoutStatus = z.enum(CHECKOUT_STATUSES).meta({
  description: 'As the merchant API reports it: a checkout past `expires_at` reads `expired` at once',
});
const approvalStatus = z.enum(APPROVAL_STATUSES).meta({
  description:
    'Bank transfers of unverified merchants in live mode (and short amounts, until the rest arrives) wait for an operator while `pending_approval`',
});

export const collectionBankAccountSchema = named(
  'CollectionBankAccount',
  z
    .object({
      bank_name: z.string(),
      account_name: z.string().meta({ description: 'Who holds the account: the service collecting for the merchant' }),
      account_number: z.string().nullable(),
      iban: z.string().nullable().meta({ description: 'Where the currency pays by IBAN (EUR, XOF, XAF)' }),
      branch_code: z.string().nullable(),
      sort_code: z.string().nullable().meta({ description: 'GBP' }),
      routing_number: z.string().nullable().meta({ description: 'USD (ABA)' }),
      swift_code: z.string().nullable(),
      reference: z.string().meta({ description: 'The payment reference: the customer must quote it on the transfer' }),
    })
    .meta({ description: 'Where to send the exact amount: only the fields that apply to the currency are set' }),
);
export type CollectionBankAccount = z.infer<typeof collectionBankAccountSchema>;

export const paymentAttemptSchema = named(
  'PaymentAttempt',
  z.object({
    id: uuidField.meta({ description: 'Also the `attempt_id` of the sandbox mobile-money simulation' }),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(ATTEMPT_STATUSES).meta({
      description:
        'Mobile money: processing (prompt sent) → succeeded | failed | timeout. Bank transfer: awaiting_transfer → claimed → succeeded | failed. abandoned: replaced by another try',
    }),
    network: network.nullable().meta({ description: 'Mobile money only' }),
    phone: z.string().nullable().meta({ description: 'Mobile money only, masked', example: '+233 ••• ••• 456' }),
    amount,
    currency_code: currencyCode,
    bank_account: collectionBankAccountSchema.nullable().meta({ description: 'Bank transfer only' }),
    failure_code: z.string().nullable().meta({
      description:
        'declined, insufficient_funds, no_answer (timed out), rejected (by an operator), replaced (by a new prompt)',
    }),
    failure_message: z.string().nullable(),
    respond_by: nullableTimestamp.meta({
      description:
        'Mobile money: when the prompt times out. Live bank transfer: when the account opened for this payment closes (send the money by then; it can be before the checkout expires)',
    }),
    claimed_at: nullableTimestamp.meta({
      description: 'Bank transfer: when the customer said it was sent (or it arrived awaiting approval)',
    }),
    completed_at: nullableTimestamp,
    created_at: timestamp,
  }),
);
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

export const offeredMethodSchema = named(
  'OfferedPaymentMethod',
  z.object({
    method: z.enum(PAYMENT_METHODS),
    networks: z
      .array(
        z.object({
          id: network,
          country: country.meta({
            description:
              'ISO 3166 country of this network; send it back as `country` when a network is offered in several',
          }),
          label: z.string().meta({ example: 'MTN MoMo' }),
          country_calling_code: z.string().meta({ example: '233' }),
          example: z
            .string()
            .meta({ description: 'A number of this network as people write it', example: '024 412 3456' }),
          number_rule: z
            .object({
              national_digits: z.number().int().meta({ example: 9 }),
              trunk_prefix: z.string().nullable().meta({
                description: 'Dialled before a national number at home, where the country has one',
                example: '0',
              }),
              prefixes: z
                .array(z.string())
                .meta({ description: "The network's national-number prefixes", example: ['24', '54'] }),
            })
            .meta({
              description:
                'How numbers of this network are written, for checking one before sending it (the server checks again)',
            }),
          manual_approval: z
            .object({
              dial: z.string().meta({ example: '*170#' }),
              menu: z
                .array(z.string())
                .nullable()
                .meta({
                  description: "Menu entries to open, in the network's wording",
                  example: ['My Wallet', 'My Approvals'],
                }),
            })
            .nullable()
            .meta({
              description:
                "How to approve from the network's own menu when no prompt arrives; null when the network has none",
            }),
        }),
      )
      .meta({ description: 'Mobile money: the networks the customer picks from (empty for bank transfer)' }),
    requires_manual_approval: z.boolean().meta({
      description: 'Bank transfer: an operator approves before the checkout counts as paid (never in test mode)',
    }),
  }),
);

export const moneyReceivedSchema = named(
  'MoneyReceived',
  z
    .object({
      amount: amount.meta({
        description: 'Counted towards this payment: every transfer or approval received, duplicates excluded',
      }),
      outstanding: amount.meta({ description: 'Still to pay: the checkout amount minus `amount` (0 once covered)' }),
      overpaid: amount.meta({ description: 'Sent beyond the checkout amount: the merchant refunds it' }),
      duplicate: amount.meta({
        description: 'Arrived after the checkout was paid, expired or cancelled: refunded, never lost',
      }),
      refunded: amount.meta({ description: 'Given back to the customer so far' }),
      last_received_at: nullableTimestamp,
      provider_reference: z.string().nullable().meta({
        description:
          "The provider's transaction id of the latest money counted (for the receipt): for M-Pesa its receipt (the code in the customer's SMS), null until M-Pesa's callback brings it",
      }),
      provider: z.string().nullable().meta({
        description: 'The rail of that money (`mpesa`, `mtn_momo`, `sandbox_mobile_money`…), naming its reference',
        example: 'mpesa',
      }),
    })
    .meta({ description: 'Money that actually reached the service for this checkout, in its currency' }),
);
export type MoneyReceived = z.infer<typeof moneyReceivedSchema>;

const unavailableMethodSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  reason: z.enum(['too_little_time']).meta({
    description: 'too_little_time: the link expires before a bank transfer could arrive (`BANK_TRANSFER_MIN_MINUTES`)',
  }),
});

const serviceSupportSchema = z
  .object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    url: z.string().nullable(),
  })
  .nullable()
  .meta({
    description:
      "The service's own support contact, for when the merchant set none; null when the operator configured none",
  });

const successRedirectUrl = z.string().nullable().meta({
  description:
    'Once paid: where to send the customer, with `checkout_id`, `reference` and `status` appended; null before',
});
const serverTime = timestamp.meta({ description: "The server's clock, for countdowns" });

export const checkoutSessionSchema = named(
  'CheckoutSession',
  z.object({
    checkout: z.object({
      id: uuidField,
      payment_reference: z.string().meta({ example: 'PAY-7K3M9Q2XW4T8B6ZD' }),
      amount,
      currency_code: currencyCode,
      status: checkoutStatus,
      approval_status: approvalStatus,
      payment_method: z.enum(PAYMENT_METHODS).nullable(),
      customer_email: z.string(),
      customer_name: z.string().nullable(),
      customer_phone: z.string().nullable(),
      customer_phone_editable: z
        .boolean()
        .meta({ description: 'False: mobile money must be paid from `customer_phone`' }),
      description: z.string().nullable(),
      expires_at: timestamp,
      paid_at: nullableTimestamp,
      created_at: timestamp,
    }),
    merchant: z
      .object({
        display_name: z.string(),
        logo_url: z.string().nullable(),
        primary_color: z.string().meta({ example: '#0B5FFF' }),
        text_color: z.string().meta({ description: 'Readable on `primary_color`' }),
        support_email: z.string().nullable(),
        support_phone: z.string().nullable(),
      })
      .meta({ description: "The merchant's branding" }),
    methods: z
      .array(offeredMethodSchema)
      .meta({ description: 'What this checkout may be paid with (currency, amount, KYB, branding, time left)' }),
    methods_unavailable: z
      .array(unavailableMethodSchema)
      .meta({ description: 'Methods the checkout would offer but cannot right now, and why' }),
    latest_attempt: paymentAttemptSchema.nullable(),
    received: moneyReceivedSchema,
    service_support: serviceSupportSchema,
    success_redirect_url: successRedirectUrl,
    sandbox: z.boolean().meta({ description: 'Payment rails are simulated: the page shows its simulate buttons' }),
    server_time: serverTime,
  }),
);
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const checkoutSessionStatusSchema = named(
  'CheckoutSessionStatus',
  z.object({
    status: checkoutStatus,
    approval_status: approvalStatus,
    paid_at: nullableTimestamp,
    latest_attempt: paymentAttemptSchema.nullable(),
    received: moneyReceivedSchema,
    success_redirect_url: successRedirectUrl,
    server_time: serverTime,
  }),
);
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;

const PAGE_AUTH =
  'Authenticated by `X-Checkout-Token` (the `#token=` of `checkout_url`) for exactly this payment reference; any other token is a 401. A token reads its checkout until 30 days after `expires_at` (so a late visit shows the outcome); writes are refused with 410 `checkout_link_expired` from an hour after `expires_at`.';
const WRITE_LIMITS = 'Rate-limited per checkout and per client address (429 with `Retry-After`).';

export const getCheckoutSession = operation({
  operationId: 'getCheckoutSession',
  method: 'GET',
  path: '/api/checkout/v1/sessions/{payment_reference}',
  tag: 'Hosted checkout',
  summary: 'Get checkout session',
  description: `Everything the hosted page renders, in one read: the checkout, the merchant's branding, the methods on offer, the latest payment attempt and the server time. Reads only (link scanners may fetch it). ${PAGE_AUTH}`,
  security: 'checkoutToken',
  params: checkoutReferenceParams,
  data: checkoutSessionSchema,
});

export const getCheckoutSessionStatus = operation({
  operationId: 'getCheckoutSessionStatus',
  method: 'GET',
  path: '/api/checkout/v1/sessions/{payment_reference}/status',
  tag: 'Hosted checkout',
  summary: 'Poll checkout status',
  description: `The part of the session that changes while a payment is under way: what the page polls. ${PAGE_AUTH}`,
  security: 'checkoutToken',
  params: checkoutReferenceParams,
  data: checkoutSessionStatusSchema,
});

export const startMobileMoneyPayment = operation({
  operationId: 'startMobileMoneyPayment',
  method: 'POST',
  path: '/api/checkout/v1/sessions/{payment_reference}/mobile-money',
  tag: 'Hosted checkout',
  summary: 'Pay by mobile money',
  description: `Sends an approval prompt to the phone: the checkout moves to \`processing\` and \`latest_attempt\` is the prompt (answer by \`respond_by\`). \`phone\` defaults to the previous prompt's or the checkout's number; it is fixed when \`customer_phone_editable\` is false. While a prompt is live, calling again replaces it (resend, another number) once it is 30 s old; sooner is a 409 \`prompt_recently_sent\` with \`Retry-After\`. 409 \`method_unavailable\` when mobile money is not offered, 409 \`invalid_checkout_transition\` when the checkout cannot take a payment now (paid, expired, …). ${PAGE_AUTH} ${WRITE_LIMITS}`,
  security: 'checkoutToken',
  params: checkoutReferenceParams,
  body: startMobileMoneyInput,
  data: checkoutSessionSchema,
  errors: [409, 410, 503],
  example: { body: { network: 'mtn_momo', phone: '024 412 3456' } },
});

export const chooseBankTransferPayment = operation({
  operationId: 'chooseBankTransferPayment',
  method: 'POST',
  path: '/api/checkout/v1/sessions/{payment_reference}/bank-transfer',
  tag: 'Hosted checkout',
  summary: 'Pay by bank transfer',
  description: `Shows bank-transfer instructions: the checkout moves to \`awaiting_payment_initiation\` and \`latest_attempt.bank_account\` says where to send the exact amount, quoting the payment reference. Choosing again answers the same instructions. For a live checkout the provider (Paystack) opens an account that exists for this payment only, for its exact amount, until the checkout expires or for at most 30 minutes (\`latest_attempt.respond_by\` is its deadline); 503 \`rail_unavailable\` when it cannot open one (nothing is shown, try again). 409 \`method_unavailable\` when bank transfer is not offered, 409 \`invalid_checkout_transition\` when the checkout cannot take a payment now. ${PAGE_AUTH} ${WRITE_LIMITS}`,
  security: 'checkoutToken',
  params: checkoutReferenceParams,
  data: checkoutSessionSchema,
  errors: [409, 410, 503],
});

export const claimBankTransferPayment = operation({
  operationId: 'claimBankTransferPayment',
  method: 'POST',
  path: '/api/checkout/v1/sessions/{payment_reference}/bank-transfer/claim',
  tag: 'Hosted checkout',
  summary: 'Say the transfer was sent',
  description: `The customer's "I have sent it": the attempt becomes \`claimed\` and the checkout \`processing\` until the money arrives (or an operator decides). 409 \`no_transfer_to_claim\` before bank transfer was chosen. ${PAGE_AUTH} ${WRITE_LIMITS}`,
  security: 'checkoutToken',
  params: checkoutReferenceParams,
  data: checkoutSessionSchema,
  errors: [409, 410],
});
