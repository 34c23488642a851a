import dc from 'node:diagnostics_channel';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { describeError, isSecretName, log } from '../log';
import { errorBody } from './envelope';
import { ApiError, type FieldError } from './errors';
import type { ErrorCode } from './error-codes';
import { loggablePath } from './logged-path';
import { isApiPath, pageRefusal } from './page-guard';
import { allowHeader, ROUTE_METHODS } from './methods';
import { PEER_HEADER, peerStamp } from './peer-address';
import { requestIdOf } from './request-id';
import { findApiRoute, parameterAt, registerApiRoutes, type ApiRoute } from './route-table';
import type { Operation } from './operation';
import { API_SECURITY_HEADERS } from './security-headers';

/**
 * What happens to a request on `next start`'s own HTTP server before Next sees it (installed by
 * instrumentation.ts). Next's router cannot do these: it never sees the socket, it fails on TRACE
 * (500 and a stack on stderr) and answers other methods with an empty 400, it redirects a trailing
 * slash (308, which clients do not follow for POST), and its route module throws on a path that is
 * not valid percent-encoding. Here:
 *
 * - the TCP peer's address is stamped into PEER_HEADER (a client's own copy deleted first);
 * - `/api/…/` (and `//api//…`) is served as `/api/…` (the URL rewritten, never a redirect); a page
 *   path that is not valid percent-encoding is given to Next with its `%` escaped;
 * - a method Next's routes cannot serve is a 405 `method_not_allowed` with the route's `Allow`
 *   (404 `route_not_found` on an unknown /api path), in the shared error shape; methods Node's parser
 *   refuses (`FOO`, `get`) and CONNECT get the same answer on the raw socket;
 * - OPTIONS on an /api route is a 204 with its `Allow` (the checkout button's routes answer their own
 *   CORS preflights);
 * - an undecodable /api path is a 422 naming the parameter (404 when no route has one there);
 * - a page asked for under a Host this service does not serve is a 421, and a server action posted
 *   from another origin or larger than its limit a 403 / 413 (./page-guard.ts; Next answers 500).
 *
 * The server is found through Node's diagnostics channels: the first connection (`net.server.socket`)
 * or, failing that, the first request (`http.server.request.start`, published before Node hands the
 * request to any listener), whichever comes first.
 */
const INSTALLED = Symbol.for('merchant-payments.server-edge');
const guarded = new WeakSet<net.Server>();

export function installServerEdge(operations: readonly Pick<Operation, 'path' | 'method' | 'security'>[]): void {
  registerApiRoutes(operations);
  const shared = globalThis as { [INSTALLED]?: boolean };
  if (shared[INSTALLED]) return;
  shared[INSTALLED] = true;
  dc.subscribe('net.server.socket', (message) =>
    guard((message as { socket: net.Socket & { server?: net.Server } }).socket.server),
  );
  dc.subscribe('http.server.request.start', (message) => guard((message as { server: net.Server }).server));
}

function guard(server: net.Server | undefined): void {
  if (!server || guarded.has(server) || !(server instanceof http.Server || server instanceof https.Server)) return;
  guarded.add(server);
  const listeners = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    let answered = false;
    try {
      answered = answeredAtEdge(req, res);
    } catch (error) {
      // A fault here must not take the process down with it: Next still gets the request.
      log.error('server edge failed', describeError(error));
    }
    if (!answered) for (const listener of listeners) listener.call(server, req, res);
  });
  if (server.listenerCount('clientError') === 0) server.on('clientError', answerClientError);
  if (server.listenerCount('connect') === 0)
    server.on('connect', (req: http.IncomingMessage, socket: net.Socket) => socket.end(rawAnswer('CONNECT', '/')));
}

/**
 * An answer the edge gives itself: an error in the shared shape, a page's refusal in plain text
 * (./page-guard.ts), or (OPTIONS) a bare 204.
 */
export interface EdgeAnswer {
  status: number;
  headers?: Record<string, string>;
  error?: { code: ErrorCode; message: string; fields?: FieldError[] };
  text?: string;
}

const decodes = (segment: string) => {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
};

const methodNotAllowed = (method: string, allow: string): EdgeAnswer => ({
  status: 405,
  headers: { allow },
  error: { code: 'method_not_allowed', message: `${method} is not allowed here (allowed: ${allow})` },
});
/** Pages (outside /api) are read with GET; HEAD comes with it. */
const PAGE_METHODS = 'GET, HEAD';

/** The route of an /api path, and the positions of segments that are not valid percent-encoding. */
function routeOf(pathname: string): { route: ApiRoute | null; undecodable: number[] } {
  const segments = pathname.split('/').filter(Boolean);
  const undecodable = segments.flatMap((s, i) => (decodes(s) ? [] : [i]));
  const decoded = segments.map((s, i) => (undecodable.includes(i) ? s : decodeURIComponent(s)));
  return { route: findApiRoute(decoded, new Set(undecodable)), undecodable };
}

/**
 * The path Next is given. An /api path loses repeated and trailing slashes (Next would redirect:
 * clients do not follow a 308 for POST). A page's segment that is not valid percent-encoding has its
 * `%` escaped, so Next shows the page for that literal text (a not-found page, an invalid link)
 * instead of failing with a 500; /api paths keep it, to be refused by name below.
 */
export function normalisedPath(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  if (isApiPath(collapsed)) return collapsed.length > '/api'.length ? collapsed.replace(/\/+$/, '') : collapsed;
  if (decodes(pathname)) return pathname;
  return pathname
    .split('/')
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll('%', '%25')))
    .join('/');
}

/** What the edge answers for `method` on `pathname`, or null to let Next handle it. */
export function edgeAnswer(method: string, pathname: string): EdgeAnswer | null {
  const standard = (ROUTE_METHODS as readonly string[]).includes(method);
  if (!isApiPath(pathname)) return standard ? null : methodNotAllowed(method, PAGE_METHODS);
  // The usual request (a method Next routes, a path that decodes) costs no route lookup.
  if (standard && method !== 'OPTIONS' && decodes(pathname)) return null;
  const { route, undecodable } = routeOf(pathname);
  const notFound: EdgeAnswer = {
    status: 404,
    error: { code: 'route_not_found', message: `No route for ${method} ${pathname}` },
  };
  if (undecodable.length) {
    const parameter = route ? parameterAt(route, undecodable[0]!) : null;
    if (!parameter) return notFound;
    const field = { field: parameter, message: 'is not valid percent-encoded UTF-8' };
    return {
      status: 422,
      error: {
        code: 'validation_error',
        message: `Invalid request: ${field.field}: ${field.message}`,
        fields: [field],
      },
    };
  }
  if (!route) return notFound;
  const allow = allowHeader(route.methods);
  if (!standard) return methodNotAllowed(method, allow);
  if (method === 'OPTIONS' && !route.ownOptions) return { status: 204, headers: { allow } };
  return null;
}

/** The path as a log line may hold it (./logged-path.ts), the values of its route's secret parameters masked too. */
function loggedPath(pathname: string): string {
  if (!isApiPath(pathname)) return loggablePath(pathname);
  const route = routeOf(pathname).route;
  const names = route?.path.split('/').filter(Boolean) ?? [];
  const written = pathname.split('/').filter(Boolean);
  const secrets = names.flatMap((name, i) =>
    name.startsWith('{') && isSecretName(name.slice(1, -1)) && written[i] ? [written[i]!] : [],
  );
  return loggablePath(pathname, secrets);
}

function answeredAtEdge(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const started = performance.now();
  // Whatever a client sent under this name is replaced: only the edge states the peer.
  req.headers[PEER_HEADER] = peerStamp(req.socket.remoteAddress ?? '');
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const written = query < 0 ? url : url.slice(0, query);
  const pathname = normalisedPath(written);
  if (pathname !== written) req.url = pathname + (query < 0 ? '' : url.slice(query));
  const method = req.method ?? 'GET';
  const answer = pageRefusal(method, pathname, req.headers) ?? edgeAnswer(method, pathname);
  if (!answer) return false;
  const requestId = requestIdOf(req.headers['x-request-id'] as string | undefined);
  const body = method === 'HEAD' ? '' : bodyOf(answer, requestId);
  req.resume();
  res.writeHead(answer.status, headersOf(answer, requestId, body));
  res.end(body);
  log.info('request', {
    method,
    path: loggedPath(pathname),
    route: null,
    status: answer.status,
    latency_ms: Math.round((performance.now() - started) * 10) / 10,
    request_id: requestId,
  });
  return true;
}

const bodyOf = (answer: EdgeAnswer, requestId: string) =>
  answer.error
    ? JSON.stringify(
        errorBody(
          new ApiError(answer.status, answer.error.code, answer.error.message, answer.error.fields ?? []),
          requestId,
        ),
      )
    : answer.text
      ? `${answer.text}\n`
      : '';

function headersOf(answer: EdgeAnswer, requestId: string, body: string): Record<string, string> {
  return {
    ...Object.fromEntries(API_SECURITY_HEADERS.map(({ key, value }) => [key.toLowerCase(), value])),
    ...(answer.error || answer.text
      ? {
          'content-type': answer.error ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
          'content-length': String(Buffer.byteLength(body)),
        }
      : {}),
    'cache-control': 'no-store',
    'x-request-id': requestId,
    // An odd method may have sent a body nobody reads: this connection is not reused.
    ...(answer.status === 405 ? { connection: 'close' } : {}),
    ...answer.headers,
  };
}

/** A whole HTTP/1.1 response as text, for sockets Node's parser gave up on (there is no ServerResponse). */
function rawAnswer(method: string, pathname: string): string {
  const answer = edgeAnswer(method, pathname) ?? methodNotAllowed(method, PAGE_METHODS);
  const requestId = requestIdOf(undefined);
  const body = bodyOf(answer, requestId);
  const headers = { ...headersOf(answer, requestId, body), connection: 'close' };
  log.info('request', {
    method,
    path: loggedPath(pathname),
    route: null,
    status: answer.status,
    request_id: requestId,
  });
  return `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
}

/** Node's own answers to the client errors it knows (what it sends when no clientError listener exists). */
const NODE_ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

/**
 * Node's default client-error handling, except that a method its parser does not know gets the JSON
 * 405/404 a known one would. (Like Node, nothing is written once a response is under way.)
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: net.Socket): void {
  const inFlight = (socket as net.Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) writeClientErrorAnswer(error, socket);
  socket.destroy(error);
}

function writeClientErrorAnswer(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: net.Socket): void {
  if (error.code !== 'HPE_INVALID_METHOD') {
    socket.write(NODE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    return;
  }
  try {
    const [method = '', target = '/'] = (error.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '').split(' ');
    socket.write(rawAnswer(method.replace(/[^\x21-\x7e]/g, '?').slice(0, 20), target.split('?', 1)[0]!.slice(0, 2048)));
  } catch (failure) {
    log.error('server edge failed', describeError(failure));
    socket.write(BAD_REQUEST);
  }
}
