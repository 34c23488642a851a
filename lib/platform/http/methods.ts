/** The methods Next's route handlers can serve; any other never reaches them (lib/platform/http/server-edge.ts). */
export const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The `Allow` header of a route that serves `methods`: those, HEAD wherever GET is (Next answers it
 * with the GET handler, without the body) and OPTIONS (answered for every route), in one fixed order.
 */
export function allowHeader(methods: readonly string[]): string {
  const allowed = new Set([...methods, 'OPTIONS']);
  if (allowed.has('GET')) allowed.add('HEAD');
  return ROUTE_METHODS.filter((m) => allowed.has(m)).join(', ');
}
