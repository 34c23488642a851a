'use client';

import { useRef, useState } from 'react';
import styles from '../ui.module.css';

/**
 * A secret shown once, with a button that copies it (as the button builder's snippet does). Where the
 * clipboard is refused, the secret is selected instead, to be copied by hand. It sits inside the
 * form's status message, which announces what the button says happened.
 */
export function CopySecret({
  secret,
  testId,
  copy,
  copied,
  failed,
}: {
  secret: string;
  testId: string;
  copy: string;
  copied: string;
  failed: string;
}) {
  const code = useRef<HTMLElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setState('copied');
    } catch {
      setState('failed');
      const range = document.createRange();
      range.selectNodeContents(code.current!);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
    }
  };
  return (
    <>
      <code ref={code} className={styles.secret} data-testid={testId}>
        {secret}
      </code>
      <span className={styles.copyRow}>
        <button type="button" className={styles.secondary} onClick={copySecret}>
          {copy}
        </button>
        <span>{state === 'copied' ? copied : state === 'failed' ? failed : ''}</span>
      </span>
    </>
  );
}
