import crypto from 'node:crypto';
import { generate } from 'otplib';
import { PEER_HEADER, peerStamp } from '../../lib/platform/http/peer-address';
import { sendRequest, type RawAnswer } from './api';

/** The app's own origin in the integration suite (API_BASE_URL there). */
export const APP_ORIGIN = 'http://api.payments.test';

/**
 * A person in a browser, as far as the sign-in endpoints (/api/auth) can tell: a cookie jar, the
 * app's Origin on every request (what a browser sends on a same-origin POST), and their own address.
 */
export function browser(options: { origin?: string | null; peer?: string } = {}) {
  const jar = new Map<string, string>();
  // Each browser has its own address, as people do: the sign-in limits count per address.
  const peer = options.peer ?? `10.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`;
  const origin = options.origin === undefined ? APP_ORIGIN : options.origin;
  const send = async (method: string, path: string, body?: unknown): Promise<RawAnswer> => {
    const headers: Record<string, string> = {};
    if (origin) headers.origin = origin;
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await sendRequest(method, path, { headers, body, peer });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return answer;
  };
  return {
    post: (path: string, body: unknown = {}) => send('POST', `/api/auth${path}`, body),
    get: (path: string) => send('GET', `/api/auth${path}`),
    cookies: () => new Map(jar),
    /** What a server action sees of this browser's request: its cookies, its address, its Origin. */
    headers: () =>
      new Headers({
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(origin ? { origin } : {}),
        [PEER_HEADER]: peerStamp(peer),
        'user-agent': 'integration-test',
      }),
  };
}
export type Browser = ReturnType<typeof browser>;

/** The current code of an authenticator set up from `totpURI`. */
export function totpCode(totpURI: string, at = Date.now()): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret')!;
  return generate({ secret, epoch: Math.floor(at / 1000) });
}
