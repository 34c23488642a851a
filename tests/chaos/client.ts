import { balancerError } from './balancer-errors';

/**
 * The merchants' and customers' HTTP client, as a careful integration would write one: every
 * exchange is recorded (for the 5xx and recovery figures), and a request that got no answer, a 502
 * from the balancer, a 503 or a 409 "still running" is sent again, unchanged (same Idempotency-Key),
 * after `Retry-After`, until it gets a real answer or RETRY_FOR_MS runs out.
 */
export interface Exchange {
  /** When the request was sent and how long its answer took (ms since the epoch, ms). */
  at: number;
  ms: number;
  route: string;
  /** The HTTP status, or 0 when no answer came (connection lost, or no answer within ATTEMPT_TIMEOUT_MS). */
  status: number;
  /** Set when HAProxy itself answered (`no-backend`, `backend-lost`, `timeout`), not a web instance. */
  proxy?: string;
  code?: string;
  retryAfter?: string;
  hung?: boolean;
  /** Why no answer came (status 0): the socket error's code or message, e.g. ECONNRESET. */
  error?: string;
}

export interface Answer {
  status: number;
  body: any;
}

const ATTEMPT_TIMEOUT_MS = 20_000;
const RETRY_FOR_MS = 120_000;

export class GaveUp extends Error {}

/** A write the client saw succeed: the id its 2xx answer named, which must be in the database afterwards. */
export interface Acknowledged {
  route: string;
  id: string;
  at: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class ChaosClient {
  readonly acknowledged: Acknowledged[] = [];

  constructor(
    private readonly baseUrl: string,
    readonly exchanges: Exchange[],
  ) {}

  /** One attempt, recorded. */
  async once(method: string, path: string, init: { headers?: Record<string, string>; body?: unknown; route?: string }) {
    const at = Date.now();
    const route = init.route ?? `${method} ${path.replace(/\?.*/, '')}`;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      const text = await res.text();
      let body: Answer['body'] = null;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const exchange: Exchange = { at, ms: Date.now() - at, route, status: res.status };
      const proxy = balancerError(res);
      if (proxy) exchange.proxy = proxy;
      if (body?.error?.code) exchange.code = body.error.code;
      const retryAfter = res.headers.get('retry-after');
      if (retryAfter) exchange.retryAfter = retryAfter;
      this.exchanges.push(exchange);
      const id = body?.data?.id;
      if (method !== 'GET' && res.ok && typeof id === 'string' && UUID.test(id))
        this.acknowledged.push({ route, id, at: at + exchange.ms });
      return { status: res.status, body, retryAfter };
    } catch (error) {
      const hung = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      this.exchanges.push({
        at,
        ms: Date.now() - at,
        route,
        status: 0,
        ...(hung ? { hung } : { error: cause?.code ?? cause?.message ?? (error as Error).message }),
      });
      return { status: 0, body: null, retryAfter: null };
    }
  }

  /** Sent until a real answer (2xx or a 4xx other than 409 `idempotency_key_in_use`); throws GaveUp. */
  async call(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: unknown; route?: string } = {},
  ): Promise<Answer> {
    const deadline = Date.now() + RETRY_FOR_MS;
    for (;;) {
      const answer = await this.once(method, path, init);
      const again =
        answer.status === 0 ||
        answer.status >= 500 ||
        (answer.status === 409 && answer.body?.error?.code === 'idempotency_key_in_use');
      if (!again) return answer;
      if (Date.now() > deadline) throw new GaveUp(`${method} ${path}: no answer for ${RETRY_FOR_MS / 1000} s`);
      const wait = Math.min(Number(answer.retryAfter) || 1, 5);
      await new Promise((r) => setTimeout(r, wait * 1_000 * (0.5 + Math.random() / 2)));
    }
  }
}
