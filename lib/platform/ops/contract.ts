import { z } from 'zod';
import { operation } from '../http/operation';
import { named, nullableTimestamp } from '../http/shapes';

/**
 * Liveness and readiness. Their 503 answers are not the Error shape: they carry the same report as
 * the 200 (`HealthUnavailable`, `ReadinessUnavailable` below), so a probe can read what is down.
 */
export const healthSchema = named(
  'Health',
  z.object({
    status: z
      .enum(['ok', 'degraded'])
      .meta({ description: 'degraded: no live worker; requests are served, background work waits' }),
    database: z.object({ status: z.literal('up'), latency_ms: z.int().min(0) }),
    worker: z.object({
      status: z.enum(['up', 'down']),
      live_workers: z.int().min(0).meta({ description: 'Workers that beat recently' }),
      last_heartbeat_at: nullableTimestamp,
    }),
    rails: z
      .array(
        z.object({
          rail: z.string().meta({
            description:
              'A live provider instance LIVE_ROUTES uses: paystack, mtn_momo (or mtn_momo:CI for another country), mpesa, airtel:UG',
          }),
          status: z.enum(['up', 'down', 'probing']).meta({
            description:
              'down: its circuit breaker is open (calls in a row went unanswered) and the page does not offer it; probing: the next call decides',
          }),
          routes: z.array(z.string()).meta({ description: 'What it takes, e.g. `NGN bank_transfer NG`' }),
          consecutive_failures: z.int().min(0),
          down_since: nullableTimestamp,
        }),
      )
      .meta({ description: "Live mode's rails (test mode always runs on the sandbox); empty when none is routed" }),
  }),
);
export type Health = z.infer<typeof healthSchema>;
export type RailHealth = Health['rails'][number];

/** The report when the database does not answer. */
export const healthDownSchema = named(
  'HealthDown',
  z.object({
    status: z.literal('down'),
    database: z.object({ status: z.literal('down') }),
    worker: z.object({ status: z.literal('unknown') }),
  }),
);
export type HealthDown = z.infer<typeof healthDownSchema>;

/** The whole 503 body of GET /api/health: the envelope, `status: "error"`, around `HealthDown`. */
export const healthUnavailableSchema = named(
  'HealthUnavailable',
  z
    .object({ status: z.literal('error'), message: z.literal('Service down'), data: healthDownSchema })
    .meta({ description: 'GET /api/health with the database down (503)' }),
);

const migrations = z
  .object({
    shipped: z.int().min(0).meta({ description: 'Migrations this build ships' }),
    applied: z.int().min(0).meta({ description: 'Migrations the database has applied' }),
    latest: z.string().meta({ description: 'The tag of the newest shipped migration' }),
  })
  .meta({ description: 'Shipped against applied' });

export const readinessSchema = named(
  'Readiness',
  z.object({ status: z.literal('ready'), database: z.object({ status: z.literal('up') }), migrations }),
);
export type Readiness = z.infer<typeof readinessSchema>;

export const readinessNotReadySchema = named(
  'ReadinessNotReady',
  z.union([
    z.object({ status: z.literal('migrations_pending'), database: z.object({ status: z.literal('up') }), migrations }),
    z.object({
      status: z.literal('database_unavailable'),
      database: z.object({ status: z.literal('down') }),
      migrations: z.null(),
    }),
    z
      .object({ status: z.literal('draining'), database: z.null(), migrations: z.null() })
      .meta({ description: 'The instance is being stopped: it finishes what it was sent, takes nothing new' }),
  ]),
);
export type ReadinessNotReady = z.infer<typeof readinessNotReadySchema>;

/** The whole 503 body of GET /api/ready. */
export const readinessUnavailableSchema = named(
  'ReadinessUnavailable',
  z
    .object({ status: z.literal('error'), message: z.literal('Not ready'), data: readinessNotReadySchema })
    .meta({ description: 'GET /api/ready when not ready (503)' }),
);

export const getHealth = operation({
  operationId: 'getHealth',
  method: 'GET',
  path: '/api/health',
  tag: 'Operations',
  summary: 'Liveness',
  description:
    'The database answered a query, and whether a worker beat recently. No live worker is `degraded`, still 200. The database down is a 503 whose body is not the Error shape but the same report with `status: "error"`.',
  security: 'none',
  data: healthSchema,
  otherResponses: { 503: { description: 'The database is down', body: healthUnavailableSchema } },
});

export const getReadiness = operation({
  operationId: 'getReadiness',
  method: 'GET',
  path: '/api/ready',
  tag: 'Operations',
  summary: 'Readiness',
  description:
    'Ready when the database answers and has applied every migration this build ships. Otherwise a 503 whose body is not the Error shape but the report, with `data.status` `migrations_pending`, `database_unavailable` or `draining` (the instance is being stopped; the balancer should send it nothing new).',
  security: 'none',
  data: readinessSchema,
  otherResponses: { 503: { description: 'Not ready: do not send traffic yet', body: readinessUnavailableSchema } },
});

export const ping = operation({
  operationId: 'ping',
  method: 'GET',
  path: '/api/ping',
  tag: 'Operations',
  summary: 'Ping',
  description: 'Answers `pong` with empty `data`, without touching the database: a cheap liveness probe.',
  security: 'none',
  data: z.object({}),
});
