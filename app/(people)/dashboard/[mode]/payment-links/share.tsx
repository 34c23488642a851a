'use client';

import { useEffect, useRef, useState } from 'react';
import type { PaymentLinksWords } from '@/lib/surfaces/dashboard/copy/payment-links';
import ui from '../ui.module.css';
import styles from './links.module.css';

/**
 * The link to hand out: a read-only field with Copy (selected for copying by hand where the
 * clipboard is refused), WhatsApp and SMS with the text filled in, and the phone's own share sheet
 * where the browser has one (Web Share API), and Print for the counter sheet.
 */
export function ShareLink({ url, text, words }: { url: string; text: string; words: PaymentLinksWords }) {
  const field = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  const message = `${text} ${url}`;
  const copy = async () => {
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
      <label className={ui.label} htmlFor="payment-link-url">
        {words.link}
      </label>
      <div className={styles.copyRow}>
        <input
          ref={field}
          id="payment-link-url"
          className={ui.input}
          value={url}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          data-testid="payment-link-url"
        />
        <button type="button" className={ui.secondary} onClick={copy}>
          {words.copy}
        </button>
      </div>
      <p className={styles.copyState} role="status">
        {state === 'copied' ? words.copied : state === 'failed' ? words.copy_failed : ''}
      </p>
      <div className={styles.share} role="group" aria-label={words.share}>
        <a
          className={styles.shareLink}
          href={`https://wa.me/?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          {words.share_whatsapp}
        </a>
        <a className={styles.shareLink} href={`sms:?&body=${encodeURIComponent(message)}`}>
          {words.share_sms}
        </a>
        {canShare && (
          <button
            type="button"
            className={ui.secondary}
            onClick={() => navigator.share({ title: text, text, url }).catch(() => undefined)}
          >
            {words.share_more}
          </button>
        )}
        <button type="button" className={ui.secondary} onClick={() => window.print()}>
          {words.print}
        </button>
      </div>
    </div>
  );
}
