import type { Metadata } from 'next';
import { ACTOR_TYPES } from '@/lib/platform/vocabulary';
import { SETTINGS_COPY } from '@/lib/surfaces/dashboard/copy/settings';
import { auditLogFor, auditQuery } from '@/lib/surfaces/dashboard/team/audit';
import { pageLocale } from '../../../../frame';
import { memberOf } from '../../member';
import styles from '../../ui.module.css';
import own from '../settings.module.css';
import { DataTable } from '../../../../ui/table';
import { SelectField, TextField } from '../../../../ui/field';

export const metadata: Metadata = { title: 'Audit log' };

/** Who did what, newest first, for owners: filtered by actor and action (`?actor=&action=`), `?after=<entry id>` pages on. */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = SETTINGS_COPY[locale];
  const given = Object.fromEntries(
    Object.entries(await searchParams).flatMap(([k, v]) => (typeof v === 'string' && v !== '' ? [[k, v]] : [])),
  );
  // A filter that is not one (a hand-edited address) shows the unfiltered log rather than an error.
  const parsed = auditQuery.safeParse(given);
  const query = parsed.success ? parsed.data : {};
  const page = await auditLogFor(ctx, query);
  if (!page) return <p className={styles.empty}>{words.owners_only}</p>;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const base = `/dashboard/${ctx.mode}/settings/audit`;
  const filter = new URLSearchParams({
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.action ? { action: query.action } : {}),
  });
  const withFilter = (extra: Record<string, string>) =>
    `?${new URLSearchParams({ ...Object.fromEntries(filter), ...extra })}`;
  return (
    <>
      <p className={styles.lead}>{words.audit_lead}</p>
      <form method="get" action={base} className={styles.row} aria-label={words.audit_filter}>
        <SelectField id="audit-actor" label={words.audit_actor} name="actor" defaultValue={query.actor ?? ''}>
          <option value="">{words.audit_any}</option>
          {ACTOR_TYPES.map((type) => (
            <option key={type} value={type}>
              {words[`actor_${type}`]}
            </option>
          ))}
        </SelectField>
        <TextField id="audit-action" label={words.audit_action} name="action" defaultValue={query.action ?? ''} />
        <button type="submit" className={styles.secondary}>
          {words.audit_apply}
        </button>
      </form>
      <p>
        <a className={styles.link} href={`${base}/export${filter.size ? `?${filter}` : ''}`} download>
          {words.audit_export}
        </a>
      </p>
      <section className={styles.section} aria-labelledby="audit">
        <h2 className={styles.sectionTitle} id="audit">
          {words.tab_audit}
        </h2>
        {page.rows.length === 0 ? (
          <p className={styles.empty}>{words.no_entries}</p>
        ) : (
          <DataTable
            label={words.tab_audit}
            columns={[words.when, words.who, words.what, words.target, words.mode, words.address]}
          >
            {page.rows.map((r) => (
              <tr key={r.id} data-actor={r.actorType}>
                <td className={own.nowrap}>{date.format(r.createdAt)}</td>
                <td className={styles.mono}>
                  <bdi>{r.actor}</bdi>
                  <br />
                  <span className={styles.hint}>{words[`actor_${r.actorType}`]}</span>
                </td>
                <th scope="row" className={styles.mono}>
                  {r.action}
                </th>
                <td className={styles.mono}>{r.target ?? '—'}</td>
                <td>{r.mode ?? '—'}</td>
                <td className={styles.mono}>{r.ipAddress ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
        {(query.after || page.next) && (
          <nav className={own.pager} aria-label={words.pages}>
            {query.after && (
              <a className={styles.link} href={`${base}${withFilter({})}`}>
                {words.newest}
              </a>
            )}
            {page.next && (
              <a className={styles.link} href={`${base}${withFilter({ after: page.next })}`}>
                {words.older}
              </a>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
