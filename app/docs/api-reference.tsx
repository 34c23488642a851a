'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './docs.module.css';

interface ScalarInstance {
  destroy(): void;
}
interface ScalarModule {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): ScalarInstance;
}

/**
 * Offline and private: the renderer's defaults would load Inter from fonts.scalar.com, route "Test
 * request" through proxy.scalar.com, offer an AI agent and MCP links backed by scalar.com, and send
 * telemetry. All of that is off; the browser talks only to this origin.
 */
const CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: '',
  agent: { disabled: true, hideAddApi: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // Its "Open API Client" link goes to client.scalar.com; "Test request" (in the page) stays.
  hideClientButton: true,
  hideDarkModeToggle: true,
  forceDarkModeState: 'light',
  documentDownloadType: 'json',
  defaultOpenFirstTag: true,
  // Its light theme's muted greys and method colours miss WCAG AA contrast (axe: 10 elements on a
  // phone, 17 on a desktop), and its endpoint list scrolls sideways without being focusable; these
  // darker shades and wrapped paths clear both (tests/e2e/docs.spec.ts holds the renderer to axe).
  customCss: `.scalar-app, .light-mode, .light-mode .scalar-app {
  --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
  --scalar-color-2: #595959 !important;
  --scalar-color-3: #636363 !important;
  --scalar-color-green: #00734a !important;
  --scalar-color-blue: #005f9e !important;
  --scalar-color-orange: #a14f00 !important;
  --scalar-color-red: #b3261e !important;
  --scalar-color-yellow: #7a5c00 !important;
  --scalar-color-purple: #6f3aa8 !important;
}
.scalar-app .endpoints { overflow: visible !important; }
.scalar-app .endpoints .endpoint, .scalar-app .endpoints .endpoint > *:last-child { white-space: normal !important; }
.scalar-app .endpoints .endpoint > *:last-child { overflow-wrap: anywhere; }`,
};

/**
 * The renderer's key field has a fixed placeholder that looks like a real secret (a base64 string) and
 * no setting for it; a developer could take it for a key already filled in. The field is rewritten to
 * say what goes there. (Pre-filling a value, which the renderer does support, would show as a
 * password's dots: worse.)
 */
const RENDERER_KEY_PLACEHOLDER = 'QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT';
const KEY_PLACEHOLDER = 'Your API key (sk_test_… or sk_live_…)';

function sayWhatTheKeyFieldTakes(): MutationObserver {
  const selector = `input[placeholder="${RENDERER_KEY_PLACEHOLDER}"]`;
  const rewrite = (root: ParentNode) => {
    if (root instanceof HTMLInputElement && root.matches(selector)) root.placeholder = KEY_PLACEHOLDER;
    for (const input of root.querySelectorAll<HTMLInputElement>(selector)) input.placeholder = KEY_PLACEHOLDER;
  };
  // Only what changed is looked at: the added elements, and inputs whose placeholder was set.
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') rewrite(record.target as Element);
      for (const node of record.addedNodes) if (node instanceof Element) rewrite(node);
    }
  });
  // The request client opens in a dialog outside the mount point.
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['placeholder'],
  });
  rewrite(document);
  return observer;
}

/**
 * Mounts the renderer (its own prebuilt bundle, loaded at run time from this service, outside Next's
 * bundler) into an element React never renders children into.
 */
export function ApiReference({ bundleUrl, documentUrl }: { bundleUrl: string; documentUrl: string }) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let instance: ScalarInstance | undefined;
    const keyField = sayWhatTheKeyFieldTakes();
    import(/* webpackIgnore: true */ /* turbopackIgnore: true */ bundleUrl)
      .then((scalar: ScalarModule) => {
        if (cancelled || !mountPoint.current) return;
        instance = scalar.createApiReference(mountPoint.current, { ...CONFIGURATION, url: documentUrl });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      keyField.disconnect();
      instance?.destroy();
    };
  }, [bundleUrl, documentUrl]);

  return (
    <>
      {state !== 'ready' && (
        <p className={styles.rendererStatus} role={state === 'failed' ? 'alert' : 'status'}>
          {state === 'loading' ? 'Loading the API reference…' : 'The API reference could not be loaded. '}
          {state === 'failed' && <a href={documentUrl}>Read the OpenAPI document</a>}
        </p>
      )}
      <div ref={mountPoint} />
    </>
  );
}
