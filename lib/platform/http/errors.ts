/** One error type for every refusal the API makes; the handler turns it into the shared error shape. */
export interface FieldError {
  field: string;
  message: string;
}

import type { ErrorCode } from './error-codes';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new ApiError(400, code, message);
export const unauthorized = (message: string, code: ErrorCode = 'unauthorized') => new ApiError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = 'forbidden') => new ApiError(403, code, message);
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new ApiError(409, code, message);
export const unprocessable = (fields: FieldError[], message?: string) =>
  new ApiError(
    422,
    'validation_error',
    message ?? `Invalid request: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
    fields,
  );
export const invalidField = (field: string, message: string) => unprocessable([{ field, message }]);
