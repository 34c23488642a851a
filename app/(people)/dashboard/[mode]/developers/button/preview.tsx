'use client';

import { useEffect, useRef } from 'react';
import type { EmbedButton } from '@/lib/checkout/embed/contract';

/** Where the checkout button's script is served (docs/checkout-button.md): the dashboard's own origin. */
const SCRIPT = '/embed/v1/button.js';

/**
 * The button exactly as a merchant's page shows it: the real /embed/v1/button.js, given what its
 * session call would answer in `data-preview` (its preview mode), so this is never a look-alike.
 * The script redraws when the attribute changes and makes no call to the service: clicking the
 * preview starts no checkout. The script runs once; only the attribute changes as the form does.
 */
export function ButtonPreview({ id, button, locale }: { id: string; button: EmbedButton; locale: string }) {
  const script = useRef<HTMLScriptElement | null>(null);
  const description = JSON.stringify(button);
  const latest = useRef(description);
  latest.current = description;

  useEffect(() => {
    const element = document.createElement('script');
    element.src = SCRIPT;
    element.async = true;
    element.dataset.container = id;
    element.dataset.locale = locale;
    element.dataset.preview = latest.current;
    document.body.appendChild(element);
    script.current = element;
    return () => {
      element.remove();
      // A remount (React's development double run, a locale change) starts from an empty host.
      document.getElementById(id)?.shadowRoot?.replaceChildren();
      script.current = null;
    };
  }, [id, locale]);

  useEffect(() => {
    script.current?.setAttribute('data-preview', description);
  }, [description]);

  return <div id={id} data-testid="button-preview" />;
}
