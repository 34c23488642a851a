import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import {
  AddressRefusedError,
  addressProblem,
  bareHost,
  guardedLookup,
  namesLoopback,
  portOf,
  type AddressPolicy,
} from './address-guard';

/** How much of a response body is kept for the merchant to inspect. */
export const RESPONSE_BODY_LIMIT = 1024;
/** Kept instead of the body of an answer from a loopback or private address (see answerBodyKept). */
export const PRIVATE_BODY_NOTE = '(body not kept: the answer came from a loopback or private address)';

export interface SendResult {
  statusCode: number | null;
  /** Set when there was no usable response: timeout, connection_refused, address_refused, … */
  error: string | null;
  latencyMs: number;
  responseBody: string | null;
  /** Seconds asked for by a 429 or 503 `Retry-After`. */
  retryAfterSeconds: number | null;
}

/**
 * POSTs one webhook body. Never follows redirects (a 3xx is a failed attempt), refuses forbidden
 * addresses before connecting, and gives up after `timeoutMs` in all (connect, headers and body).
 */
export function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: AddressPolicy & { timeoutMs: number; reservedLoopbackPorts?: readonly number[] },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const failed = (error: string): SendResult => ({
    statusCode: null,
    error,
    latencyMs: elapsed(),
    responseBody: null,
    retryAfterSeconds: null,
  });
  const refused = (why: string) => Promise.resolve({ ...failed('address_refused'), responseBody: why });

  // allow_loopback opens loopback only to a URL that names it (a public name resolving to 127.0.0.1
  // is refused), and never this service's or its database's port.
  const host = bareHost(url);
  const namedLoopback = namesLoopback(host);
  const policy: AddressPolicy = { allowLoopback: options.allowLoopback && namedLoopback };
  if (policy.allowLoopback && options.reservedLoopbackPorts?.includes(portOf(url))) {
    return refused(`port ${portOf(url)} on loopback is this service's own or its database's`);
  }
  // An IP literal skips DNS (and so `lookup`): check it here.
  if (net.isIP(host)) {
    const problem = addressProblem(host, policy);
    if (problem) return refused(problem);
  }

  return new Promise((resolve) => {
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      lookup: guardedLookup(policy),
      agent: false,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    request.on('response', (response) => {
      const keepBody = answerBodyKept(response.socket?.remoteAddress);
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (keepBody && kept < RESPONSE_BODY_LIMIT) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      const finish = () => {
        const statusCode = response.statusCode ?? 0;
        resolve({
          statusCode,
          error: null,
          latencyMs: elapsed(),
          responseBody: keepBody ? keptBodyText(chunks) : PRIVATE_BODY_NOTE,
          retryAfterSeconds:
            statusCode === 429 || statusCode === 503 ? parseRetryAfter(response.headers['retry-after']) : null,
        });
      };
      response.on('end', finish);
      response.on('error', finish);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AddressRefusedError) resolve({ ...failed('address_refused'), responseBody: error.message });
      else if (error.name === 'AbortError' || error.name === 'TimeoutError') resolve(failed('timeout'));
      else if (error.code === 'ECONNREFUSED') resolve(failed('connection_refused'));
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') resolve(failed('dns_failure'));
      else if (error.code === 'ECONNRESET') resolve(failed('connection_reset'));
      else resolve({ ...failed('network_error'), responseBody: error.code ?? error.message });
    });
    request.end(body);
  });
}

/**
 * Whether an answer's body may be kept for the merchant to read: only from a public address. The
 * sandbox's allow_loopback lets a developer receive webhooks on this machine; a body from there (or
 * from any private address, should one ever be reached) could be another local service's, so the
 * delivery log shows its status code and PRIVATE_BODY_NOTE, never what it said.
 */
export function answerBodyKept(remoteAddress: string | undefined): boolean {
  return (
    remoteAddress !== undefined &&
    net.isIP(remoteAddress) !== 0 &&
    addressProblem(remoteAddress, { allowLoopback: false }) === null
  );
}

/** The first RESPONSE_BODY_LIMIT bytes as text; PostgreSQL text cannot hold NUL, so binary stays recordable. */
export const keptBodyText = (chunks: Buffer[]) =>
  Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8').replaceAll('\u0000', '\uFFFD');

/** `Retry-After` as seconds (a number of seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
