'use client';

import { useEffect, useState } from 'react';
import type { Screen } from './flow';

type BankScreensModule = typeof import('./bank-transfer-screens');

/**
 * The bank transfer's details and waiting screens are loaded on their own: most customers pay by
 * mobile money and never need them (bench:page, issue 32). Loading starts when the customer chooses
 * bank transfer, in parallel with the request for the account, or when the page opens on one of them.
 */
export const BANK_SCREENS: ReadonlySet<Screen> = new Set<Screen>(['bank_details', 'bank_waiting']);

let loaded: BankScreensModule | null = null;
let loading: Promise<BankScreensModule> | null = null;

export function loadBankScreens(): Promise<BankScreensModule> {
  loading ??= import('./bank-transfer-screens').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A lost connection: the next call tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The screens once loaded, or null: Screens draws a bank screen only when they are. */
export const bankScreens = (): BankScreensModule | null => loaded;

/** Whether `screen` can be drawn now; loads its code when it is a bank screen (again every 2 s if that fails). */
export function useScreenCode(screen: Screen): boolean {
  const needed = BANK_SCREENS.has(screen);
  const [, setLoadedAt] = useState(0);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    let timer: number | undefined;
    const load = () =>
      loadBankScreens().then(
        () => live && setLoadedAt(Date.now()),
        () => live && (timer = window.setTimeout(load, 2_000)),
      );
    void load();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [needed]);
  return !needed || loaded !== null;
}
