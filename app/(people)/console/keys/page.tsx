import type { Metadata } from 'next';
import { consolePage } from '../console-page';
import styles from '../../dashboard/[mode]/ui.module.css';
import { DataTable } from '../../ui/table';
import { ConsoleForm } from '../action-form';
import { CreateAdminKeyForm } from './create-key';

export const metadata: Metadata = { title: 'Admin keys' };

/** Operators' keys for the operator API: who holds which, when it was last used; make your own, revoke any. */
export default async function AdminKeysPage() {
  const page = await consolePage('keys', (w) => w.keys_title);
  if (!page.ok) return page.refused;
  const { words, data, when } = page;
  return (
    <>
      <h1 className={styles.title}>{words.keys_title}</h1>
      <p className={styles.lead}>{words.keys_lead}</p>
      <section className={styles.section} aria-labelledby="new-key">
        <h2 className={styles.sectionTitle} id="new-key">
          {words.key_create}
        </h2>
        <CreateAdminKeyForm words={words} />
      </section>
      <section className={styles.section} aria-labelledby="keys">
        <h2 className={styles.sectionTitle} id="keys">
          {words.keys_title}
        </h2>
        {data.length === 0 ? (
          <p className={styles.empty}>{words.no_keys}</p>
        ) : (
          <DataTable
            label={words.keys_title}
            columns={[words.key_name, words.key_prefix, words.key_holder, words.created, words.key_last_used, '']}
          >
            {data.map((k) => (
              <tr key={k.id}>
                <th scope="row">
                  <bdi>{k.name}</bdi>
                </th>
                <td className={styles.mono}>{k.key_prefix}…</td>
                <td className={styles.mono}>{k.operator_email}</td>
                <td>{when(k.created_at)}</td>
                <td>{when(k.last_used_at, words.never)}</td>
                <td>
                  {k.revoked_at ? (
                    <span className={styles.badge}>
                      {words.key_revoked} {when(k.revoked_at)}
                    </span>
                  ) : (
                    <ConsoleForm
                      name="revokeAdminKey"
                      idPrefix={`revoke-${k.id}`}
                      words={words}
                      submit={`${words.key_revoke} ${k.key_prefix}…`}
                      hidden={{ key_id: k.id }}
                      variant="danger"
                      inline
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
