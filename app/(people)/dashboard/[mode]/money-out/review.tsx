'use client';

import { Fragment, type ReactNode } from 'react';
import type { MoneyOutWords } from '@/lib/surfaces/dashboard/copy/money-out';
import styles from '../ui.module.css';
import layout from './money-out.module.css';

/** What money out shows before it sends: the amount and the fee in minor units, the facts about who receives it. */
export interface ReviewFigures {
  amount: bigint;
  fee: bigint;
}

/**
 * The review of a withdrawal or a payout, shown on the first submit: who receives it (and how), the
 * amount, the fee by the schedule, what leaves the wallet (amount plus fee: money out pays its fee on
 * top) and what arrives. Its first button submits the form (the second submit sends); "Change" goes
 * back to the fields.
 */
export function MoneyReview({
  id,
  recipient,
  facts = [],
  figures,
  shown,
  send,
  pending,
  onChange,
  words,
}: {
  /** Ids of the heading and the list (`<id>-title`, and the test id `<id>`). */
  id: string;
  recipient: string;
  /** More about the recipient before the figures (their account, how it is sent), in the page's words. */
  facts?: { term: string; value: ReactNode }[];
  figures: ReviewFigures;
  shown: (minor: bigint) => string;
  /** The words of the button that sends it. */
  send: string;
  pending: boolean;
  onChange: () => void;
  words: MoneyOutWords;
}) {
  return (
    <div className={styles.ask} role="group" aria-labelledby={`${id}-title`}>
      <p className={styles.askQuestion} id={`${id}-title`} role="status">
        {words.review_title}
      </p>
      <dl className={`${styles.facts} ${layout.review}`} data-testid={id}>
        <dt>{words.review_to}</dt>
        <dd>
          <bdi>{recipient}</bdi>
        </dd>
        {facts.map((f) => (
          <Fragment key={f.term}>
            <dt>{f.term}</dt>
            <dd>{f.value}</dd>
          </Fragment>
        ))}
        <dt>{words.review_amount}</dt>
        <dd>{shown(figures.amount)}</dd>
        <dt>{words.review_fee}</dt>
        <dd>{shown(figures.fee)}</dd>
        <dt>{words.review_total}</dt>
        <dd>{shown(figures.amount + figures.fee)}</dd>
        <dt>{words.review_arrives}</dt>
        <dd>{shown(figures.amount)}</dd>
      </dl>
      <div className={styles.row}>
        <button type="submit" className={styles.button} disabled={pending} autoFocus>
          {send}
        </button>
        <button type="button" className={styles.secondary} onClick={onChange}>
          {words.review_change}
        </button>
      </div>
    </div>
  );
}
