import { config } from '../config';
import type { ErrorCode } from './error-codes';
import type { ApiError } from './errors';

export interface Pagination {
  total: number;
  page: number;
  size: number;
  total_pages: number;
  has_more: boolean;
}

export function pagination(total: number, page: number, size: number): Pagination {
  const totalPages = Math.ceil(total / size);
  return { total, page, size, total_pages: totalPages, has_more: page < totalPages };
}

/** What a route handler returns on success; the handler wraps it in the envelope of spec 2.1. */
export interface Reply<T = unknown> {
  data: T;
  message: string;
  status?: number;
  pagination?: Pagination;
  headers?: Record<string, string>;
}

export function successBody(reply: Reply) {
  return {
    status: 'success' as const,
    message: reply.message,
    data: reply.data,
    ...(reply.pagination ? { pagination: reply.pagination } : {}),
  };
}

/** Where a code is explained, what happened and what to do (app/docs/errors). */
export const errorDocUrl = (code: ErrorCode) => `${config().API_BASE_URL}/docs/errors#${code}`;

export function errorBody(error: ApiError, requestId: string) {
  return {
    status: 'error' as const,
    message: error.message,
    error: { code: error.code, fields: error.fields, doc_url: errorDocUrl(error.code) },
    request_id: requestId,
  };
}

export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
