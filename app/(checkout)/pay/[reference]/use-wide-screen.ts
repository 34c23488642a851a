import { useSyncExternalStore } from 'react';

/** A wide screen with a mouse (a laptop, not the phone that holds the wallet); false on the server. */
const WIDE = '(min-width: 48rem) and (hover: hover)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
