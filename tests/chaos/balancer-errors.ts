/**
 * Whether HAProxy itself answered (deploy/haproxy.cfg, `http-error ... hdr X-Balancer-Error`), and why:
 *   no-backend    503: no web instance up, or none accepted the connection; the request reached none
 *   backend-lost  502: the instance closed or broke the exchange before answering; it may have acted
 *   timeout       504: no answer within `timeout server`; it may have acted
 * The balancer deletes the header from the instances' own answers, so it is never an instance's.
 * Every one of them is safe to send again with the same Idempotency-Key.
 */
export const BALANCER_ERROR_HEADER = 'x-balancer-error';

export const BALANCER_ERROR_KINDS = ['no-backend', 'backend-lost', 'timeout'] as const;
export type BalancerErrorKind = (typeof BALANCER_ERROR_KINDS)[number];

export function balancerError(res: { headers: Headers }): BalancerErrorKind | undefined {
  const value = res.headers.get(BALANCER_ERROR_HEADER)?.trim();
  return (BALANCER_ERROR_KINDS as readonly string[]).includes(value ?? '') ? (value as BalancerErrorKind) : undefined;
}
