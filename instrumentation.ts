/**
 * Next.js runs `register()` once in each server process, before it answers requests. It installs the
 * server edge (lib/platform/http/server-edge.ts): peer addresses for rate limits, methods Next cannot route,
 * trailing slashes on /api paths.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // The edge knows no domain: the operations that say which /api routes exist are handed to it here.
  const [{ installServerEdge }, { OPERATIONS }] = await Promise.all([
    import('./lib/platform/http/server-edge'),
    import('./lib/surfaces/openapi/operations'),
  ]);
  installServerEdge(OPERATIONS);
}
