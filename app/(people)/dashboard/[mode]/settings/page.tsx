import type { Metadata } from 'next';
import { MEMBER_ROLES, type MemberRole } from '@/lib/platform/vocabulary';
import { roleName, SETTINGS_COPY } from '@/lib/surfaces/dashboard/copy/settings';
import { TEAM_ACTIONS } from '@/lib/surfaces/dashboard/actions/team';
import { allows } from '@/lib/surfaces/dashboard/perform';
import { listTeam } from '@/lib/surfaces/dashboard/team/members';
import { pageLocale } from '../../../frame';
import { ActionForm } from '../action-form';
import { memberOf, shellWords } from '../member';
import styles from '../ui.module.css';
import own from './settings.module.css';
import { DataTable } from '../../../ui/table';
import { when as whenIn } from '../../../ui/format';
import { SelectField, TextField } from '../../../ui/field';

export const metadata: Metadata = { title: 'Team' };

/**
 * The team: members (change a role, remove), pending invitations (cancel), a new invitation. The
 * page offers each person only what their role may do; the actions check it again whatever is posted.
 */
export default async function TeamPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = SETTINGS_COPY[locale];
  const shell = await shellWords();
  const manages = allows(ctx.role, TEAM_ACTIONS.inviteMember.allowed);
  // Who is invited, and the invitations' ids, reach only those who manage the team (null for the rest).
  const { members, invitations } = await listTeam(ctx);
  // An admin neither touches an owner nor makes one (lib/surfaces/dashboard/team/members.ts).
  const mayTouch = (role: MemberRole | null) => manages && (ctx.role === 'owner' || role !== 'owner');
  // The only owner can be neither demoted nor removed: no form that would only be refused.
  const onlyOwner = members.filter((m) => m.role === 'owner').length === 1;
  const changeable = (role: MemberRole) => mayTouch(role) && !(onlyOwner && role === 'owner');
  const grantable = MEMBER_ROLES.filter((r) => ctx.role === 'owner' || r !== 'owner');
  const date = whenIn(locale);
  return (
    <>
      <p className={styles.lead}>{words.team_lead}</p>
      {!manages && <p className={styles.empty}>{words.read_only}</p>}
      {ctx.role === 'admin' && <p className={styles.empty}>{words.admin_note}</p>}
      {manages && <p className={styles.empty}>{words.keys_note}</p>}
      <section className={styles.section} aria-labelledby="members">
        <h2 className={styles.sectionTitle} id="members">
          {words.members}
        </h2>
        <DataTable label={words.members} columns={[words.name, words.email, words.role, manages && words.actions]}>
          {members.map((m) => (
            <tr key={m.id}>
              <th scope="row">
                <bdi>{m.name}</bdi> {m.userId === ctx.person.user.id && words.you}
              </th>
              <td className={styles.mono}>{m.email}</td>
              <td>{roleName(words, m.role)}</td>
              {manages && (
                <td>
                  {changeable(m.role) && (
                    <div className={own.cellForms}>
                      <ActionForm
                        name="changeMemberRole"
                        mode={ctx.mode}
                        words={shell}
                        submit={words.change_role}
                        hidden={{ member_id: m.id }}
                        variant="secondary"
                        inline
                        success={words.role_changed}
                      >
                        <label className={styles.visuallyHidden} htmlFor={`role-${m.id}`}>
                          {`${words.new_role_for} ${m.email}`}
                        </label>
                        <select id={`role-${m.id}`} name="role" defaultValue={m.role} className={own.select}>
                          {grantable.map((r) => (
                            <option key={r} value={r}>
                              {roleName(words, r)}
                            </option>
                          ))}
                        </select>
                      </ActionForm>
                      <ActionForm
                        name="removeTeamMember"
                        mode={ctx.mode}
                        words={shell}
                        submit={
                          <>
                            {words.remove} <bdi>{m.name}</bdi>
                          </>
                        }
                        hidden={{ member_id: m.id }}
                        variant="danger"
                        inline
                        success={words.removed}
                      />
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      </section>
      {invitations && (
        <section className={styles.section} aria-labelledby="invitations">
          <h2 className={styles.sectionTitle} id="invitations">
            {words.invitations}
          </h2>
          {invitations.length === 0 ? (
            <p className={styles.empty}>{words.no_invitations}</p>
          ) : (
            <DataTable
              label={words.invitations}
              columns={[words.email, words.role, words.invited_by, words.expires, manages && words.actions]}
            >
              {invitations.map((i) => (
                <tr key={i.id}>
                  <th scope="row" className={styles.mono}>
                    {i.email}
                  </th>
                  <td>{roleName(words, i.role ?? 'viewer')}</td>
                  <td>
                    <bdi>{i.invitedBy}</bdi>
                  </td>
                  <td>{date(i.expiresAt)}</td>
                  {manages && (
                    <td>
                      {mayTouch(i.role) && (
                        <ActionForm
                          name="cancelTeamInvitation"
                          mode={ctx.mode}
                          words={shell}
                          submit={words.cancel}
                          hidden={{ invitation_id: i.id }}
                          variant="danger"
                          inline
                          success={words.cancelled}
                        />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      )}
      {manages && (
        <section className={styles.section} aria-labelledby="invite">
          <h2 className={styles.sectionTitle} id="invite">
            {words.invite}
          </h2>
          <p className={styles.lead}>{words.invite_lead}</p>
          <ActionForm
            name="inviteMember"
            mode={ctx.mode}
            words={shell}
            submit={words.invite_submit}
            success={words.invited}
          >
            <TextField id="invite-email" label={words.email} name="email" type="email" autoComplete="off" required />
            <SelectField id="invite-role" label={words.role} hint={words.role_help} name="role" defaultValue="viewer">
              {grantable.map((r) => (
                <option key={r} value={r}>
                  {roleName(words, r)}
                </option>
              ))}
            </SelectField>
          </ActionForm>
        </section>
      )}
    </>
  );
}
