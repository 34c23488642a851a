import { endpoint } from '@/lib/platform/http/endpoint';
import { ApiError } from '@/lib/platform/http/errors';

/** Any /api path no route claims: a 404 in the shared error shape instead of Next's HTML page. */
const unknownRoute = endpoint(async (req) => {
  throw new ApiError(404, 'route_not_found', `No route for ${req.method} ${new URL(req.url).pathname}`);
});

export {
  unknownRoute as GET,
  unknownRoute as POST,
  unknownRoute as PUT,
  unknownRoute as PATCH,
  unknownRoute as DELETE,
};
