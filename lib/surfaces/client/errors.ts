import type { ErrorCode } from '../../platform/http/error-codes';

/**
 * The codes the client itself gives: `http_error` (an error body that was not the API's), and
 * `invalid_response` / `invalid_signature` (a 2xx that was not JSON; a webhook that failed verification).
 */
export type ClientErrorCode = 'http_error' | 'invalid_response' | 'invalid_signature';

/** An API refusal: the status, the API's error code, the invalid fields and the request id to quote. */
export class PaymentsApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's machine-readable code (lib/platform/http/error-codes.ts), e.g. `validation_error`, `insufficient_funds`. */
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: { field: string; message: string }[],
    readonly requestId: string | null,
    /** Seconds to wait, on 429 and 503. */
    readonly retryAfter: number | null,
  ) {
    super(message);
    this.name = 'PaymentsApiError';
  }
}
