import { sameSecret } from '@/lib/access/same-secret';
import { config } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/client';
import { endpoint } from '@/lib/platform/http/endpoint';
import { ApiError } from '@/lib/platform/http/errors';
import { routes } from '@/lib/platform/http/route';
import { METRICS_CONTENT_TYPE, metricsText } from '@/lib/platform/ops/metrics';
import { railStates } from '@/lib/rails/circuit';

export const dynamic = 'force-dynamic';

/**
 * Prometheus's scrape of this instance (docs/operations.md, "Metrics and alerts"): only with
 * `METRICS_TOKEN` set, and only for its bearer; otherwise as if there were no such page. Not in the
 * OpenAPI document: it is the operator's monitoring, in Prometheus's text format, not the API.
 */
export const { GET, POST, PUT, PATCH, DELETE } = routes({
  GET: endpoint(async (req) => {
    const token = config().METRICS_TOKEN;
    // Answered as the catch-all answers a path no route claims (app/api/[...path]).
    if (!token) throw new ApiError(404, 'route_not_found', `No route for ${req.method} ${new URL(req.url).pathname}`);
    const given = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, token))
      throw new ApiError(401, 'unauthorized', 'A valid metrics bearer token is required', [], {
        'www-authenticate': 'Bearer realm="metrics"',
      });
    const db = getDb();
    const rails = async () => [...(await railStates(db))].map(([rail, { state }]) => ({ rail, state }));
    return new Response(await metricsText(db, rails), {
      headers: { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' },
    });
  }),
});
