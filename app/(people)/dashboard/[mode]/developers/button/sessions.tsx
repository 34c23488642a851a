import type { EmbedSessionView } from '@/lib/checkout/embed/contract';
import type { ButtonWords } from '@/lib/surfaces/dashboard/copy/button';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import { ActionForm } from '../../action-form';
import { money, when as whenIn } from '../../../../ui/format';
import { Snippet } from './snippet';
import ui from '../../ui.module.css';
import styles from './button.module.css';

const STATUS_STYLE = { active: ui.good, disabled: ui.bad, expired: ui.badge } as const;

/** What a button says, as its heading: "Donate GHS 50.00 · GHS 125.50". */
export function sessionTitle(session: EmbedSessionView, locale: string) {
  const format = money(locale);
  const amounts = session.amounts ?? [session.amount ?? 0];
  return `${session.button_label} ${amounts.map((a) => format(a, session.currency_code)).join(' · ')}`;
}

/** The mode's buttons: each one's state, where it may show, what it has done, its snippet, and Disable. */
export function SessionList({
  sessions,
  mode,
  locale,
  mayManage,
  words,
  shell,
}: {
  sessions: EmbedSessionView[];
  mode: string;
  locale: string;
  mayManage: boolean;
  words: ButtonWords;
  shell: ShellWords;
}) {
  if (sessions.length === 0) return <p className={ui.empty}>{words.no_sessions}</p>;
  const at = whenIn(locale);
  return (
    <ul className={styles.cards}>
      {sessions.map((s) => (
        <li key={s.id} className={styles.card}>
          <h3 className={styles.cardTitle} id={`session-${s.id}`}>
            {sessionTitle(s, locale)}
          </h3>
          {s.description && <p className={styles.description}>{s.description}</p>}
          <dl className={ui.facts}>
            <dt>{words.status}</dt>
            <dd>
              <span className={STATUS_STYLE[s.status]}>{words[s.status]}</span>
            </dd>
            <dt>{words.websites}</dt>
            <dd className={ui.mono}>{s.allowed_origins.join(', ')}</dd>
            <dt>{words.checkouts_created}</dt>
            <dd>{s.checkouts_created}</dd>
            <dt>{words.created_at}</dt>
            <dd>{at(s.created_at)}</dd>
            <dt>{words.expires}</dt>
            <dd>{s.disabled_at ? at(s.disabled_at) : s.expires_at ? at(s.expires_at) : words.no_expiry}</dd>
          </dl>
          <details className={styles.details}>
            <summary>{words.show_snippet}</summary>
            <Snippet
              id={`snippet-${s.id}`}
              code={s.snippet}
              label={words.snippet}
              copy={words.copy}
              copied={words.copied}
              failed={words.copy_failed}
            />
          </details>
          {mayManage && s.status === 'active' && (
            <ActionForm
              name="disableEmbedSession"
              mode={mode}
              words={shell}
              submit={words.disable}
              hidden={{ embed_session_id: s.id }}
              variant="danger"
              inline
              success={words.disabled_done}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
