import autocannon from 'autocannon';
import type { CpuUse } from './cpu';

/** What each connection sends: a fixed request, or one built per request by `setupRequest`. */
export type LoadRequest = autocannon.Request;

export interface Measurement {
  /** Mean of the one-second samples, as autocannon reports it. */
  reqPerSec: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  requests: number;
  durationSeconds: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Linux only. */
  cpu?: CpuUse;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
}

/** Requests slower than this count as timeouts (autocannon's default is 10 s). */
const REQUEST_TIMEOUT_SECONDS = 5;

/**
 * One autocannon run against 127.0.0.1, bounded by `durationSeconds`; a safety timer stops it should
 * it outlive that by much (a wedged server).
 */
export async function measure(baseUrl: string, request: LoadRequest, options: LoadOptions): Promise<Measurement> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`Benchmarks only target 127.0.0.1, not ${baseUrl}`);
  const instance = autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
    requests: [request],
  });
  const safety = setTimeout(() => instance.stop(), (options.durationSeconds + REQUEST_TIMEOUT_SECONDS + 10) * 1000);
  try {
    const result = await instance;
    return {
      reqPerSec: result.requests.average,
      latencyMs: {
        mean: result.latency.mean,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      requests: result.requests.total,
      durationSeconds: result.duration,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    };
  } finally {
    clearTimeout(safety);
  }
}

/** Every response was a 2xx and nothing failed: otherwise the figures describe an error path. */
export const isClean = (m: Measurement) => m.errors === 0 && m.timeouts === 0 && m.non2xx === 0 && m.requests > 0;
