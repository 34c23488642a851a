import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { context, propagation, trace } from '@opentelemetry/api';
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-node';
import { hostedPage, minimalCheckout, newMerchant, tokenOf } from '../support/fixtures';
import { runJobsNow } from '../support/jobs';
import { sendRequest } from '../support/api';
import { contract } from '../support/contract';
import { closeAllReceivers, startReceiver } from '../support/webhook-receiver';
import { deliverDueNow } from '../../lib/notifications/webhooks/dispatcher';

/**
 * Traces (docs/operations.md, "Traces"): a request's span, named by its route's pattern, with its
 * statements and transactions below it; the jobs it caused continue its trace; a webhook's attempt is
 * a span of its own. Spans are kept in memory (the process exports nothing), as the SDK that
 * lib/platform/ops/tracing.ts starts would send them.
 */
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

// Registers AsyncLocalStorage (each span's work finds it as parent) and the W3C propagator, as in production.
beforeAll(() => provider.register());
afterAll(async () => {
  await closeAllReceivers();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const named = (spans: ReadableSpan[], name: string) => spans.filter((s) => s.name === name);

/** Whether `ancestor` is above `span` in its trace. */
function descendsFrom(spans: ReadableSpan[], span: ReadableSpan, ancestor: ReadableSpan): boolean {
  const byId = new Map(spans.map((s) => [idOf(s), s]));
  for (let at = byId.get(parentOf(span) ?? ''); at; at = byId.get(parentOf(at) ?? '')) {
    if (at === ancestor) return true;
  }
  return false;
}

/** Every name and attribute value of every span, as one text to search. */
const everythingSaid = (spans: ReadableSpan[]) =>
  JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events.map((e) => e.attributes)]));

describe('traces', () => {
  it("one trace from a payment's request through its SQL to the jobs it caused; the webhook's send has a span", async () => {
    const merchant = await newMerchant();
    const receiver = await startReceiver({ status: 200 });
    const webhook = await merchant.ok(contract.createWebhook, {
      body: { url: receiver.url, events: ['checkout.paid'], allow_loopback: true },
    });
    const checkout = (await merchant.ok(contract.createCheckout, { body: minimalCheckout })).body.data;
    const { page } = hostedPage(checkout);
    exporter.reset();

    // The sandbox's prompt is sent by a job (rail_request_payment), which queues the customer's answer (a job too).
    await page.ok(contract.startMobileMoneyPayment, { body: { network: 'mtn_momo', phone: '024 412 3456' } });
    await runJobsNow(['sandbox_mobile_money_outcome']);
    const [sent] = await deliverDueNow();
    expect(sent?.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();

    const [request, ...more] = named(spans, 'POST /api/checkout/v1/sessions/[payment_reference]/mobile-money');
    expect(more).toEqual([]);
    expect(request!.parentSpanContext).toBeUndefined();
    expect(request!.attributes).toMatchObject({ 'http.route': expect.any(String), 'http.response.status_code': 200 });
    const traceId = request!.spanContext().traceId;

    // Its statements and its transaction are its children. The transaction's are its statements, and the
    // job it enqueued (which exists once the transaction commits).
    const children = spans.filter((s) => parentOf(s) === idOf(request!));
    expect(new Set(children.map((s) => s.name))).toEqual(new Set(['db.statement', 'db.transaction']));
    const transaction = children.find((s) => s.name === 'db.transaction');
    const inTransaction = spans.filter((s) => parentOf(s) === idOf(transaction!));
    expect(new Set(inTransaction.map((s) => s.name))).toEqual(new Set(['db.statement', 'job rail_request_payment']));
    expect(inTransaction.map((s) => s.attributes['db.query.text'])).toContainEqual(
      expect.stringContaining('graphile_worker.add_job'),
    );

    // The jobs continue the request's trace: the prompt's job, then the answer it queued; each with its own SQL.
    for (const name of ['job rail_request_payment', 'job sandbox_mobile_money_outcome']) {
      const [job] = named(spans, name);
      expect(job, name).toBeDefined();
      expect(job!.spanContext().traceId).toBe(traceId);
      expect(descendsFrom(spans, job!, request!)).toBe(true);
      expect(spans.some((s) => s.name === 'db.statement' && descendsFrom(spans, s, job!))).toBe(true);
    }

    // The webhook's attempt: a trace of its own, with its endpoint, event and answer.
    const [send] = named(spans, 'webhook.send');
    expect(send!.attributes).toMatchObject({
      'webhook.endpoint.id': webhook.body.data.id,
      'webhook.event.type': 'checkout.paid',
      'webhook.delivery.attempt': 1,
      'http.response.status_code': 200,
    });
    expect(send!.parentSpanContext).toBeUndefined();

    // Statements are known by the start of their text; parameters (the phone number, the email) never appear.
    for (const statement of named(spans, 'db.statement')) {
      expect((statement.attributes['db.query.text'] as string).length).toBeLessThanOrEqual(100);
    }
    const said = everythingSaid(spans);
    for (const secret of [
      tokenOf(checkout.checkout_url),
      merchant.apiKey,
      webhook.body.data.secret,
      '244123456',
      minimalCheckout.customer_email,
    ]) {
      expect(said).not.toContain(secret);
    }
  });

  it("names a request's span by its route's pattern: a token in the path is in no span", async () => {
    exporter.reset();
    const token = `${crypto.randomUUID()}.${crypto.randomBytes(20).toString('hex')}`;
    await sendRequest('POST', `/api/rails/mobile-money/callbacks/${token}`, { body: { status: 'SUCCESSFUL' } });
    const spans = exporter.getFinishedSpans();
    expect(named(spans, 'POST /api/rails/mobile-money/callbacks/[token]')).toHaveLength(1);
    expect(everythingSaid(spans)).not.toContain(token);
    expect(everythingSaid(spans)).not.toContain(token.split('.')[1]);
  });
});
