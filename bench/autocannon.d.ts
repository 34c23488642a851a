/**
 * The part of autocannon 9's programmatic API the benchmarks use. @types/autocannon exists, but only
 * for autocannon 7; this declaration describes what bench/ calls and reads, nothing more.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request of a connection; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds before a request counts as a timeout. */
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      title?: string;
    }

    /** Percentile keys as autocannon names them (p2_5 = 2.5th percentile). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      /** Seconds. */
      duration: number;
      start: Date;
      finish: Date;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      '4xx': number;
      '5xx': number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds. */
      latency: Histogram & { totalCount: number };
      /** Requests per one-second sample. */
      requests: Histogram & { sent: number };
      /** Bytes per one-second sample. */
      throughput: Histogram;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
