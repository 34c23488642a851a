import { ApiError } from './errors';
import { endpoint, type RouteHandler } from './endpoint';
import { allowHeader } from './methods';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * A route file's exports: the given handlers, and a 405 in the shared error shape (with `Allow`) for
 * every other method, instead of Next's empty-bodied default. (Methods beyond these five, and
 * OPTIONS, are answered before Next: lib/platform/http/server-edge.ts.)
 *
 *   export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: listThings, POST: createThing });
 */
export function routes(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = allowHeader(METHODS.filter((m) => handlers[m]));
  const notAllowed = Object.assign(
    endpoint(async (req) => {
      throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed here (allowed: ${allow})`, [], {
        allow,
      });
    }),
    { notAllowed: true },
  );
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}
