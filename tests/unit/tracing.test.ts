import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { context, propagation, ProxyTracerProvider, trace } from '@opentelemetry/api';
import { startTracing } from '@/lib/platform/ops/tracing';
import { inJobSpan, TRACE_KEY, withTraceContext } from '@/lib/platform/tracing/spans';

/** The tracer provider registered with the API, if any (the API answers with its no-op one until then). */
const registeredTracer = () => (trace.getTracerProvider() as ProxyTracerProvider).getDelegateTracer('probe');

afterAll(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

describe('tracing', () => {
  // First: the other test registers a provider for the rest of this file.
  it('with OTEL_EXPORTER_OTLP_ENDPOINT unset, starts nothing: the API keeps its no-op tracer, jobs carry no trace', async () => {
    expect(await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined }, 'web')).toBeNull();
    expect(registeredTracer()).toBeUndefined();
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
    const payload = { checkout_id: 'c1' };
    expect(withTraceContext(payload)).toBe(payload);
    // A job enqueued while tracing was on still reaches its task without the trace.
    let seen: unknown;
    await inJobSpan(
      'expire_checkout',
      { checkout_id: 'c1', [TRACE_KEY]: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      {},
      async (p) => {
        seen = p;
      },
    );
    expect(seen).toEqual({ checkout_id: 'c1' });
  });

  it('with it set, sends the spans over OTLP/HTTP to its /v1/traces; a job continues the trace its payload carries', async () => {
    const received: { path: string; body: string }[] = [];
    const collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    try {
      const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }, 'worker');
      expect(registeredTracer()).toBeDefined();

      const request = trace.getTracer('probe').startSpan('request');
      const payload = context.with(trace.setSpan(context.active(), request), () => withTraceContext({ mail_id: 'm1' }));
      request.end();
      const traceparent = (payload as Record<string, unknown>)[TRACE_KEY];
      expect(traceparent).toBe(`00-${request.spanContext().traceId}-${request.spanContext().spanId}-01`);
      let seen: unknown;
      let jobTrace: string | undefined;
      await inJobSpan('send_mail', payload, {}, async (p) => {
        seen = p;
        jobTrace = trace.getActiveSpan()?.spanContext().traceId;
      });
      expect(seen).toEqual({ mail_id: 'm1' });
      expect(jobTrace).toBe(request.spanContext().traceId);

      // As Next's own span would start: the raw target and a fetch's URL, cut to their paths and masked.
      trace
        .getTracer('next.js')
        .startSpan('GET', {
          attributes: {
            'http.target': '/api/rails/mobile-money/callbacks/rail-token-1?state=rail-query-1',
            'http.url': 'https://rail.example/v1/prompts?api_key=rail-key-1',
          },
        })
        .end();

      await tracing!.stop();
      expect(received.map((r) => r.path)).toEqual(['/v1/traces']);
      expect(received[0]!.body).toContain('"job send_mail"');
      expect(received[0]!.body).toContain('merchant-payments-worker');
      expect(received[0]!.body).toContain('"/api/rails/mobile-money/callbacks/[redacted]"');
      expect(received[0]!.body).toContain('"https://rail.example/v1/prompts"');
      for (const secret of ['rail-token-1', 'rail-query-1', 'rail-key-1'])
        expect(received[0]!.body).not.toContain(secret);
    } finally {
      collector.close();
    }
  });
});
