import type { components } from '../generated/openapi';

/** The API's machine-readable error codes (`error.code`), from the document's Error shape. */
export type ErrorCode = components['schemas']['Error']['error']['code'];

/**
 * The codes the client itself gives: `http_error` (an error body that was not the API's), and
 * `invalid_response` / `invalid_signature` (a 2xx that was not JSON; a webhook that failed verification).
 */
export type ClientErrorCode = 'http_error' | 'invalid_response' | 'invalid_signature';

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
  ) {
    super(message);
    this.name = 'PaymentsApiError';
  }
}
