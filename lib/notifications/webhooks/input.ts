import { z } from 'zod';
import { EVENT_TYPES } from '../events/catalog';
import { WEBHOOK_DELIVERY_STATUSES } from '../../platform/vocabulary';
import { documented, documentedAlso } from '../../platform/documented';
import { usualUrlPattern, WEBHOOK_URL_RULE } from '../../platform/http/stored-url';
import { caseInsensitiveEnum, pageQuery } from '../../platform/http/paging';

export const MAX_WEBHOOK_ENDPOINTS = 16;

const eventList = z
  .array(
    documented(
      z
        .string({ error: 'must be event identifiers' })
        .refine((v) => v === '*' || (EVENT_TYPES as string[]).includes(v), {
          error: (issue) =>
            `${String(issue.input)} is not an event identifier (the event identifiers are listed at /docs, or use "*")`,
        }),
      { type: 'string', enum: ['*', ...EVENT_TYPES] },
    ),
    { error: 'must be a list of event identifiers, or ["*"]' },
  )
  .min(1, 'must name at least one event, or "*"')
  .max(EVENT_TYPES.length + 1)
  .transform((list) => (list.includes('*') ? ['*'] : [...new Set(list)].sort()));

const url = documentedAlso(
  z.string({ error: 'must be a URL' }).min(1, 'is required').max(2048, 'must be at most 2048 characters'),
  {
    format: 'uri',
    pattern: usualUrlPattern(WEBHOOK_URL_RULE),
    description: 'Where deliveries go: https://, or http:// to a loopback address with `allow_loopback` (test mode)',
  },
);
const description = z.string({ error: 'must be a string' }).trim().max(500, 'must be at most 500 characters');

/** Spec 4.5 leaves the fields to us: docs/decisions/webhooks.md describes them. */
export const createWebhookInput = z.strictObject({
  url,
  events: eventList,
  description: description.nullish(),
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
  allow_loopback: z.boolean({ error: 'must be true or false' }).default(false),
});
export type CreateWebhookInput = z.output<typeof createWebhookInput>;

export const updateWebhookInput = z.strictObject({
  url: url.optional(),
  events: eventList.optional(),
  description: description.nullish(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
  allow_loopback: z.boolean({ error: 'must be true or false' }).optional(),
});
export type UpdateWebhookInput = z.output<typeof updateWebhookInput>;

export const webhookIdParams = z.strictObject({ webhook_id: z.uuid({ error: 'must be a UUID' }) });
export const deliveryIdParams = z.strictObject({
  webhook_id: z.uuid({ error: 'must be a UUID' }),
  delivery_id: z.uuid({ error: 'must be a UUID' }),
});

export const listDeliveriesQuery = z.strictObject({
  status: caseInsensitiveEnum(WEBHOOK_DELIVERY_STATUSES).optional(),
  event_type: z.string().max(100).optional(),
  ...pageQuery(20),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuery>;
