import { z } from 'zod';
import { needs } from '../../access/permissions';
import { WEBHOOK_DELIVERY_STATUSES } from '../../platform/vocabulary';
import { EVENT_TYPES } from '../events/catalog';
import { operation } from '../../platform/http/operation';
import { named, nullableTimestamp, timestamp, uuidField } from '../../platform/http/shapes';
import { WEBHOOK_API_VERSION } from './envelope';
import {
  createWebhookInput,
  deliveryIdParams,
  listDeliveriesQuery,
  updateWebhookInput,
  webhookIdParams,
} from './input';

/** Webhook endpoints, their deliveries and attempts; timestamps as everywhere (spec 2.1: UTC, no zone). */
const isoTimestamp = timestamp;
const nullableIsoTimestamp = nullableTimestamp;

const deliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
  description:
    'pending (queued or retrying) → succeeded | failed (attempts exhausted); cancelled when the endpoint was deleted',
});

/** The endpoint as the merchant sees it (no secret). */
export const webhookSchema = named(
  'Webhook',
  z.object({
    id: uuidField,
    merchant_id: uuidField,
    url: z
      .string()
      .meta({ description: 'Where deliveries are POSTed', example: 'https://shop.example.com/hooks/payments' }),
    description: z.string().nullable(),
    events: z
      .array(z.enum(['*', ...EVENT_TYPES]))
      .meta({ description: 'The event types it receives, sorted, or `["*"]` for every event' }),
    enabled: z.boolean(),
    allow_loopback: z
      .boolean()
      .meta({ description: 'Test mode only: deliveries may go to loopback addresses over http' }),
    secret_hint: z
      .string()
      .meta({ description: 'The last four characters of the current secret', example: 'whsec_…x9Qe' }),
    secret_rotated_at: nullableIsoTimestamp,
    previous_secret_expires_at: nullableIsoTimestamp.meta({
      description:
        'While a rotation overlaps: until then deliveries carry a second `v1` signature made with the previous secret',
    }),
    failing_since: nullableIsoTimestamp.meta({
      description: 'Start of the current run of failed attempts; five days of it disables the endpoint',
    }),
    disabled_at: nullableIsoTimestamp,
    disabled_reason: z.string().nullable(),
    last_success_at: nullableIsoTimestamp,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  }),
);
export type Webhook = z.infer<typeof webhookSchema>;

/** Create and rotate-secret: the only answers that carry the secret itself. */
export const webhookWithSecretSchema = named(
  'WebhookWithSecret',
  webhookSchema.extend({
    secret: z.string().meta({
      description: 'The signing secret (HMAC-SHA256 key). Shown only here: store it now',
      example: 'whsec_3q2+7wEXAMPLEsecret/Base64standardEXAMPLE00=',
    }),
  }),
);
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const deletedWebhookSchema = named(
  'DeletedWebhook',
  webhookSchema
    .extend({ deleted: z.literal(true) })
    .meta({ description: 'The endpoint as it was deleted; its pending deliveries are cancelled' }),
);
export type DeletedWebhook = z.infer<typeof deletedWebhookSchema>;

export const webhookAttemptSchema = named(
  'WebhookAttempt',
  z.object({
    attempt_number: z
      .int()
      .min(1)
      .meta({ description: "Within the delivery's current schedule (a redelivery starts again at 1)" }),
    succeeded: z.boolean().meta({ description: 'The endpoint answered 2xx' }),
    status_code: z.int().nullable().meta({ description: "The endpoint's HTTP status; null when no answer came" }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why it failed: timeout, connection_refused, address_refused, redirect, …' }),
    latency_ms: z.int(),
    response_body: z.string().nullable().meta({
      description:
        "The first 1 KiB of the endpoint's answer; from a loopback or private address (sandbox's allow_loopback), a note instead",
    }),
    next_retry_at: nullableIsoTimestamp.meta({ description: 'When the next attempt is due; null when none follows' }),
    attempted_at: isoTimestamp,
  }),
);

/** What was (or will be) POSTed: the envelope of lib/notifications/webhooks/envelope.ts. */
/** The envelope's fields but `event_type` and `data` (lib/notifications/webhooks/envelope.ts). */
export const webhookEnvelopeFields = {
  id: uuidField.meta({ description: "The event's id" }),
  sequence: z.int().positive().meta({
    description:
      'Grows with every event the service records: of two events of one resource, the larger is the later change (retries keep it)',
  }),
  idempotency_key: z
    .string()
    .meta({ description: 'Same on every retry and redelivery: store it and skip what was seen' }),
  created_at: isoTimestamp.meta({
    description: 'When the event happened (UTC); strictly increasing for the events of one resource',
  }),
  api_version: z.literal(WEBHOOK_API_VERSION),
};

export const webhookPayloadSchema = named(
  'WebhookPayload',
  z
    .object({
      ...webhookEnvelopeFields,
      event_type: z.enum(EVENT_TYPES),
      data: z
        .record(z.string(), z.unknown())
        .meta({ description: "The resource right after the change: see this document's webhooks for each event type" }),
    })
    .meta({ description: 'The body delivered to the endpoint' }),
);

export const webhookDeliverySchema = named(
  'WebhookDelivery',
  z.object({
    id: uuidField,
    webhook_id: uuidField,
    event_id: uuidField,
    event_type: z.enum(EVENT_TYPES),
    status: deliveryStatus,
    attempt_count: z.int().min(0).meta({ description: 'Attempts in the current schedule (a redelivery resets it)' }),
    next_attempt_at: nullableIsoTimestamp.meta({
      description: 'When the next attempt is due (pending deliveries only)',
    }),
    last_attempt_at: nullableIsoTimestamp,
    last_status_code: z.int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: nullableIsoTimestamp,
    created_at: isoTimestamp,
    payload: webhookPayloadSchema,
    attempts: z
      .array(webhookAttemptSchema)
      .meta({ description: "Every attempt, oldest first (empty in a redelivery's answer)" }),
  }),
);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookTestResultSchema = named(
  'WebhookTestResult',
  z.object({
    event_id: uuidField.meta({ description: 'The `webhook.test` event' }),
    delivery_id: uuidField.meta({ description: 'Its delivery to this endpoint: follow it in the deliveries list' }),
    status: deliveryStatus,
  }),
);

/** `data` of the `webhook.test` event. */
export const webhookTestEventSchema = named(
  'WebhookTestEvent',
  z.object({
    webhook_id: uuidField.meta({ description: 'The endpoint the test was sent to (only it receives the event)' }),
    message: z.string(),
  }),
);

export const createWebhook = operation({
  operationId: 'createWebhook',
  method: 'POST',
  path: '/api/v1/merchants/webhooks',
  tag: 'Webhooks',
  summary: 'Create webhook endpoint',
  description:
    'Registers an https endpoint for the listed event types (or `["*"]`). The answer carries the signing `secret`, shown only here and after a rotation. The URL must resolve to a public address (loopback over http only with `allow_loopback`, for a test-mode endpoint). At most 16 endpoints per merchant: the 17th is a 409 `webhook_limit_reached`.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  body: createWebhookInput,
  data: webhookWithSecretSchema,
  errors: [409],
  example: {
    body: {
      url: 'https://shop.example.com/hooks/payments',
      events: ['checkout.paid', 'checkout.failed'],
      description: 'Order fulfilment',
    },
  },
});

export const listWebhooks = operation({
  operationId: 'listWebhooks',
  method: 'GET',
  path: '/api/v1/merchants/webhooks',
  tag: 'Webhooks',
  summary: 'List webhook endpoints',
  description: 'Every endpoint that is not deleted, oldest first (not paginated: at most 16).',
  security: 'apiKey',
  permission: needs.webhookRead,
  data: z.array(webhookSchema),
});

export const getWebhook = operation({
  operationId: 'getWebhook',
  method: 'GET',
  path: '/api/v1/merchants/webhooks/{webhook_id}',
  tag: 'Webhooks',
  summary: 'Get webhook endpoint',
  security: 'apiKey',
  permission: needs.webhookRead,
  params: webhookIdParams,
  data: webhookSchema,
});

export const updateWebhook = operation({
  operationId: 'updateWebhook',
  method: 'PUT',
  path: '/api/v1/merchants/webhooks/{webhook_id}',
  tag: 'Webhooks',
  summary: 'Update webhook endpoint',
  description:
    'Changes only the fields sent. Re-enabling (`enabled: true`) clears the disable reason and the failure streak, and pending deliveries resume; disabling holds them.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  params: webhookIdParams,
  body: updateWebhookInput,
  data: webhookSchema,
});

export const deleteWebhook = operation({
  operationId: 'deleteWebhook',
  method: 'DELETE',
  path: '/api/v1/merchants/webhooks/{webhook_id}',
  tag: 'Webhooks',
  summary: 'Delete webhook endpoint',
  description: 'Stops deliveries to it: its pending deliveries are cancelled. Answers the endpoint as deleted.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  params: webhookIdParams,
  data: deletedWebhookSchema,
});

export const rotateWebhookSecret = operation({
  operationId: 'rotateWebhookSecret',
  method: 'POST',
  path: '/api/v1/merchants/webhooks/{webhook_id}/rotate-secret',
  tag: 'Webhooks',
  summary: 'Rotate signing secret',
  description:
    'A new secret, returned once. For 24 hours deliveries carry two `v1` signatures (new and previous secret) so receivers can switch without missing one. Rotating again during that overlap is a 409 `rotation_in_progress`.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  params: webhookIdParams,
  data: webhookWithSecretSchema,
  errors: [409],
});

export const sendWebhookTest = operation({
  operationId: 'sendWebhookTest',
  method: 'POST',
  path: '/api/v1/merchants/webhooks/{webhook_id}/test',
  tag: 'Webhooks',
  summary: 'Send a test event',
  description:
    'Records a `webhook.test` event for this endpoint only (whatever it subscribes to) and queues its delivery like any other. A disabled endpoint is a 409 `webhook_disabled`.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  params: webhookIdParams,
  data: webhookTestResultSchema,
  errors: [409],
});

export const listWebhookDeliveries = operation({
  operationId: 'listWebhookDeliveries',
  method: 'GET',
  path: '/api/v1/merchants/webhooks/{webhook_id}/deliveries',
  tag: 'Webhooks',
  summary: 'List deliveries',
  description:
    "The endpoint's deliveries, newest first, each with its payload and every attempt. Filter by `status` and `event_type`.",
  security: 'apiKey',
  permission: needs.webhookRead,
  params: webhookIdParams,
  query: listDeliveriesQuery,
  data: z.array(webhookDeliverySchema),
  paginated: true,
});

export const redeliverWebhookDelivery = operation({
  operationId: 'redeliverWebhookDelivery',
  method: 'POST',
  path: '/api/v1/merchants/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
  tag: 'Webhooks',
  summary: 'Redeliver',
  description:
    'Sends the event again from the start of the retry schedule (the attempt history is kept; `attempts` is empty in this answer). 409 `webhook_disabled` for a disabled endpoint, 409 `delivery_in_flight` while an attempt is under way.',
  security: 'apiKey',
  permission: needs.webhookWrite,
  params: deliveryIdParams,
  data: webhookDeliverySchema,
  errors: [409],
});
