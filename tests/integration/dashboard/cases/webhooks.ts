import { contract } from '../../../support/contract';
import type { Merchant } from '../../../support/fixtures';
import type { ActionCase } from './world';

/** A public address that needs no DNS (a literal IP): the API checks endpoints are public. */
const body = { url: 'https://93.184.215.14/hooks', events: ['*'] };
const anEndpoint = async (merchant: Merchant) => (await merchant.ok(contract.createWebhook, { body })).body.data.id;

/** One endpoint per merchant for the actions that do not use it up (an endpoint limit applies). */
const shared = new Map<string, Promise<string>>();
const theEndpoint = (merchant: Merchant) => {
  if (!shared.has(merchant.id)) shared.set(merchant.id, anEndpoint(merchant));
  return shared.get(merchant.id)!;
};
/** A new endpoint in place of the last one made here, so the merchant stays under its 16. */
const fresh = new Map<string, string>();
async function aFreshEndpoint(merchant: Merchant) {
  const previous = fresh.get(merchant.id);
  if (previous) await merchant.call(contract.deleteWebhook, { params: { webhook_id: previous } });
  const id = await anEndpoint(merchant);
  fresh.set(merchant.id, id);
  return id;
}

const aDelivery = async (merchant: Merchant) => {
  const webhook_id = await theEndpoint(merchant);
  const sent = await merchant.ok(contract.sendWebhookTest, { params: { webhook_id } });
  return { webhook_id, delivery_id: sent.body.data.delivery_id };
};

export const WEBHOOK_CASES = {
  createWebhook: {
    valid: () => ({ url: body.url, 'event_checkout.paid': 'on', description: 'Orders' }),
    foreign: null,
  },
  setWebhookEnabled: {
    valid: async ({ merchant }) => ({ webhook_id: await theEndpoint(merchant), enabled: 'true' }),
    foreign: async ({ other }) => ({ webhook_id: await theEndpoint(other), enabled: 'false' }),
  },
  deleteWebhook: {
    valid: async ({ merchant }) => ({ webhook_id: await anEndpoint(merchant) }),
    foreign: async ({ other }) => ({ webhook_id: await theEndpoint(other) }),
  },
  rotateWebhookSecret: {
    // A fresh endpoint: a secret cannot be rotated again while the previous one still signs.
    valid: async ({ merchant }) => ({ webhook_id: await aFreshEndpoint(merchant) }),
    foreign: async ({ other }) => ({ webhook_id: await theEndpoint(other) }),
  },
  sendWebhookTest: {
    valid: async ({ merchant }) => ({ webhook_id: await theEndpoint(merchant) }),
    foreign: async ({ other }) => ({ webhook_id: await theEndpoint(other) }),
  },
  redeliverWebhookDelivery: {
    valid: async ({ merchant }) => aDelivery(merchant),
    foreign: async ({ other }) => aDelivery(other),
  },
} satisfies Record<string, ActionCase>;
