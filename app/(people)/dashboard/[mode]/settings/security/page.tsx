import type { Metadata } from 'next';
import { SETTINGS_COPY, type SettingsWords } from '@/lib/surfaces/dashboard/copy/settings';
import { listSessions } from '@/lib/surfaces/dashboard/team/sessions';
import { pageLocale } from '../../../../frame';
import { ActionForm } from '../../action-form';
import { memberOf, shellWords } from '../../member';
import styles from '../../ui.module.css';
import { DataTable } from '../../../../ui/table';
import { when as whenIn } from '../../../../ui/format';
import { PasskeysSection } from './passkeys-section';

export const metadata: Metadata = { title: 'Security' };

/** A browser's user agent in a few words: "Firefox on Windows". */
function deviceOf(userAgent: string | null, words: SettingsWords): string {
  if (!userAgent) return words.unknown_device;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The person's own sessions (never their tokens), two-step verification and passkeys. */
export default async function SecurityPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = SETTINGS_COPY[locale];
  const shell = await shellWords();
  const sessions = await listSessions(ctx.db, ctx.person.user.id);
  const current = ctx.person.session.id;
  const date = whenIn(locale);
  return (
    <>
      <p className={styles.lead}>{words.security_lead}</p>
      <section className={styles.section} aria-labelledby="sessions">
        <h2 className={styles.sectionTitle} id="sessions">
          {words.sessions}
        </h2>
        <DataTable
          label={words.sessions}
          columns={[
            words.device,
            words.address,
            words.started,
            words.last_seen,
            { label: words.actions, hidden: true },
          ]}
        >
          {sessions.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                {deviceOf(s.userAgent, words)}{' '}
                {s.id === current && <span className={styles.good}>{words.this_device}</span>}
              </th>
              <td className={styles.mono}>{s.ipAddress || '—'}</td>
              <td>{date(s.createdAt)}</td>
              <td>{date(s.lastSeenAt)}</td>
              <td>
                {s.id !== current && (
                  <ActionForm
                    name="revokeOwnSession"
                    mode={ctx.mode}
                    words={shell}
                    submit={`${words.revoke} ${deviceOf(s.userAgent, words)}`}
                    hidden={{ session_id: s.id }}
                    variant="danger"
                    inline
                    success={words.revoked}
                  />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        {sessions.length > 1 && (
          <div style={{ marginTop: '1rem' }}>
            <ActionForm
              name="signOutOtherSessions"
              mode={ctx.mode}
              words={shell}
              submit={words.sign_out_others}
              variant="secondary"
              // Those browsers must sign in again (password and code): asked first.
              confirm={shell.confirm_question}
              success={words.signed_out_others}
            />
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby="two-factor">
        <h2 className={styles.sectionTitle} id="two-factor">
          {words.two_factor}
        </h2>
        <p>
          {/* A sentence, not a one-word badge: it wraps on a phone instead of widening the page. */}
          <span className={ctx.person.user.twoFactor ? styles.good : styles.bad} style={{ whiteSpace: 'normal' }}>
            {ctx.person.user.twoFactor ? words.two_factor_on : words.two_factor_off}
          </span>
        </p>
        {!ctx.person.user.twoFactor && (
          <p>
            <a className={styles.link} href="/dashboard/two-factor">
              {words.two_factor_set_up}
            </a>
          </p>
        )}
      </section>
      <PasskeysSection ctx={ctx} words={words} shell={shell} locale={locale} />
    </>
  );
}
