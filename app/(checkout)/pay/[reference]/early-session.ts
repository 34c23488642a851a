import { readAnswer, sessionPath, TIMEOUT_MS, tokenStorageKey, type ApiResult } from './session';

/**
 * The first read of the session, started by a few lines of inline script in the page's HTML, while
 * the page's JavaScript is still downloading: on a slow phone network that is most of a second the
 * customer no longer waits. The script finds the token where the app will (`#token=`, the legacy
 * `?token=`, else this tab's storage), and the app takes the answer on its first load when it is for
 * the same checkout and token; otherwise it asks again. The script sends the token only to this
 * origin's session endpoint, in the header, as the app does.
 */
interface EarlyRead {
  reference: string;
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __checkoutEarly?: EarlyRead;
    /** The app has taken over: forms are its own. */
    __checkoutReady?: boolean;
    /** The method a customer submitted before the app had taken over. */
    __checkoutChosen?: string;
  }
}

/**
 * The inline script, for a reference already checked to be well-formed (letters, digits, dashes).
 * It also holds back a form sent before the app has taken over (the server renders the choice of
 * method, so Continue can be pressed while the JavaScript is still on its way): sent by the browser,
 * it would load the page again without the token's fragment. The chosen method is kept for the app,
 * which goes on with it once it has loaded (takeEarlyChoice).
 */
export function earlySessionScript(reference: string): string {
  const args = [reference, tokenStorageKey(reference), sessionPath(reference)].map((v) => JSON.stringify(v));
  return `(function(r,k,p){try{document.addEventListener('submit',function(e){if(window.__checkoutReady)return;e.preventDefault();var m=e.target&&e.target.elements&&e.target.elements.method;if(m&&m.value)window.__checkoutChosen=m.value},true);var t=new URLSearchParams(location.hash.slice(1)).get('token')||new URLSearchParams(location.search).get('token');if(!t){try{t=sessionStorage.getItem(k)}catch(e){}}if(!t)return;window.__checkoutEarly={reference:r,token:t,startedAt:performance.now(),response:fetch(p,{headers:{accept:'application/json','x-checkout-token':t,'x-checkout-locale':document.documentElement.lang},cache:'no-store',credentials:'omit'})}}catch(e){}})(${args.join(',')})`;
}

/** The early read's answer, once, when it was for this checkout and token; null: ask yourself. */
export function takeEarlySession<T>(reference: string, token: string): Promise<ApiResult<T>> | null {
  const early = window.__checkoutEarly;
  window.__checkoutEarly = undefined;
  if (!early || early.reference !== reference || early.token !== token) return null;
  return (async (): Promise<ApiResult<T>> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
    });
    try {
      return await readAnswer<T>(await Promise.race([early.response, timeout]), early.startedAt);
    } catch {
      return { ok: false, kind: 'network', status: 0 };
    } finally {
      clearTimeout(timer);
    }
  })();
}

/** The app has taken over (call once it has hydrated): the method submitted before then, if any. */
export function takeEarlyChoice(): string | null {
  window.__checkoutReady = true;
  const chosen = window.__checkoutChosen ?? null;
  window.__checkoutChosen = undefined;
  return chosen;
}
