import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { config } from '@/lib/platform/config';
import { samples } from '@/lib/surfaces/docs/samples';
import { ApiReference } from './api-reference';
import { Code, Samples } from './code';
import { rendererEntryUrl } from './renderer';
import styles from './docs.module.css';

export const metadata: Metadata = {
  title: 'API reference · Merchant Payments',
  description: 'Quick start and reference of the Merchant Payments API.',
};

const DOCUMENT_URL = '/api/openapi.json';

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className={styles.step}>
      <h3 className={styles.stepTitle}>{title}</h3>
      {children}
    </li>
  );
}

/**
 * GET /docs: a hand-written quick start (server-rendered) above the reference generated from
 * GET /api/openapi.json. The renderer is a client-side bundle served by this service (see
 * ./renderer.ts); nothing on this page is fetched from another host.
 */
export default function DocsPage() {
  const base = config().API_BASE_URL;

  const [curl, ...inLanguages] = samples(base);

  const created = `{
  "status": "success",
  "message": "…",
  "data": {
    "id": "3f0c…",
    "payment_reference": "PAY-7K3M9Q2XW4T8B6ZD",
    "checkout_url": "${base}/pay/PAY-7K3M9Q2XW4T8B6ZD#token=…",
    "status": "pending",
    …
  }
}`;

  const verify = `import { isPaymentsApiError, parseWebhook, type WebhookEvent } from '@merchant-payments/client';

// rawBody: the request body exactly as received, before any JSON parsing
let event: WebhookEvent;
try {
  event = parseWebhook(rawBody, headers['x-webhook-signature'], process.env.WEBHOOK_SECRET!);
} catch (error) {
  if (isPaymentsApiError(error) && error.code === 'invalid_signature') return reply(400);
  throw error;
}
// store event.idempotency_key first; if it was already there, answer 200 and stop
if (event.event_type === 'checkout.paid') confirm(event.data.id); // step 4
return reply(200);`;

  const read = `curl -s ${base}/api/v1/merchants/checkouts/$CHECKOUT_ID -H "x-api-key: $PAYMENTS_KEY"`;

  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#reference">
        Skip to the API reference
      </a>
      {/* A named region, not a <header>: on phones the renderer adds its own banner. */}
      <section className={styles.header} aria-labelledby="docs-title">
        <div className={styles.column}>
          <p className={styles.eyebrow}>Merchant Payments</p>
          <h1 id="docs-title" className={styles.title}>
            API documentation
          </h1>
          <p className={styles.lead}>
            Take a payment in four steps, then look up any operation in the reference below. The reference is generated
            from the service&apos;s own schemas; the same description is available as{' '}
            <a href={DOCUMENT_URL}>OpenAPI 3.1 JSON at {DOCUMENT_URL}</a>.
          </p>
        </div>
      </section>

      {/* No <main> of ours: the renderer brings its own main landmark (and sidebar). */}
      <section className={styles.quickStart} aria-labelledby="quick-start">
        <div className={styles.column}>
          <h2 id="quick-start" className={styles.sectionTitle}>
            Quick start
          </h2>
          <ol className={styles.steps}>
            <Step title="1. Create a checkout">
              <p>
                From your server, with an API key in <code>x-api-key</code> (<code>sk_test_…</code> in sandbox mode).
                Only <code>customer_email</code>, <code>amount</code> (in major units) and <code>currency_code</code>{' '}
                are required; add <code>meta_data</code> (your order id) to get it back in webhooks, and an{' '}
                <code>Idempotency-Key</code> header to make retries safe.
              </p>
              <Code label="Create a checkout with curl">{curl!.create}</Code>
              <Samples samples={inLanguages} part="create" what="Create a checkout" />
              <p>The answer, abridged:</p>
              <Code label="The created checkout">{created}</Code>
            </Step>

            <Step title="2. Send the customer to the checkout">
              <p>
                Redirect the customer&apos;s browser to <code>data.checkout_url</code>: the hosted page, where they pay
                by mobile money or bank transfer. The link carries the customer&apos;s credential after{' '}
                <code>#token=</code>; hand it to that customer only, and keep it out of logs.
              </p>
            </Step>

            <Step title="3. Receive the webhook">
              <p>
                Register an HTTPS endpoint once with <code>POST /api/v1/merchants/webhooks</code> (<code>url</code>,{' '}
                <code>events</code> such as <code>[&quot;checkout.paid&quot;]</code>); its signing secret (
                <code>whsec_…</code>) is shown only in that response. When the payment is recorded, your endpoint
                receives a <code>POST</code> with <code>event_type</code> <code>checkout.paid</code> and the checkout in{' '}
                <code>data</code>.
              </p>
              <p>
                Verify <code>X-Webhook-Signature</code> (<code>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256&gt;</code>{' '}
                of <code>&lt;t&gt;.&lt;raw body&gt;</code>) on the raw bytes before parsing, and refuse timestamps more
                than 5 minutes from now. It is Stripe&rsquo;s scheme: <code>stripe.webhooks.constructEvent</code>{' '}
                verifies it. Every delivery is also signed as Standard Webhooks says (<code>webhook-id</code>,{' '}
                <code>webhook-timestamp</code>, <code>webhook-signature</code>), so its libraries verify it with the
                same secret. The client package&rsquo;s <code>parseWebhook</code> checks it and types the event:
              </p>
              <Code label="Verify a webhook with the client package">{verify}</Code>
              <p>Without the package, a whole function in your language (each uses only its standard library):</p>
              <Samples samples={[...inLanguages, curl!]} part="verify" what="Verify a webhook" />
              <p>
                Deliveries are at least once and may arrive out of order: answer 2xx within 10 seconds, and process each{' '}
                <code>idempotency_key</code> once.
              </p>
            </Step>

            <Step title="4. Confirm by reading the checkout">
              <p>
                Before fulfilling, read the checkout with <code>GET /api/v1/merchants/checkouts/{'{id}'}</code>. Its{' '}
                <code>data.status</code> is <code>paid</code>, or <code>completed</code> once the money has settled.
                Reading the checkout is also how you recover a webhook you missed.
              </p>
              <Code label="Read a checkout with curl">{read}</Code>
            </Step>
          </ol>

          <h3 className={styles.subTitle}>From TypeScript</h3>
          <p>
            The typed client, the npm package <code>@merchant-payments/client</code> (<code>PaymentsClient</code>, built
            from <code>lib/surfaces/client</code>), makes the same calls, with one method per operation named by its{' '}
            <code>operationId</code> (<code>createCheckout</code>, <code>getCheckout</code>, …), and{' '}
            <code>parseWebhook</code> verifies and types a webhook.
          </p>
        </div>
      </section>

      {/* Not id="api-reference": the renderer reads an element of that id as a document to parse. */}
      <div className={styles.reference} id="reference" tabIndex={-1}>
        <h2 className={`${styles.column} ${styles.sectionTitle}`}>API reference</h2>
        <ApiReference bundleUrl={rendererEntryUrl()} documentUrl={DOCUMENT_URL} />
      </div>
    </div>
  );
}
