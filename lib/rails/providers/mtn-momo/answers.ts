import type { PaymentFailure, SubmitResult } from '../types';
import { errorText, type ProductExchange } from './client';
import { MTN_REASONS } from './status';
import { isRecord } from './wire';

/**
 * How MTN's HTTP answers become the seam's answers.
 *
 * The answer to a POST that creates a resource under our `X-Reference-Id` (request to pay, transfer).
 *
 * - 202: accepted, empty body [MTN-R2P-POST, MTN-TRF].
 * - 409 RESOURCE_ALREADY_EXIST: a request with this reference id reached MTN before (a retry after a lost
 *   answer). MTN created nothing new; the first one stands and its status says what happened [MTN-ERR,
 *   MTN-BP]. So it is `accepted` with `alreadySubmitted`, never a second payment and never a refusal.
 * - 400 (malformed request), 401 (subscription key or token refused, after one retry with a new token),
 *   403 (caller IP not on MTN's allow-list): refused before anything was executed [MTN-ERR].
 * - Any 4xx/5xx whose `code` is an error MTN lists for this operation (PAYER_NOT_FOUND, NOT_ENOUGH_FUNDS,
 *   PAYEE_NOT_ALLOWED_TO_RECEIVE, INVALID_CURRENCY, …: `sureOnSubmit` in status.ts): refused, with the
 *   failure that reason means. MTN answered why it would not do it; no status query can say more.
 * - Anything else is `unknown`: a 5xx without a code or with a generic one (INTERNAL_PROCESSING_ERROR,
 *   SERVICE_UNAVAILABLE), a 404, a 409 without that code, a redirect, 429. A status query settles it.
 */
export type MtnSubmitResult = SubmitResult<{ alreadySubmitted: boolean }>;

/** A refusal decided here, before calling MTN. */
export const refuseLocally = (
  code: string,
  message: string,
  failure: PaymentFailure = 'provider_error',
): MtnSubmitResult => ({ kind: 'refused', code, message, failure });

export function submitResultOf(answer: ProductExchange, referenceId: string): MtnSubmitResult {
  if (answer.kind === 'not_sent') {
    return refuseLocally(answer.code, `${answer.detail} (the request was not sent)`);
  }
  if (answer.kind === 'unreachable') return { kind: 'unknown', detail: `MTN MoMo: ${answer.detail}` };
  const { status, body } = answer;
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : null;
  if (status === 202) return { kind: 'accepted', providerReference: referenceId, alreadySubmitted: false };
  if (status === 409 && code === 'RESOURCE_ALREADY_EXIST') {
    return { kind: 'accepted', providerReference: referenceId, alreadySubmitted: true };
  }
  const reason = code && status >= 400 ? MTN_REASONS[code.toUpperCase()] : undefined;
  if (code && reason?.sureOnSubmit) {
    return { kind: 'refused', code, failure: reason.failure, message: `MTN MoMo HTTP ${status}${messageOf(body)}` };
  }
  if (status === 400 || status === 401 || status === 403) {
    return {
      kind: 'refused',
      code: code ?? REFUSAL_CODES[status] ?? 'REFUSED',
      failure: 'provider_error',
      message: `MTN MoMo HTTP ${status}${messageOf(body)}`,
    };
  }
  return { kind: 'unknown', detail: `MTN MoMo HTTP ${status}${errorText(body)}` };
}

const REFUSAL_CODES: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN' };

/** MTN's code and message for a person to read; bodies are MTN's words, never our request. */
function messageOf(body: unknown): string {
  if (typeof body === 'string') return body ? `: ${body.slice(0, 200)}` : '';
  if (!isRecord(body)) return '';
  const code = typeof body.code === 'string' ? body.code : null;
  const message = typeof body.message === 'string' ? body.message.slice(0, 200) : null;
  return [code, message].filter(Boolean).length ? `: ${[code, message].filter(Boolean).join(' ')}` : '';
}

/**
 * The answer to a status GET, before its body is read: 200 → the body; 404 with RESOURCE_NOT_FOUND →
 * MTN has no such reference [MTN-ERR]. A 404 without that code is a wrong path or a gateway's page,
 * which proves nothing about the payment, so it is `unknown` like every other answer.
 */
export function statusBodyOf(
  answer: ProductExchange,
): { kind: 'body'; body: unknown } | { kind: 'not_found' } | { kind: 'unknown'; detail: string } {
  if (answer.kind === 'not_sent') return { kind: 'unknown', detail: answer.detail };
  if (answer.kind === 'unreachable') return { kind: 'unknown', detail: `MTN MoMo: ${answer.detail}` };
  if (answer.status === 200) return { kind: 'body', body: answer.body };
  if (answer.status === 404 && isRecord(answer.body) && answer.body.code === 'RESOURCE_NOT_FOUND') {
    return { kind: 'not_found' };
  }
  return { kind: 'unknown', detail: `MTN MoMo HTTP ${answer.status}${errorText(answer.body)}` };
}
