/**
 * Next.js runs `register()` once in each server process, before it answers requests. It installs the
 * server edge (lib/platform/http/server-edge.ts): peer addresses for rate limits, methods Next cannot route,
 * trailing slashes on /api paths; checks the settings and builds the checkout button's script; and
 * starts exporting traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/platform/ops/tracing.ts); and
 * listens for `npm start`'s word that the instance is being stopped (lib/platform/ops/draining.ts); and
 * applies the providers' callbacks kept on disk during a database outage (notice-replay.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // The edge knows no domain: the operations that say which /api routes exist are handed to it here.
  const [
    { installServerEdge },
    { OPERATIONS },
    { config },
    { buttonScript },
    { startTracing },
    { listenForDrain },
    { startNoticeReplay },
  ] = await Promise.all([
    import('./lib/platform/http/server-edge'),
    import('./lib/surfaces/openapi/operations'),
    import('./lib/platform/config'),
    import('./lib/surfaces/embed/button-script'),
    import('./lib/platform/ops/tracing'),
    import('./lib/platform/ops/draining'),
    import('./lib/surfaces/provider-notices/notice-replay'),
  ]);
  installServerEdge(OPERATIONS);
  // Settings (MESSAGE_OVERRIDES_FILE among them) and the button's script are checked when a server
  // starts (not while `next build` prerenders), so a bad file stops the start instead of failing each request.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  config();
  buttonScript();
  const tracing = await startTracing(config(), 'web');
  // `npm start` says when this instance is being stopped: readiness fails first, and the spans are
  // sent before SIGTERM (draining.ts).
  listenForDrain(async () => tracing?.flush());
  startNoticeReplay();
}
