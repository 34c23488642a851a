import * as contract from '../../../notifications/webhooks/contract';
import { EVENT_TYPES } from '../../../notifications/events/catalog';
import {
  createWebhookInput,
  deliveryIdParams,
  updateWebhookInput,
  webhookIdParams,
} from '../../../notifications/webhooks/input';
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from '../../../notifications/webhooks/manage';
import { validate } from '../../../platform/http/parse';
import type { DashboardAction, FormValues } from '../perform';
import { permissionOf } from './operation-permission';

/**
 * Webhook endpoints from the dashboard, on the API's verbs and schemas: add one (its secret shown
 * once), turn it off and on, send a test event, redeliver, rotate the secret, delete.
 */
type Verb<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
const idOf = (form: FormValues) => validate(webhookIdParams, { webhook_id: form.webhook_id });

/** One checkbox per event type (`event_checkout.paid=on`), or `all_events=on` for "*". */
const eventsOf = (form: FormValues) =>
  form.all_events === 'on' ? ['*'] : EVENT_TYPES.filter((type) => form[`event_${type}`] === 'on');

export const WEBHOOK_ACTIONS = {
  createWebhook: {
    name: 'webhook.create',
    allowed: permissionOf(contract.createWebhook),
    read: (form) =>
      validate(createWebhookInput, {
        url: form.url,
        events: eventsOf(form),
        description: form.description || null,
        // Test mode only (the verb refuses it in live): a receiver on the developer's own machine.
        allow_loopback: form.allow_loopback === 'on',
      }),
    run: (ctx, input) => createWebhook(ctx.db, ctx.tenant, input),
    audit: (input, webhook) => ({ target: webhook.id, details: { url: input.url, events: input.events } }),
  } satisfies DashboardAction<ReturnType<typeof createWebhookInput.parse>, Verb<typeof createWebhook>>,

  setWebhookEnabled: {
    name: 'webhook.update',
    allowed: permissionOf(contract.updateWebhook),
    read: (form) => ({ ...idOf(form), ...validate(updateWebhookInput, { enabled: form.enabled === 'true' }) }),
    run: (ctx, { webhook_id, ...input }) => updateWebhook(ctx.db, ctx.tenant, webhook_id, input),
    audit: ({ webhook_id, enabled }) => ({ target: webhook_id, details: { enabled } }),
  } satisfies DashboardAction<{ webhook_id: string; enabled?: boolean }, Verb<typeof updateWebhook>>,

  deleteWebhook: {
    name: 'webhook.delete',
    allowed: permissionOf(contract.deleteWebhook),
    read: idOf,
    run: (ctx, { webhook_id }) => deleteWebhook(ctx.db, ctx.tenant, webhook_id),
    audit: ({ webhook_id }, webhook) => ({ target: webhook_id, details: { url: webhook.url } }),
  } satisfies DashboardAction<{ webhook_id: string }, Verb<typeof deleteWebhook>>,

  rotateWebhookSecret: {
    name: 'webhook.rotate_secret',
    allowed: permissionOf(contract.rotateWebhookSecret),
    read: idOf,
    run: (ctx, { webhook_id }) => rotateWebhookSecret(ctx.db, ctx.tenant, webhook_id),
    audit: ({ webhook_id }) => ({ target: webhook_id }),
  } satisfies DashboardAction<{ webhook_id: string }, Verb<typeof rotateWebhookSecret>>,

  sendWebhookTest: {
    name: 'webhook.test',
    allowed: permissionOf(contract.sendWebhookTest),
    read: idOf,
    run: (ctx, { webhook_id }) => sendTestEvent(ctx.db, ctx.tenant, webhook_id),
    audit: ({ webhook_id }, sent) => ({ target: webhook_id, details: { event_id: sent.event_id } }),
  } satisfies DashboardAction<{ webhook_id: string }, Verb<typeof sendTestEvent>>,

  redeliverWebhookDelivery: {
    name: 'webhook.redeliver',
    allowed: permissionOf(contract.redeliverWebhookDelivery),
    read: (form) => validate(deliveryIdParams, { webhook_id: form.webhook_id, delivery_id: form.delivery_id }),
    run: (ctx, { webhook_id, delivery_id }) => redeliver(ctx.db, ctx.tenant, webhook_id, delivery_id),
    audit: ({ webhook_id, delivery_id }) => ({ target: webhook_id, details: { delivery_id } }),
  } satisfies DashboardAction<{ webhook_id: string; delivery_id: string }, Verb<typeof redeliver>>,
};
