import { getAuthenticatorName } from '@better-auth/passkey';
import { listPasskeys, passkeysHere } from '@/lib/access/people/passkeys';
import type { SettingsWords } from '@/lib/surfaces/dashboard/copy/settings';
import type { ShellWords } from '@/lib/surfaces/dashboard/copy/shell';
import type { MemberCtx } from '@/lib/surfaces/dashboard/member';
import type { PeopleLocale } from '@/lib/platform/i18n/locale';
import { DataTable } from '../../../../ui/table';
import { when as whenIn } from '../../../../ui/format';
import styles from '../../ui.module.css';
import { AddPasskeyForm, PasskeyActionForm } from './passkey-forms';

/**
 * The person's passkeys: what they are called, when added and last used, delete; and adding one,
 * which needs two-step verification first (each change asks for a fresh code). Where the service's
 * public URL is an IP address, browsers refuse passkeys: the section says so and offers nothing.
 */
export async function PasskeysSection({
  ctx,
  words,
  shell,
  locale,
}: {
  ctx: MemberCtx;
  words: SettingsWords;
  shell: ShellWords;
  locale: PeopleLocale;
}) {
  const rp = passkeysHere();
  const title = (
    <h2 className={styles.sectionTitle} id="passkeys">
      {words.passkeys}
    </h2>
  );
  if (!rp.available) {
    return (
      <section className={styles.section} aria-labelledby="passkeys">
        {title}
        <p className={styles.empty}>{words.passkeys_unavailable.replace('{host}', rp.host)}</p>
      </section>
    );
  }
  const passkeys = await listPasskeys(ctx.db, ctx.person.user.id);
  const date = whenIn(locale);
  const nameOf = (p: (typeof passkeys)[number]) => p.name ?? getAuthenticatorName(p.aaguid) ?? words.passkey_unnamed;
  return (
    <section className={styles.section} aria-labelledby="passkeys">
      {title}
      <p>{words.passkeys_lead}</p>
      {passkeys.length === 0 ? (
        <p className={styles.empty}>{words.passkeys_none}</p>
      ) : (
        <DataTable
          label={words.passkeys}
          columns={[
            words.passkey_name,
            words.passkey_added_on,
            words.passkey_last_used,
            { label: words.actions, hidden: true },
          ]}
        >
          {passkeys.map((p, i) => (
            <tr key={p.id}>
              <th scope="row">
                <bdi>{nameOf(p)}</bdi> {p.backedUp && <span className={styles.badge}>{words.passkey_synced}</span>}
              </th>
              <td>{date(p.createdAt)}</td>
              <td>{p.lastUsedAt ? date(p.lastUsedAt) : words.passkey_never_used}</td>
              <td>
                <PasskeyActionForm
                  name="deletePasskey"
                  mode={ctx.mode}
                  shell={shell}
                  words={words}
                  idPrefix={`passkey-${i}`}
                  submit={
                    <>
                      {words.passkey_delete} <bdi>{nameOf(p)}</bdi>
                    </>
                  }
                  hidden={{ passkey_id: p.id }}
                  variant="danger"
                  inline
                  success={words.passkey_deleted}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h3 className={styles.sectionTitle}>{words.passkey_add}</h3>
      {ctx.person.user.twoFactor ? (
        <AddPasskeyForm mode={ctx.mode} words={words} shell={shell} />
      ) : (
        <p>
          {words.passkeys_need_two_factor}{' '}
          <a className={styles.link} href="/dashboard/two-factor">
            {words.two_factor_set_up}
          </a>
        </p>
      )}
    </section>
  );
}
