import type { components } from '../generated/openapi';

/** The API's machine-readable error codes (`error.code`), from the document's Error shape. */
export type ErrorCode = components['schemas']['Error']['error']['code'];

/**
 * The codes the client itself gives: `http_error` (an error body that was not the API's),
 * `network_error` (no answer: status 0, the cause attached), `unexpected_redirect` (a 3xx, never
 * followed), `invalid_response` (a 2xx that was not JSON) and `invalid_signature` (a webhook that
 * failed verification).
 */
export type ClientErrorCode =
  'http_error' | 'network_error' | 'unexpected_redirect' | 'invalid_response' | 'invalid_signature';

const BRAND = Symbol.for('@merchant-payments/client.PaymentsApiError');

/** One invalid field of a 422, and why. */
export interface FieldError {
  field: string;
  message: string;
}

/** An API refusal: the status, the API's error code, the invalid fields and the request id to quote. */
export class PaymentsApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's code, e.g. `validation_error`, `insufficient_funds`, or one of the client's own. */
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: FieldError[],
    readonly requestId: string | null,
    /** Seconds to wait, on 429 and 503. */
    readonly retryAfter: number | null,
    options: {
      /** The Idempotency-Key the request was sent with (yours or the client's): send it again to retry. */
      idempotencyKey?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PaymentsApiError';
    this.idempotencyKey = options.idempotencyKey ?? null;
    Object.defineProperty(this, BRAND, { value: true });
  }

  readonly idempotencyKey: string | null;
}

/**
 * `instanceof PaymentsApiError` fails when the error comes from the package's other build (ESM and
 * CommonJS loaded in one process); this does not.
 */
export const isPaymentsApiError = (error: unknown): error is PaymentsApiError =>
  typeof error === 'object' && error !== null && BRAND in error;
