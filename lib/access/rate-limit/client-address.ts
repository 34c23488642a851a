import { config } from '../../platform/config';
import { peerAddressOf } from '../../platform/http/peer-address';
import { isTrusted, normaliseAddress, type AddressRange } from '../../platform/settings/trusted-proxies';

export interface AddressEvidence {
  /** The TCP peer, as the server edge stamped it (null: not served through the edge). */
  peer: string | null;
  forwardedFor: string | null;
  realIp: string | null;
}

/**
 * Who the client is, for per-address rate limits. The TCP peer, unless the peer is a trusted proxy
 * (TRUSTED_PROXIES): then X-Forwarded-For is read from the right, past every trusted hop, to the
 * first address a trusted proxy saw connect (X-Real-IP when there is no X-Forwarded-For). What a
 * client writes into those headers itself stands left of that and is never read. A hop that is not
 * an address stops the walk at the proxy that reported it. Without a stamped peer: "unknown".
 */
export function resolveClientAddress(evidence: AddressEvidence, trusted: readonly AddressRange[]): string {
  const peer = evidence.peer === null ? null : normaliseAddress(evidence.peer);
  if (peer === null) return 'unknown';
  if (!isTrusted(peer, trusted)) return peer;
  const hops = (evidence.forwardedFor ?? evidence.realIp ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  let nearest = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normaliseAddress(hops[i]!);
    if (hop === null) return nearest;
    if (!isTrusted(hop, trusted)) return hop;
    nearest = hop;
  }
  return nearest;
}

/** The client address of a request, by the rule above: a normalised IP address, or "unknown". */
export function clientAddress(req: Request): string {
  return resolveClientAddress(
    {
      peer: peerAddressOf(req.headers),
      forwardedFor: req.headers.get('x-forwarded-for'),
      realIp: req.headers.get('x-real-ip'),
    },
    config().TRUSTED_PROXIES,
  );
}
