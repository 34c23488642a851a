import crypto from 'node:crypto';

const REQUEST_ID_PATTERN = /^[\w.:-]{8,128}$/;

/** The caller's X-Request-Id when it is 8–128 safe characters, else a new UUID. */
export function requestIdOf(given: string | null | undefined): string {
  return given && REQUEST_ID_PATTERN.test(given) ? given : crypto.randomUUID();
}
