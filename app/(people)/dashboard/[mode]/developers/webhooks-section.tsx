import { EVENT_TYPES } from '@/lib/notifications/events/catalog';
import type { Webhook } from '@/lib/notifications/webhooks/contract';
import type { DevelopersWords } from '@/lib/surfaces/dashboard/copy/developers';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { MemberCtx } from '@/lib/surfaces/dashboard/member';
import { SecretForm } from './secret-form';
import styles from '../ui.module.css';
import { DataTable } from '../../../ui/table';
import { TextField } from '../../../ui/field';

export function webhookState(w: Webhook, words: DevelopersWords) {
  if (!w.enabled) return <span className={styles.bad}>{words.disabled}</span>;
  if (w.failing_since) return <span className={styles.bad}>{words.failing}</span>;
  return <span className={styles.good}>{words.enabled}</span>;
}

/** The mode's endpoints and, for roles that may, the form that adds one. */
export function WebhooksSection(props: {
  ctx: MemberCtx;
  webhooks: Webhook[];
  words: DevelopersWords;
  shell: ShellWords;
  mayManage: boolean;
}) {
  const { ctx, webhooks, words, shell } = props;
  const base = `/dashboard/${ctx.mode}/developers/webhooks`;
  return (
    <section className={styles.section} aria-labelledby="webhooks">
      <h2 className={styles.sectionTitle} id="webhooks">
        {words.webhooks}
      </h2>
      <p className={styles.hint}>{words.webhooks_lead}</p>
      {webhooks.length === 0 ? (
        <p className={styles.empty}>{words.no_webhooks}</p>
      ) : (
        <DataTable label={words.webhooks} columns={[words.url, words.events, words.status]}>
          {webhooks.map((w) => (
            <tr key={w.id}>
              <th scope="row" className={styles.mono}>
                <a className={styles.link} href={`${base}/${w.id}`}>
                  {w.url}
                </a>
              </th>
              <td>{w.events.includes('*') ? words.all_events : w.events.join(', ')}</td>
              <td>{webhookState(w, words)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {props.mayManage && (
        <>
          <h3 className={styles.sectionTitle}>{words.add_webhook}</h3>
          <SecretForm
            name="createWebhook"
            mode={ctx.mode}
            shell={shell}
            submit={words.add_webhook_submit}
            shownOnce={words.webhook_secret}
          >
            <TextField id="webhook-url" label={words.url} name="url" type="url" required placeholder="https://" />
            <TextField id="webhook-description" label={words.description} name="description" maxLength={500} />
            <label>
              <input type="checkbox" name="all_events" defaultChecked /> {words.all_events}
            </label>
            <details>
              <summary>{words.choose_events}</summary>
              <fieldset className={styles.checks}>
                <legend className={styles.visuallyHidden}>{words.events}</legend>
                {EVENT_TYPES.map((type) => (
                  <label key={type} className={styles.mono}>
                    <input type="checkbox" name={`event_${type}`} /> {type}
                  </label>
                ))}
              </fieldset>
            </details>
            {ctx.mode === 'test' && (
              <label>
                <input type="checkbox" name="allow_loopback" /> {words.allow_loopback}
              </label>
            )}
          </SecretForm>
        </>
      )}
    </section>
  );
}
