import { STATUS_WORDS, wordFor } from '@/lib/surfaces/dashboard/copy/statuses';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getWebhook, listDeliveries } from '@/lib/notifications/webhooks/manage';
import { listDeliveriesQuery, webhookIdParams } from '@/lib/notifications/webhooks/input';
import { ApiError } from '@/lib/platform/http/errors';
import { WEBHOOK_ACTIONS } from '@/lib/surfaces/dashboard/actions/webhooks';
import { DEVELOPERS_COPY } from '@/lib/surfaces/dashboard/copy/developers';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { pageLocale } from '../../../../../frame';
import { ActionForm } from '../../../action-form';
import { memberOf, shellWords } from '../../../member';
import { SecretForm } from '../../secret-form';
import { webhookState } from '../../webhooks-section';
import styles from '../../../ui.module.css';
import { DataTable } from '../../../../../ui/table';
import { Pager } from '../../../pager';

export const metadata: Metadata = { title: 'Webhook endpoint' };

/** One endpoint: its state and controls, and its delivery log with every attempt's request and response. */
export default async function WebhookPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string; webhook_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const { webhook_id } = await params;
  if (!webhookIdParams.safeParse({ webhook_id }).success) notFound();
  const query = listDeliveriesQuery.safeParse({ page: (await searchParams).page ?? '1' });
  const paging = query.success ? query.data : listDeliveriesQuery.parse({});
  const found = await Promise.all([
    getWebhook(ctx.db, ctx.tenant, webhook_id),
    listDeliveries(ctx.db, ctx.tenant, webhook_id, paging),
  ]).catch((error: unknown) => {
    // Another merchant's endpoint, or the other mode's, is simply not here.
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const [webhook, deliveries] = found;
  const locale = await pageLocale();
  const words = DEVELOPERS_COPY[locale];
  const shell = await shellWords();
  const may = allows(ctx.role, WEBHOOK_ACTIONS.setWebhookEnabled.allowed);
  const when = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—';
  const hidden = { webhook_id };
  const here = `/dashboard/${ctx.mode}/developers/webhooks/${webhook_id}`;
  return (
    <>
      <p>
        <a className={styles.link} href={`/dashboard/${ctx.mode}/developers`}>
          {words.back}
        </a>
      </p>
      <h1 className={styles.title}>
        <span className={styles.mono}>{webhook.url}</span>
      </h1>
      <section className={styles.section} aria-label={words.webhooks}>
        <p className={styles.row}>
          {webhookState(webhook, words)}
          <span>{webhook.events.includes('*') ? words.all_events : webhook.events.join(', ')}</span>
          <span className={styles.mono}>{webhook.secret_hint}</span>
        </p>
        {webhook.description && <p>{webhook.description}</p>}
        {may && (
          <div className={styles.row}>
            <ActionForm
              name="sendWebhookTest"
              mode={ctx.mode}
              words={shell}
              submit={words.send_test}
              hidden={hidden}
              success={words.test_sent}
              variant="secondary"
              inline
            />
            {/* Asks nothing: one click turns the endpoint back on. */}
            <ActionForm
              name="setWebhookEnabled"
              mode={ctx.mode}
              words={shell}
              submit={webhook.enabled ? words.turn_off : words.turn_on}
              hidden={{ ...hidden, enabled: String(!webhook.enabled) }}
              variant="secondary"
              inline
            />
            <SecretForm
              name="rotateWebhookSecret"
              mode={ctx.mode}
              shell={shell}
              submit={words.rotate}
              shownOnce={words.rotated_secret}
              hidden={hidden}
              // The old secret stops working at once: the receiver fails until it has the new one.
              confirm={shell.confirm_question}
            />
            <ActionForm
              name="deleteWebhook"
              mode={ctx.mode}
              words={shell}
              submit={words.delete_webhook}
              hidden={hidden}
              after={`/dashboard/${ctx.mode}/developers`}
              success={words.deleted}
              variant="danger"
              inline
            />
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby="deliveries">
        <h2 className={styles.sectionTitle} id="deliveries">
          {words.deliveries}
        </h2>
        {deliveries.data.length === 0 && <p className={styles.empty}>{words.no_deliveries}</p>}
        {deliveries.data.map((d) => (
          <details key={d.id} className={styles.delivery}>
            <summary>
              <span
                className={d.status === 'succeeded' ? styles.good : d.status === 'pending' ? styles.badge : styles.bad}
              >
                {wordFor(STATUS_WORDS[locale].delivery_status, d.status)}
              </span>{' '}
              <span className={styles.mono}>{d.event_type}</span> · {when(d.created_at)} · {words.attempts}:{' '}
              {d.attempt_count}
            </summary>
            <h3 className={styles.label}>{words.request}</h3>
            <pre className={styles.pre}>{JSON.stringify(d.payload, null, 2)}</pre>
            {d.attempts.length > 0 && (
              <DataTable
                label={`${words.attempts}: ${d.event_type}`}
                columns={[words.attempt, words.status, words.response]}
              >
                {d.attempts.map((a) => (
                  <tr key={a.attempt_number}>
                    <th scope="row">
                      {a.attempt_number} · {when(a.attempted_at)}
                    </th>
                    <td>
                      {a.status_code ?? a.error ?? '—'} {a.latency_ms !== null ? `(${a.latency_ms} ms)` : ''}
                    </td>
                    <td className={styles.mono}>{a.response_body ?? ''}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            {may && d.status !== 'pending' && (
              <ActionForm
                name="redeliverWebhookDelivery"
                mode={ctx.mode}
                words={shell}
                submit={words.redeliver}
                hidden={{ ...hidden, delivery_id: d.id }}
                success={words.redelivered}
                variant="secondary"
                inline
              />
            )}
          </details>
        ))}
        <Pager
          page={paging.page}
          hasMore={deliveries.pagination.has_more}
          hrefOf={(page) => `${here}?page=${page}`}
          words={words}
        />
      </section>
    </>
  );
}
