import { STATUS_WORDS, wordFor } from '@/lib/surfaces/dashboard/copy/statuses';
import type { Metadata } from 'next';
import { listApiKeys } from '@/lib/merchants/api-keys/list-api-keys';
import { DEVELOPERS_COPY } from '@/lib/surfaces/dashboard/copy/developers';
import { createApiKeyAction } from '@/lib/surfaces/dashboard/actions/api-keys';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { ROLE_GRANTS } from '@/lib/access/people/roles';
import { pageLocale } from '../../../frame';
import { ActionForm } from '../action-form';
import { memberOf, shellWords } from '../member';
import { CreateKeyForm } from './create-key';
import { WebhooksSection } from './webhooks-section';
import { listWebhooks } from '@/lib/notifications/webhooks/manage';
import { WEBHOOK_ACTIONS } from '@/lib/surfaces/dashboard/actions/webhooks';
import styles from '../ui.module.css';
import { DataTable } from '../../../ui/table';
import { when as whenIn } from '../../../ui/format';

export const metadata: Metadata = { title: 'Developers' };

export default async function DevelopersPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = DEVELOPERS_COPY[locale];
  const shell = await shellWords();
  const keys = await listApiKeys(ctx.db, ctx.tenant);
  // The page offers only what the role may do; the actions check it again whatever is posted.
  const mayManage = allows(ctx.role, createApiKeyAction.allowed);
  const webhooks = await listWebhooks(ctx.db, ctx.tenant);
  const at = whenIn(locale);
  const when = (iso: string | null) => (iso ? at(iso) : words.never);
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>
        {words.lead}{' '}
        <a className={styles.link} href="/docs">
          {words.docs}
        </a>
      </p>
      <section className={styles.section} aria-labelledby="keys">
        <h2 className={styles.sectionTitle} id="keys">
          {words.keys}
        </h2>
        {keys.length === 0 ? (
          <p className={styles.empty}>{words.no_keys}</p>
        ) : (
          <DataTable
            label={words.keys}
            columns={[
              words.name,
              words.prefix,
              words.access,
              words.status,
              words.last_used,
              { label: words.revoke, hidden: true },
            ]}
          >
            {keys.map((k) => (
              <tr key={k.id}>
                <th scope="row">
                  <bdi>{k.key_name}</bdi>
                </th>
                <td className={styles.mono}>{k.key_prefix}…</td>
                <td>{k.scope === 'FULL_ACCESS' ? words.full : k.permissions.join(', ')}</td>
                <td>
                  <span className={k.status === 'active' ? styles.good : styles.bad}>
                    {wordFor(STATUS_WORDS[locale].key_status, k.status)}
                  </span>
                </td>
                <td>{when(k.last_used_at)}</td>
                <td>
                  {mayManage && k.status === 'active' && (
                    <ActionForm
                      name="revokeApiKey"
                      mode={ctx.mode}
                      words={shell}
                      submit={
                        <>
                          {words.revoke} <bdi>{k.key_name}</bdi>
                        </>
                      }
                      hidden={{ key_id: k.id }}
                      variant="danger"
                      inline
                      success={words.revoked}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {mayManage && (
        <section className={styles.section} aria-labelledby="create-key">
          <h2 className={styles.sectionTitle} id="create-key">
            {words.create}
          </h2>
          <CreateKeyForm mode={ctx.mode} words={words} shell={shell} grant={ROLE_GRANTS[ctx.role]} />
        </section>
      )}
      <section className={styles.section} aria-labelledby="checkout-button">
        <h2 className={styles.sectionTitle} id="checkout-button">
          {words.button}
        </h2>
        <p className={styles.hint}>{words.button_lead}</p>
        <a className={styles.link} href={`/dashboard/${ctx.mode}/developers/button`}>
          {words.button_open}
        </a>
      </section>
      <WebhooksSection
        ctx={ctx}
        webhooks={webhooks}
        words={words}
        shell={shell}
        mayManage={allows(ctx.role, WEBHOOK_ACTIONS.createWebhook.allowed)}
      />
    </>
  );
}
