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
  customCss: `.scalar-app {
  --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
}`,
};

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
