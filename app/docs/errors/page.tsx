import type { Metadata } from 'next';
import { Fragment } from 'react';
import { ERROR_ACTIONS } from '@/lib/platform/http/error-actions';
import { ERROR_CODE_LIST, ERROR_CODES, statusesOf } from '@/lib/platform/http/error-codes';
import styles from '../docs.module.css';

export const metadata: Metadata = {
  title: 'Error codes · Merchant Payments',
  description: 'Every error code of the Merchant Payments API: what happened and what to do.',
};

/** `code` spans of the catalogue's text as <code>, the rest as text. */
function Text({ children }: { children: string }) {
  return children
    .split('`')
    .map((part, i) => (i % 2 ? <code key={i}>{part}</code> : <Fragment key={i}>{part}</Fragment>));
}

/**
 * GET /docs/errors: one entry per `error.code`, each the target of the `doc_url` every error body
 * carries (`…/docs/errors#<code>`). Built from the codes the server answers with, so none is missing.
 */
export default function ErrorCodesPage() {
  return (
    <div className={styles.page}>
      <main>
        <section className={styles.header} aria-labelledby="errors-title">
          <div className={styles.column}>
            <p className={styles.eyebrow}>
              <a href="/docs">Merchant Payments API</a>
            </p>
            <h1 id="errors-title" className={styles.title}>
              Error codes
            </h1>
            <p className={styles.lead}>
              Every error answer has <code>error.code</code>, for your program, and <code>error.doc_url</code>, which
              points here. Each entry says what happened and what to do.
            </p>
          </div>
        </section>
        <section className={styles.quickStart} aria-label="Every error code">
          <dl className={`${styles.column} ${styles.errors}`}>
            {ERROR_CODE_LIST.map((code) => (
              <div key={code} className={styles.error}>
                <dt id={code} tabIndex={-1}>
                  <code>{code}</code> <span className={styles.status}>HTTP {statusesOf(code).join(' or ')}</span>
                </dt>
                <dd>
                  <Text>{ERROR_CODES[code].meaning}</Text>.
                </dd>
                <dd>
                  <strong>What to do:</strong> <Text>{ERROR_ACTIONS[code]}</Text>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </main>
    </div>
  );
}
