import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * This process's own metrics: every API answer by route pattern and status (counted by endpoint.ts),
 * and Node's defaults (CPU, memory, event-loop delay). `GET /api/metrics` adds the service's state
 * (lib/platform/ops/metrics.ts). Labels are route patterns, never raw paths, so a client cannot grow
 * them without bound.
 */
interface RequestMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
}

// One registry per process, kept across Next's module reloads like the database pool.
const holder = globalThis as unknown as { __paymentsRequestMetrics?: RequestMetrics };

function requestMetrics(): RequestMetrics {
  if (holder.__paymentsRequestMetrics) return holder.__paymentsRequestMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  holder.__paymentsRequestMetrics = {
    registry,
    requests: new Counter({
      name: 'payments_http_requests_total',
      help: 'API requests answered, by route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'payments_http_request_duration_seconds',
      help: 'Time to answer an API request, by route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
  return holder.__paymentsRequestMetrics;
}

export function countRequest(method: string, route: string, status: number, seconds: number): void {
  const { requests, latency } = requestMetrics();
  requests.inc({ method, route, status: String(status) });
  latency.observe({ method, route }, seconds);
}

export const processMetrics = (): Registry => requestMetrics().registry;
