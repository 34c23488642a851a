import { isSecretName, MASK } from '../log';

/**
 * Request paths as log lines may hold them. Some addresses are credentials: a rail's callback address
 * (MTN MoMo and M-Pesa sign nothing; the token in the path is the proof), better-auth's password-reset
 * link, an invitation's link. Everything after these prefixes is replaced by MASK, whatever follows
 * (a 404 under them included). Query strings never reach a log line (callers pass the pathname only),
 * so links of the form `/invitations/accept?token=…` or `/reset-password?token=…` are never logged.
 */
const SECRET_AFTER = [
  '/api/auth/reset-password',
  '/api/rails/mobile-money/callbacks',
  '/api/rails/payouts/callbacks',
  '/api/rails/payouts/statuses',
  '/invitations',
].map((prefix) => prefix.split('/').filter(Boolean));

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A route pattern's own segment (`[token]`, `[...path]`) names a value; it is not one. */
const isPatternName = (segment: string) => /^\[[^\]]+\]$/.test(segment);

/**
 * `pathname` with its secret segments masked: those after a SECRET_AFTER prefix, and any equal to
 * one of `secretValues` (the values of path parameters whose name says secret, as `[token]`).
 */
export function loggablePath(pathname: string, secretValues: readonly string[] = []): string {
  const written = pathname.split('/').filter(Boolean);
  const named = written.map((s) => decoded(s).toLowerCase());
  const prefix = SECRET_AFTER.find((p) => named.length > p.length && p.every((s, i) => named[i] === s));
  const rest = prefix ? written.slice(prefix.length) : [];
  if (prefix && !rest.every(isPatternName)) return `/${[...written.slice(0, prefix.length), MASK].join('/')}`;
  return pathname
    .split('/')
    .map((segment) =>
      segment && !isPatternName(segment) && (secretValues.includes(segment) || secretValues.includes(decoded(segment)))
        ? MASK
        : segment,
    )
    .join('/');
}

/** The values of parameters whose name says secret (`token`), to mask in a logged path. */
export const secretParameterValues = (params: Record<string, unknown>): string[] =>
  Object.entries(params).flatMap(([name, value]) => (isSecretName(name) && typeof value === 'string' ? [value] : []));
