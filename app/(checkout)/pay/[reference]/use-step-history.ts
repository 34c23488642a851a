'use client';

import { useEffect, useRef } from 'react';
import { TRANSIENT_SCREENS, type Screen, type View } from './flow';

/**
 * Back (Android's button, the browser's) returns one step instead of leaving the checkout: each
 * screen the customer reaches is a history entry (pushState; the URL never changes, so the token
 * can never come back into it), and popstate shows that entry's step again. The server's state
 * still decides what a step can show: an entry that would now show the screen already on display
 * (a paid checkout, say) is skipped. What only the page knows (the mobile-money form and its
 * network) lives in the entry's state, so a reload lands on the same step.
 */
export interface StepEntry {
  screen: Screen;
  view: View;
  /** The network chosen on the mobile-money form. */
  network?: string;
}

const KEY = 'checkoutStep';

function entryOf(state: unknown): StepEntry | null {
  const entry = (state as Record<string, unknown> | null)?.[KEY] as StepEntry | undefined;
  return entry && typeof entry.screen === 'string' && typeof entry.view === 'string' ? entry : null;
}

export function useStepHistory({
  screen,
  view,
  network,
  screenOf,
  restore,
}: {
  screen: Screen;
  view: View;
  network: string;
  /** The screen a view would show now. */
  screenOf: (view: View) => Screen;
  /** Shows an entry's step again (after Back, or on a reload). */
  restore: (entry: StepEntry) => void;
}) {
  const shown = useRef<Screen | null>(null);
  const returning = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  // A reload: back to the step this entry was on.
  useEffect(() => {
    const entry = entryOf(window.history.state);
    if (entry) restoreRef.current(entry);
  }, []);

  useEffect(() => {
    if (screen === 'loading') return;
    const previous = shown.current;
    shown.current = screen;
    // The steps the customer picks (the choice, the form) are kept as such: going back to one shows
    // it again even where the server's state would now show something else (transfer instructions).
    const step: View = screen === 'choose' || screen === 'mobile_money_form' ? screen : view;
    const entry: StepEntry = { screen, view: step, ...(step === 'mobile_money_form' && network ? { network } : {}) };
    const newStep =
      previous !== null && previous !== screen && !returning.current && !TRANSIENT_SCREENS.includes(previous);
    returning.current = false;
    if (newStep) window.history.pushState({ [KEY]: entry }, '');
    else window.history.replaceState({ ...(window.history.state ?? {}), [KEY]: entry }, '');
  }, [screen, view, network]);

  const screenOfRef = useRef(screenOf);
  screenOfRef.current = screenOf;
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const entry = entryOf(event.state);
      if (!entry) return;
      if (screenOfRef.current(entry.view) === shown.current) {
        // Nothing to go back to on this entry any more: keep going back.
        window.history.back();
        return;
      }
      returning.current = true;
      restoreRef.current(entry);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
