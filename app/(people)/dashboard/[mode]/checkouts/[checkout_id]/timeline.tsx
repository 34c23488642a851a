import type { ReactNode } from 'react';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import type { CheckoutStatus } from '@/lib/platform/vocabulary';
import {
  CHECKOUT_STATE_WORDS,
  CHECKOUT_STATUS_WORDS,
  type CheckoutsWords,
} from '@/lib/surfaces/dashboard/copy/checkouts';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { isolated } from '@/lib/platform/http/isolated';
import type { TimelineEntry } from '@/lib/surfaces/dashboard/views/checkout-timeline';
import { formatsOf } from '../format';
import ui from '../../ui.module.css';
import styles from '../checkouts.module.css';

/**
 * A checkout's timeline as a list, oldest first: each entry says when (UTC), what happened, and the
 * details that matter (amounts, why an attempt failed, where each event's webhooks went).
 */
export function Timeline({
  entries,
  locale,
  words,
}: {
  entries: TimelineEntry[];
  locale: PeopleLocale;
  words: CheckoutsWords;
}) {
  const format = formatsOf(locale);
  const state = (value: string) => CHECKOUT_STATE_WORDS[locale][value] ?? value;
  const status = (value: string) => CHECKOUT_STATUS_WORDS[locale][value as CheckoutStatus] ?? value;
  const method = (value: string) =>
    value === 'mobile_money'
      ? words.method_mobile_money
      : value === 'bank_transfer'
        ? words.method_bank_transfer
        : value;

  const describe = (e: TimelineEntry): { what: ReactNode; more?: ReactNode } => {
    switch (e.kind) {
      case 'created':
        return { what: words.tl_created };
      case 'attempt_started':
        return {
          what: fill(words.tl_attempt_started, { method: method(e.method) }),
          more: [e.network, e.provider, format.money(e.amount, e.currency)].filter(Boolean).join(' · '),
        };
      case 'attempt_ended':
        return {
          what: fill(words.tl_attempt_ended, { status: state(e.status) }),
          more: [e.failureCode, e.failureMessage].filter(Boolean).join(': ') || undefined,
        };
      case 'collection':
        return {
          what:
            e.collection === 'duplicate'
              ? words.tl_collection_duplicate
              : e.collection === 'underpayment'
                ? words.tl_collection_underpayment
                : words.tl_collection,
          more: `${format.money(e.amount, e.currency)} · ${e.rail}`,
        };
      case 'transaction':
        return {
          what: fill(words.tl_transaction, { type: state(e.type), status: state(e.status) }),
          more: format.money(e.amount, e.currency),
        };
      case 'event':
        return {
          what: (
            <>
              {fill(words.tl_event, { type: '' })}
              <span className={ui.mono}>{e.eventType}</span>
            </>
          ),
          more: (
            <>
              {e.status && fill(words.tl_status, { status: status(e.status) })}
              <Deliveries entry={e} words={words} state={state} />
            </>
          ),
        };
      case 'member': {
        // The audit log's name for the action, in words when it is one of this section's.
        const key = `member_${e.action}` as keyof CheckoutsWords;
        return {
          what: fill(words.tl_member, { actor: isolated(e.actorEmail) }),
          more: key in words ? words[key] : <span className={ui.mono}>{e.action}</span>,
        };
      }
    }
  };

  return (
    <ol className={styles.timeline} data-testid="checkout-timeline">
      {entries.map((e, i) => {
        const { what, more } = describe(e);
        return (
          <li key={i} className={styles.entry}>
            <time className={styles.when} dateTime={e.at.toISOString()}>
              {format.moment(e.at)}
            </time>
            <span className={styles.what}>{what}</span>
            {more && <div className={styles.more}>{more}</div>}
          </li>
        );
      })}
    </ol>
  );
}

function Deliveries({
  entry,
  words,
  state,
}: {
  entry: Extract<TimelineEntry, { kind: 'event' }>;
  words: CheckoutsWords;
  state: (value: string) => string;
}) {
  if (entry.deliveries.length === 0)
    return (
      <div className={ui.hint}>
        {words.webhooks} {words.no_webhooks}
      </div>
    );
  return (
    <>
      <div className={ui.hint}>{words.webhooks}</div>
      <ul className={styles.deliveries}>
        {entry.deliveries.map((d) => (
          <li key={d.id}>
            <span className={d.status === 'succeeded' ? ui.good : d.status === 'pending' ? ui.badge : ui.bad}>
              {state(d.status)}
            </span>{' '}
            <span className={ui.mono}>{d.url}</span> · {fill(words.delivery_attempts, { n: d.attempts })}
            {d.lastStatusCode !== null && ` · HTTP ${d.lastStatusCode}`}
            {d.lastError && ` · ${d.lastError}`}
          </li>
        ))}
      </ul>
    </>
  );
}
