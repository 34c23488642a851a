import type { SubmitResult } from '../types';
import type { AirtelExchange } from './client';
import { REFUSAL_CODES } from './codes';
import { describeEnvelope, readEnvelope, type Envelope } from './wire';

/**
 * How Airtel's HTTP answers are first read, before each product reads its codes. Airtel answers most
 * outcomes, refusals included, as HTTP 200 with `status.success: false` and a code in the body
 * [121-MOCK]; its HTTP table adds 400 (invalid request), 401 (bad token), 408/502/504 (ambiguous),
 * 429, 500, 503 [AT-ERR]. So the body's codes decide, and only what proves nothing was done is refused.
 */
export type AirtelSubmitResult = SubmitResult<{ alreadySubmitted: boolean }>;

export type ReadAnswer =
  /** Refused before reaching Airtel's wallet: no token, a token refused twice, a router refusal. */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'unknown'; detail: string }
  | { kind: 'envelope'; httpStatus: number; envelope: Envelope; detail: string };

export function readAnswer(answer: AirtelExchange): ReadAnswer {
  if (answer.kind === 'not_sent') {
    return { kind: 'refused', code: answer.code, message: `${answer.detail} (the request was not sent)` };
  }
  if (answer.kind === 'unreachable') return { kind: 'unknown', detail: `Airtel Money: ${answer.detail}` };
  const envelope = readEnvelope(answer.body);
  const detail = describeEnvelope(answer.status, envelope, answer.body);
  // Still refused after a new token: the call was not executed.
  if (answer.status === 401 || answer.status === 403) return { kind: 'refused', code: 'UNAUTHORIZED', message: detail };
  const refusal = envelope && [envelope.resultCode, envelope.responseCode].find((c) => c && REFUSAL_CODES[c]);
  if (refusal && answer.status < 500) return { kind: 'refused', code: refusal, message: detail };
  if (!envelope) {
    // A 400 with no readable codes is the gateway's "invalid request" [AT-ERR]; anything else proves nothing.
    return answer.status === 400
      ? { kind: 'refused', code: 'BAD_REQUEST', message: detail }
      : { kind: 'unknown', detail };
  }
  if (answer.status !== 200 && answer.status !== 400 && answer.status !== 404) return { kind: 'unknown', detail };
  return { kind: 'envelope', httpStatus: answer.status, envelope, detail };
}

/** A refusal decided here, before calling Airtel. */
export const refuseLocally = (code: string, message: string): AirtelSubmitResult => ({
  kind: 'refused',
  code,
  message,
});
