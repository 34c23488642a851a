/** An API refusal: the status, the API's error code, the invalid fields and the request id to quote. */
export class PaymentsApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's machine-readable code, e.g. `validation_error`, `insufficient_balance`. */
    readonly code: string,
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
