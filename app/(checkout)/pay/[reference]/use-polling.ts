'use client';

import { useEffect, type RefObject } from 'react';
import { pollInterval } from './flow';
import {
  EXPIRABLE,
  callApi,
  mergeStatus,
  parseTimestamp,
  sessionPath,
  type ApiResult,
  type Session,
  type StatusUpdate,
} from './session';

export interface PollingOptions {
  token: string | null;
  /** Poll only once the session is loaded. */
  ready: boolean;
  reference: string;
  sessionRef: RefObject<Session | null>;
  /** A new status or attempt re-plans the schedule (pollInterval depends on both). */
  status: string | undefined;
  attemptKey: string;
  serverNow: () => number;
  onAnswer: (result: Extract<ApiResult<StatusUpdate>, { ok: true }>, merged: Session) => void;
  onUnauthorized: () => void;
  onOffline: (offline: boolean) => void;
  /** Set to "ask now" (after a sandbox simulation, on "Try again"). */
  pollNow: RefObject<() => void>;
}

/**
 * Asks for news while a payment can still change: by status (fast right after a prompt), slower in
 * hidden tabs, Retry-After on 429, backoff when offline, and a check right at expiry so the page
 * never offers to pay an expired checkout.
 */
export function usePolling({
  token,
  ready,
  reference,
  sessionRef,
  status,
  attemptKey,
  serverNow,
  onAnswer,
  onUnauthorized,
  onOffline,
  pollNow,
}: PollingOptions) {
  useEffect(() => {
    if (!token || !ready || !sessionRef.current) return;
    if (pollInterval(sessionRef.current, serverNow()) === null) return;
    let stopped = false;
    let timer: number | undefined;
    let failures = 0;
    let inFlight = false;
    const controller = new AbortController();

    const nextDelay = (base: number) => {
      const current = sessionRef.current;
      let delay = document.visibilityState === 'hidden' ? Math.min(base * 4, 60000) : base;
      if (current && EXPIRABLE.includes(current.checkout.status)) {
        const untilExpiry = parseTimestamp(current.checkout.expires_at) - serverNow() + 1000;
        if (Number.isFinite(untilExpiry)) delay = Math.max(500, Math.min(delay, untilExpiry));
      }
      return delay;
    };
    const schedule = (delay: number) => {
      window.clearTimeout(timer);
      if (!stopped) timer = window.setTimeout(() => void tick(), delay);
    };
    const tick = async () => {
      window.clearTimeout(timer);
      if (inFlight) return;
      inFlight = true;
      const result = await callApi<StatusUpdate>(`${sessionPath(reference)}/status`, {
        token,
        signal: controller.signal,
      });
      inFlight = false;
      if (stopped) return;
      const current = sessionRef.current;
      if (result.ok && current) {
        failures = 0;
        onOffline(false);
        const merged = mergeStatus(current, result.data);
        onAnswer(result, merged);
        const interval = pollInterval(merged, serverNow());
        // A status change re-runs this effect (with its own schedule); otherwise keep going.
        if (interval !== null && merged.checkout.status === current.checkout.status) schedule(nextDelay(interval));
        return;
      }
      if (!result.ok && result.kind === 'unauthorized') {
        onUnauthorized();
        return;
      }
      failures += 1;
      if (!result.ok && result.kind === 'network' && failures >= 2) onOffline(true);
      const base = current ? (pollInterval(current, serverNow()) ?? 5000) : 5000;
      const retry = !result.ok && result.retryAfter ? result.retryAfter * 1000 : Math.min(base * 2 ** failures, 30000);
      schedule(nextDelay(retry));
    };

    pollNow.current = () => void tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
    };
    const onOnline = () => void tick();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    schedule(nextDelay(pollInterval(sessionRef.current, serverNow()) ?? 5000));
    return () => {
      stopped = true;
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
    // status and attemptKey: a new state plans a new schedule.
  }, [
    token,
    ready,
    status,
    attemptKey,
    reference,
    sessionRef,
    serverNow,
    onAnswer,
    onUnauthorized,
    onOffline,
    pollNow,
  ]);
}
