'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { View } from './flow';
import { usePolling } from './use-polling';
import { takeEarlySession } from './early-session';
import {
  EXPIRABLE,
  callApi,
  forgetToken,
  parseTimestamp,
  sessionPath,
  takeToken,
  tokenStorageKey,
  type ApiResult,
  type Session,
  type StatusUpdate,
} from './session';

/** `no_token`: the link came without its `#token=` part (an app cut it), nothing in this tab either. */
export type Phase = 'loading' | 'ready' | 'no_token' | 'invalid' | 'load_error';

/**
 * The session as the page knows it: the token (from the fragment, kept per tab), the first load
 * (retried while the network or server is down), polling, the server's clock, and whether the
 * payment became final during this visit. `setView` is reset to 'auto' when the state moves on.
 */
export function useCheckoutSession(reference: string, setView: (view: View) => void) {
  const [token, setToken] = useState<string | null>(null);
  const [tokenInMemoryOnly, setTokenInMemoryOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>('loading');
  const [session, setSession] = useState<Session | null>(null);
  const [offline, setOffline] = useState(false);
  // The payment became final while this page was open (not a receipt opened later): redirect then.
  const [paidHere, setPaidHere] = useState(false);
  // Bumped when an action's message goes stale (the state moved on by itself).
  const [staleNotices, setStaleNotices] = useState(0);
  const sessionRef = useRef<Session | null>(null);
  const clock = useRef({ server: Date.now(), perf: 0 });
  const pollNow = useRef<() => void>(() => {});

  const serverNow = useCallback(() => clock.current.server + (performance.now() - clock.current.perf), []);

  /** Every answer carries server_time: keep a monotonic clock in the server's time, corrected for half the round trip. */
  const syncClock = useCallback((serverTime: string, startedAt: number, receivedAt: number) => {
    const server = parseTimestamp(serverTime);
    if (Number.isFinite(server)) clock.current = { server: server + (receivedAt - startedAt) / 2, perf: receivedAt };
  }, []);

  const applySession = useCallback(
    (next: Session, options: { keepView?: boolean } = {}) => {
      const previous = sessionRef.current;
      sessionRef.current = next;
      setSession(next);
      const statusChanged = previous && previous.checkout.status !== next.checkout.status;
      if (statusChanged && (next.checkout.status === 'paid' || next.checkout.status === 'completed')) setPaidHere(true);
      // A status change found by polling makes an earlier action's message stale.
      if (statusChanged && options.keepView) setStaleNotices((n) => n + 1);
      if (!options.keepView || (statusChanged && !EXPIRABLE.includes(next.checkout.status))) setView('auto');
    },
    [setView],
  );

  /** An answer of any call that carries the session (reads and writes). */
  const accept = useCallback(
    (result: Extract<ApiResult<Session>, { ok: true }>, options: { keepView?: boolean } = {}) => {
      syncClock(result.data.server_time, result.requestStartedAt, result.receivedAt);
      applySession(result.data, options);
    },
    [syncClock, applySession],
  );

  const invalidate = useCallback(() => {
    forgetToken(reference);
    setPhase('invalid');
  }, [reference]);

  /** Reads the whole session again (after a refused action: show the truth). */
  const reload = useCallback(
    async (options: { keepView?: boolean } = {}) => {
      const fresh = await callApi<Session>(sessionPath(reference), { token });
      if (fresh.ok) accept(fresh, options);
    },
    [reference, token, accept],
  );

  // Token: from the fragment (or legacy query), kept per tab, then removed from the address bar.
  useEffect(() => {
    const found = takeToken(reference);
    let stored = false;
    try {
      stored = window.sessionStorage.getItem(tokenStorageKey(reference)) === found;
    } catch {
      stored = false;
    }
    setTokenInMemoryOnly(!stored);
    if (!found) setPhase('no_token');
    else setToken(found);
  }, [reference]);

  // First load, retried with backoff while the network or the server is down.
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: number | undefined;
    let delay = 2000;
    const controller = new AbortController();
    // The very first try takes the read the page's inline script started before this code loaded.
    let early = takeEarlySession<Session>(reference, token);
    const load = async () => {
      const result = await (early ?? callApi<Session>(sessionPath(reference), { token, signal: controller.signal }));
      early = null;
      if (cancelled) return;
      if (result.ok) {
        // keepView: a reload restores the step the customer was on (use-step-history.ts).
        accept(result, { keepView: true });
        setOffline(false);
        setPhase('ready');
        return;
      }
      if (result.kind === 'unauthorized' || result.kind === 'not_found' || result.kind === 'invalid') {
        invalidate();
        return;
      }
      setPhase('load_error');
      if (result.kind === 'network') setOffline(true);
      const wait = result.retryAfter ? result.retryAfter * 1000 : delay;
      delay = Math.min(delay * 2, 30000);
      timer = window.setTimeout(() => void load(), wait);
      pollNow.current = () => {
        window.clearTimeout(timer);
        void load();
      };
    };
    void load();
    return () => {
      cancelled = true;
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [token, reference, accept, invalidate]);

  const onPollAnswer = useCallback(
    (result: Extract<ApiResult<StatusUpdate>, { ok: true }>, merged: Session) => {
      syncClock(result.data.server_time, result.requestStartedAt, result.receivedAt);
      applySession(merged, { keepView: true });
    },
    [syncClock, applySession],
  );

  usePolling({
    token,
    ready: phase === 'ready',
    reference,
    sessionRef,
    status: session?.checkout.status,
    attemptKey: session?.latest_attempt ? `${session.latest_attempt.id}:${session.latest_attempt.status}` : '',
    serverNow,
    onAnswer: onPollAnswer,
    onUnauthorized: invalidate,
    onOffline: setOffline,
    pollNow,
  });

  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  return {
    token,
    tokenInMemoryOnly,
    phase,
    session,
    sessionRef,
    offline,
    paidHere,
    staleNotices,
    serverNow,
    accept,
    reload,
    invalidate,
    pollNow,
  };
}
