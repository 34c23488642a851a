import fs from 'node:fs';
import path from 'node:path';
import type { OperationHandler, RouteArgs } from '../../lib/platform/http/endpoint';
import { checkResponse } from './contract-check';
import { PEER_HEADER, peerAddressOf, peerStamp } from '../../lib/platform/http/peer-address';

/**
 * Calls the real Next.js route handlers in-process: a URL is matched against the files under app/
 * exactly as the App Router would (route groups ignored, [param], [...catchAll]), the module is
 * imported, and its exported method handler receives a real Request, with the peer address the
 * server edge (lib/platform/http/server-edge.ts) would have stamped on it.
 */
interface RouteFile {
  file: string;
  segments: string[];
  /** Static segments first, then dynamic, then catch-all: the App Router's precedence. */
  rank: number[];
}

const APP_DIR = path.resolve(import.meta.dirname, '../../app');

function findRouteFiles(dir: string, segments: string[] = []): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const isGroup = /^\(.*\)$/.test(entry.name);
      found.push(...findRouteFiles(full, isGroup ? segments : [...segments, entry.name]));
    } else if (entry.name === 'route.ts') {
      const rank = segments.map((s) => (s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0));
      found.push({ file: full, segments, rank });
    }
  }
  return found;
}

export const ROUTE_FILES = findRouteFiles(APP_DIR).sort((a, b) => {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
});

/** `/api/v1/merchants/checkouts/[checkout_id]` style patterns of every route file. */
export const routePatterns = () => ROUTE_FILES.map((r) => `/${r.segments.join('/')}`);

function match(pathname: string): { route: RouteFile; params: Record<string, string | string[]> } | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  for (const route of ROUTE_FILES) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const seg = route.segments[i]!;
      if (seg.startsWith('[...')) {
        params[seg.slice(4, -1)] = parts.slice(i);
        return parts.length > i ? { route, params } : null;
      }
      if (parts[i] === undefined) ok = false;
      else if (seg.startsWith('[')) params[seg.slice(1, -1)] = parts[i]!;
      else if (seg !== parts[i]) ok = false;
    }
    if (ok && parts.length === route.segments.length) return { route, params };
  }
  return null;
}

/** What the service answered: the body parsed as JSON, or the text when it is not JSON. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  /** The TCP peer the server edge would stamp (default 127.0.0.1, a client on this machine). */
  peer?: string;
}

/** One request by method and URL; typed calls by operation are in ./caller.ts. */
export async function sendRequest(method: string, url: string, options: SendOptions = {}): Promise<RawAnswer> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  if (options.peer !== undefined) headers.set(PEER_HEADER, peerStamp(options.peer));
  const response = await dispatch(new Request(new URL(url, 'http://api.payments.test'), { method, headers, body }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parseJson(text), text };
}

/** The parsed JSON, or the text itself when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A Request to the route handler the App Router would pick, as `fetch` would see it (the typed
 * client's tests pass this as its fetch). Every response is held to the OpenAPI document.
 */
export async function dispatch(request: Request): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  // What lib/platform/http/server-edge.ts does on a real server: the peer's address in PEER_HEADER.
  if (peerAddressOf(request.headers) === null) request.headers.set(PEER_HEADER, peerStamp('127.0.0.1'));
  const found = match(pathname);
  if (!found) throw new Error(`No route file matches ${pathname}`);
  const module = (await import(/* @vite-ignore */ found.route.file)) as Record<string, OperationHandler>;
  const handler = module[request.method];
  if (!handler) throw new Error(`${found.route.file} exports no ${request.method}`);
  const args: RouteArgs = { params: Promise.resolve(found.params) };
  const response = await handler(request, args);
  const text = await response.clone().text();
  // The sign-in library's own endpoints answer in its own shape (lib/access/people), not our API's.
  if (!pathname.startsWith('/api/auth/'))
    checkResponse(handler.operation, response.status, parseJson(text), `${request.method} ${pathname}`);
  return response;
}
