'use client';

import { useRef, useState } from 'react';
import ui from '../ui.module.css';
import styles from './checkouts.module.css';

/**
 * A checkout's link with a button that copies it. The link stays visible in a read-only field, so it
 * can be selected and copied by hand where the clipboard is not allowed.
 */
export function CopyLink({
  id,
  url,
  label,
  copy,
  copied,
  failed,
}: {
  id: string;
  url: string;
  label: string;
  copy: string;
  copied: string;
  failed: string;
}) {
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyLink = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
      field.current?.select();
    }
  };
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <input
          ref={field}
          id={id}
          className={`${ui.input} ${styles.linkField}`}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          data-testid="checkout-link"
        />
        <button type="button" className={ui.secondary} onClick={copyLink}>
          {copy}
        </button>
      </div>
      <p className={styles.copyState} role="status">
        {state === 'copied' ? copied : state === 'failed' ? failed : ''}
      </p>
    </div>
  );
}
