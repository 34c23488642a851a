/**
 * Next.js runs `register()` once in each server process, before it answers requests. It installs the
 * server edge (lib/http/server-edge.ts): peer addresses for rate limits, methods Next cannot route,
 * trailing slashes on /api paths.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installServerEdge } = await import('./lib/http/server-edge');
  installServerEdge();
}
