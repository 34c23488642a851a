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

/** What the inline script needs of the page: the class that greys a line waiting for its text (frame.module.css). */
export interface EarlyPaint {
  placeholderClass: string;
}

/**
 * The inline script, for a reference already checked to be well-formed (letters, digits, dashes).
 *
 * It paints the amount and the description as soon as the early read answers, into the summary's
 * placeholder lines (`data-early`, which React leaves alone: suppressHydrationWarning), formatted as
 * the app will (Intl, the page's language): the customer sees how much before choosing how to pay,
 * most of a second before the app has loaded on a slow phone. Only while the checkout is pending.
 *
 * It also holds back a form sent before the app has taken over (the server renders the choice of
 * method, so Continue can be pressed while the JavaScript is still on its way): sent by the browser,
 * it would load the page again without the token's fragment. The chosen method is kept for the app,
 * which goes on with it once it has loaded (takeEarlyChoice); the button says at once that it is on
 * its way (busy, and the form's "Opening…" status line unhidden).
 */
export function earlySessionScript(reference: string, paint: EarlyPaint): string {
  const args = [reference, tokenStorageKey(reference), sessionPath(reference), paint.placeholderClass]
    .map((v) => JSON.stringify(v).replace(/</g, '\\u003c'))
    .join(',');
  return `(function(r,k,p,c){try{var d=document,L=d.documentElement.lang;function q(n){return d.querySelector('[data-early='+n+']')}function show(e,text){if(!e)return;e.textContent=text;e.classList.remove(c);e.removeAttribute('aria-hidden')}
d.addEventListener('submit',function(e){if(window.__checkoutReady)return;e.preventDefault();var f=e.target,m=f&&f.elements&&f.elements.method;if(m&&m.value){window.__checkoutChosen=m.value;var s=f.querySelector('[type=submit]');if(s){s.setAttribute('aria-busy','true');s.setAttribute('aria-disabled','true')}var a=f.querySelector('[data-early=ack]');if(a)a.hidden=false}},true);
var t=new URLSearchParams(location.hash.slice(1)).get('token')||new URLSearchParams(location.search).get('token');if(!t){try{t=sessionStorage.getItem(k)}catch(e){}}if(!t)return;
window.__checkoutEarly={reference:r,token:t,startedAt:performance.now(),response:fetch(p,{headers:{accept:'application/json','x-checkout-token':t,'x-checkout-locale':L},cache:'no-store',credentials:'omit'}).then(function(res){if(res.ok)res.clone().json().then(function(j){var o=j&&j.data&&j.data.checkout;if(!o||o.status!=='pending'||window.__checkoutReady)return;var f;try{f=new Intl.NumberFormat(L,{style:'currency',currency:o.currency_code})}catch(e){f=new Intl.NumberFormat(L,{minimumFractionDigits:2,maximumFractionDigits:2})}var x=f.format(o.amount),a=q('amount');if(a){show(a,x);a.style.setProperty('--chars',x.length);a.setAttribute('data-testid','amount')}if(o.description)show(q('description'),o.description)}).catch(function(){});return res})}}catch(e){}})(${args})`;
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

/**
 * The app has taken over (call once it has hydrated, before paint): the method submitted before then,
 * if any. What the inline script marked on the form (busy button, "Opening…") is put back, so that
 * from now on only the app's own state shows it.
 */
export function takeEarlyChoice(): string | null {
  window.__checkoutReady = true;
  for (const button of document.querySelectorAll('form [type=submit][aria-busy]')) {
    button.removeAttribute('aria-busy');
    button.removeAttribute('aria-disabled');
  }
  for (const ack of document.querySelectorAll<HTMLElement>('[data-early=ack]')) ack.hidden = true;
  const chosen = window.__checkoutChosen ?? null;
  window.__checkoutChosen = undefined;
  return chosen;
}
