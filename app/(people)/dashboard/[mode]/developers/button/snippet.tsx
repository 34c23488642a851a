'use client';

import { useRef, useState } from 'react';
import ui from '../../ui.module.css';
import styles from './button.module.css';

/**
 * A snippet to paste, read-only, with a button that copies it. The code block can take the focus (to
 * scroll it and select it by keyboard); where the clipboard is refused, the text is selected instead.
 */
export function Snippet({
  id,
  code,
  label,
  copy,
  copied,
  failed,
}: {
  id: string;
  code: string;
  label: string;
  copy: string;
  copied: string;
  failed: string;
}) {
  const block = useRef<HTMLPreElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const select = () => {
    const range = document.createRange();
    range.selectNodeContents(block.current!);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  };
  const copyCode = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      setState('failed');
      select();
    }
  };
  return (
    <div className={ui.field}>
      <span className={ui.label} id={`${id}-label`}>
        {label}
      </span>
      <pre
        ref={block}
        className={`${ui.pre} ${styles.snippet}`}
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-label`}
        data-testid="snippet"
      >
        <code>{code}</code>
      </pre>
      <div className={ui.row}>
        <button type="button" className={ui.secondary} onClick={copyCode}>
          {copy}
        </button>
        <span className={styles.copyState} role="status">
          {state === 'copied' ? copied : state === 'failed' ? failed : ''}
        </span>
      </div>
    </div>
  );
}
