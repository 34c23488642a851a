/**
 * Programs that use the packed client (@merchant-payments/client) as a merchant's server would, one
 * per way of loading it: an ES module, a CommonJS module, and TypeScript checked with `tsc --strict`
 * against the package's own types. Each reads BASE, PAYMENTS_KEY and ORDER, and prints a line per step.
 */

/** The flow, in JavaScript that is also strict TypeScript (so the three programs run the same steps). */
const FLOW = `
const payments = new PaymentsClient({ baseUrl: process.env.BASE ?? '', apiKey: process.env.PAYMENTS_KEY ?? '' });
const order = process.env.ORDER ?? '';

const checkout = await payments.createCheckout({
  body: { customer_email: 'ada@example.com', amount: 25.5, currency_code: 'GHS', meta_data: { order_id: order } },
  idempotencyKey: \`order-\${order}\`,
});
console.log(\`created \${checkout.id}\`);

const read = await payments.getCheckout({ params: { checkout_id: checkout.id } });
console.log(\`read \${read.id} \${read.status} \${read.meta_data?.order_id}\`);

const references = [];
for await (const item of payments.paginate('listCheckouts', { query: { limit: 1 } })) {
  references.push(item.payment_reference);
}
console.log(\`listed \${references.length} \${references.includes(checkout.payment_reference)}\`);

try {
  await payments.createCheckout({ body: { customer_email: 'not-an-email', amount: -1, currency_code: 'GHS' } });
  console.log('accepted');
} catch (error) {
  if (!(error instanceof PaymentsApiError)) throw error;
  const fields = error.fields.map((f) => f.field).sort().join(',');
  console.log(\`refused \${error.status} \${error.code} \${fields} \${error.requestId ? 'with' : 'without'} request id\`);
}

const secret = 'whsec_consumer';
const raw = JSON.stringify({ event_type: 'checkout.paid' });
const t = Math.floor(Date.now() / 1000);
const header = \`t=\${t},v1=\${createHmac('sha256', secret).update(\`\${t}.\${raw}\`).digest('hex')}\`;
console.log(\`webhook \${verifyWebhookSignature(raw, header, secret)} \${verifyWebhookSignature(\`\${raw} \`, header, secret)}\`);
`;

const ESM_IMPORTS = `import { createHmac } from 'node:crypto';
import { PaymentsApiError, PaymentsClient, verifyWebhookSignature } from '@merchant-payments/client';
`;

/** Compiles only when the package's types are the API's: wrong calls are errors, results are typed. */
const TYPE_CHECKS = `
import type { ItemOf, RequestOf, ResponseOf, Schema, WebhookEvent } from '@merchant-payments/client';

export function typeChecks(client: PaymentsClient, event: WebhookEvent) {
  const status: Schema<'CheckoutFull'>['status'] = 'paid';
  const item: ItemOf<'listPayouts'> | undefined = undefined;
  const paged: ResponseOf<'listPayouts'>['pagination']['has_more'] = true;
  // @ts-expect-error: currency_code is one of the document's codes
  const body: RequestOf<'createCheckout'>['body'] = { customer_email: 'a@b.co', amount: 1, currency_code: 'XYZ' };
  // @ts-expect-error: getCheckout needs its path parameter
  void client.getCheckout({});
  // @ts-expect-error: only listings page
  void client.paginate('getCheckout');
  if (event.event_type === 'checkout.paid') {
    const amount: number = event.data.amount;
    return [status, item, paged, body, amount];
  }
  return [];
}
`;

export const CONSUMERS = {
  'consumer.mjs': ESM_IMPORTS + FLOW,
  'consumer.cjs': `const { createHmac } = require('node:crypto');
const { PaymentsApiError, PaymentsClient, verifyWebhookSignature } = require('@merchant-payments/client');

(async () => {${FLOW}})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`,
  'consumer.ts': ESM_IMPORTS + TYPE_CHECKS + FLOW,
  /** Type-checked only: a CommonJS module gets the same types through `require`'s declarations. */
  'consumer-types.cts': `import { PaymentsApiError, PaymentsClient, type ResponseOf } from '@merchant-payments/client';

export async function firstCheckout(client: PaymentsClient): Promise<ResponseOf<'getCheckout'> | undefined> {
  const [first] = await client.listCheckouts({ query: { limit: 1 } });
  // @ts-expect-error: a checkout has no such field
  void first?.no_such_field;
  return first ? client.getCheckout({ params: { checkout_id: first.id } }) : undefined;
}
export const isRefusal = (error: unknown) => error instanceof PaymentsApiError && error.status === 422;
`,
} as const;
