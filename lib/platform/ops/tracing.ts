import type { Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import type { Config } from '../config';
import { loggablePath } from '../http/logged-path';

export interface Tracing {
  /** Sends the spans still waiting. */
  flush(): Promise<void>;
  /** Sends the spans still waiting, then stops. */
  stop(): Promise<void>;
}

const SERVICE_NAMES = { web: 'merchant-payments', worker: 'merchant-payments-worker' } as const;

/**
 * Sends this process's spans (lib/platform/tracing/spans.ts, and Next's own in the web server) over
 * OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. Unset, nothing is started and the SDK is not even loaded:
 * the spans stay the API's no-ops. `role` names the process (service.name). The exporter reads the standard OTEL_EXPORTER_OTLP_HEADERS itself.
 */
export async function startTracing(
  settings: Pick<Config, 'OTEL_EXPORTER_OTLP_ENDPOINT'>,
  role: keyof typeof SERVICE_NAMES,
): Promise<Tracing | null> {
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  const [{ BatchSpanProcessor, NodeTracerProvider }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': SERVICE_NAMES[role] }),
    spanProcessors: [maskedAddresses, new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }))],
  });
  // Also installs AsyncLocalStorage (a span's work finds it as its parent) and the W3C propagator (jobs' TRACE_KEY).
  provider.register();
  return { flush: () => provider.forceFlush(), stop: () => provider.shutdown() };
}

/**
 * Next's own spans carry the raw request target, query string included (`http.target`), and a fetch's
 * whole URL (`http.url`). Some paths are credentials (a rail's callback token, a password-reset
 * link): both are cut to their path, masked as a log line's is (lib/platform/http/logged-path.ts).
 */
const maskedAddresses: SpanProcessor = {
  onStart(span: Span) {
    for (const key of ['http.target', 'http.url']) {
      const value = span.attributes[key];
      if (typeof value === 'string') span.setAttribute(key, maskedAddress(value));
    }
  },
  onEnd: () => {},
  forceFlush: async () => {},
  shutdown: async () => {},
};

function maskedAddress(value: string): string {
  const relative = value.startsWith('/');
  const url = URL.parse(value, 'http://relative.invalid');
  if (!url) return '';
  const path = loggablePath(url.pathname);
  return relative ? path : `${url.origin}${path}`;
}
