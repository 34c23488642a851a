import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type SpanOptions,
} from '@opentelemetry/api';

/**
 * The service's spans (docs/operations.md, "Traces"). Until a tracer provider is registered
 * (lib/platform/ops/tracing.ts does, only when OTEL_EXPORTER_OTLP_ENDPOINT is set) this is the API's
 * no-op tracer: each helper below then costs a call or two that record nothing.
 */
const tracer = trace.getTracer('merchant-payments');

/** The job payload key that carries the enqueuer's span (a W3C `traceparent`); tasks never see it. */
export const TRACE_KEY = '_trace';

/** How much of a statement's text its span keeps: enough to know the statement, never its parameters. */
const STATEMENT_TEXT_LIMIT = 100;

/** The span of one API request, named by its route's pattern (`GET /api/v1/merchants/checkouts/[checkout_id]`), never its path. */
export function inRequestSpan(method: string, route: string, answer: () => Promise<Response>): Promise<Response> {
  const attributes = { 'http.request.method': method, 'http.route': route };
  return inSpan(`${method} ${route}`, { attributes }, context.active(), async (span) => {
    const response = await answer();
    span.setAttribute('http.response.status_code', response.status);
    if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return response;
  });
}

/**
 * A span for one SQL statement; the returned function ends it when the statement settles. Only the
 * start of its text is kept: parameters can hold personal data and secrets. A statement outside any
 * span (the webhook dispatcher's claim each second, a heartbeat) is not traced: each would be a trace
 * of one span, and a worker would send dozens a minute while idle.
 */
export function statementSpan(query: string): (error?: unknown) => void {
  if (!trace.getActiveSpan()) return () => {};
  const text = query.replace(/\s+/g, ' ').trim().slice(0, STATEMENT_TEXT_LIMIT);
  const span = tracer.startSpan('db.statement', {
    kind: SpanKind.CLIENT,
    attributes: { 'db.system.name': 'postgresql', 'db.query.text': text },
  });
  return (error) => finish(span, error);
}

/** A transaction's span: what `bind` wraps runs with it active, so the transaction's statements are its children. */
export function transactionSpan(): {
  bind<F extends (...args: never[]) => unknown>(body: F): F;
  end(error?: unknown): void;
} {
  if (!trace.getActiveSpan()) return { bind: (body) => body, end: () => {} };
  const span = tracer.startSpan('db.transaction', { attributes: { 'db.system.name': 'postgresql' } });
  const active = trace.setSpan(context.active(), span);
  return { bind: (body) => context.bind(active, body), end: (error) => finish(span, error) };
}

/** The payload, with the active span under TRACE_KEY when there is one, so the job's span continues its trace. */
export function withTraceContext<P extends object>(payload: P): P {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...payload, [TRACE_KEY]: carrier.traceparent } : payload;
}

/**
 * Runs a job in its span `job <name>`: a child of the span that enqueued it when the payload carries
 * one (TRACE_KEY, taken out before the task reads the payload), else the root of a trace of its own.
 */
export function inJobSpan<T>(
  name: string,
  payload: unknown,
  attributes: Attributes,
  run: (payload: unknown) => Promise<T>,
): Promise<T> {
  let parent: Context = ROOT_CONTEXT;
  if (payload && typeof payload === 'object' && TRACE_KEY in payload) {
    const { [TRACE_KEY]: traceparent, ...rest } = payload as Record<string, unknown>;
    if (typeof traceparent === 'string') parent = propagation.extract(ROOT_CONTEXT, { traceparent });
    payload = rest;
  }
  return inSpan(`job ${name}`, { kind: SpanKind.CONSUMER, attributes }, parent, () => run(payload));
}

/**
 * A call to someone else's server, as the root of a trace of its own: its status code, or what went
 * wrong (`timeout`, `connection_refused`…) as `error.type`.
 */
export function inCallSpan<R extends { statusCode: number | null; error: string | null }>(
  name: string,
  attributes: Attributes,
  call: () => Promise<R>,
): Promise<R> {
  return inSpan(name, { kind: SpanKind.CLIENT, attributes }, ROOT_CONTEXT, async (span) => {
    const result = await call();
    if (result.statusCode !== null) span.setAttribute('http.response.status_code', result.statusCode);
    if (result.error !== null || (result.statusCode ?? 0) >= 400) {
      span.setAttribute('error.type', result.error ?? String(result.statusCode));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return result;
  });
}

function inSpan<T>(name: string, options: SpanOptions, parent: Context, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      const result = await work(span);
      span.end();
      return result;
    } catch (error) {
      finish(span, error);
      throw error;
    }
  });
}

/**
 * Ends a span, failed when there is an error: its kind (a PostgreSQL SQLSTATE, an error's name), never
 * its message, which can quote the data (`Key (email)=(…) already exists`).
 */
function finish(span: Span, error?: unknown): void {
  if (error !== undefined) {
    const code = (error as { code?: unknown } | null)?.code;
    const type = typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
    span.setAttribute('error.type', type);
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}
