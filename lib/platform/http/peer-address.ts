import crypto from 'node:crypto';

/**
 * The TCP peer's address, which route handlers cannot see (they get a Request, not the socket). The
 * server edge (server-edge.ts, installed by instrumentation.ts) deletes whatever a client sent under
 * PEER_HEADER and writes `<nonce> <address>` there before Next reads the request. The nonce is made
 * once per process and shared through globalThis (route bundles and the instrumentation bundle are
 * separate module graphs): a header a client sent while the edge was not in the way (requests that
 * arrived before Next ran instrumentation, or a server started without it) cannot carry it, and is
 * read as no address at all.
 */
export const PEER_HEADER = 'x-payments-peer';
const NONCE = Symbol.for('merchant-payments.peer-nonce');

function nonce(): string {
  const shared = globalThis as { [NONCE]?: string };
  shared[NONCE] ??= crypto.randomBytes(16).toString('base64url');
  return shared[NONCE];
}

/** The header value that states `address` as the peer. */
export const peerStamp = (address: string) => `${nonce()} ${address}`;

/** The peer address the edge stamped on these headers, or null when it did not. */
export function peerAddressOf(headers: Headers): string | null {
  const value = headers.get(PEER_HEADER);
  const space = value?.indexOf(' ') ?? -1;
  if (!value || space < 0 || value.slice(0, space) !== nonce()) return null;
  return value.slice(space + 1);
}
