import type { Metadata } from 'next';
import { SETTINGS_COPY } from '@/lib/surfaces/dashboard/copy/settings';
import { auditLogFor } from '@/lib/surfaces/dashboard/team/audit';
import { pageLocale } from '../../../../frame';
import { memberOf } from '../../member';
import styles from '../../ui.module.css';
import own from '../settings.module.css';
import { DataTable } from '../../../../ui/table';

export const metadata: Metadata = { title: 'Audit log' };

/** Who did what, newest first, for owners; `?after=<entry id>` is the next page. */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ mode: string }>;
  searchParams: Promise<{ after?: string | string[] }>;
}) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = SETTINGS_COPY[locale];
  const { after } = await searchParams;
  const page = await auditLogFor(ctx, typeof after === 'string' ? after : null);
  if (!page) return <p className={styles.empty}>{words.owners_only}</p>;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const base = `/dashboard/${ctx.mode}/settings/audit`;
  return (
    <>
      <p className={styles.lead}>{words.audit_lead}</p>
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
              <tr key={r.id}>
                <td className={own.nowrap}>{date.format(r.createdAt)}</td>
                <td className={styles.mono}>
                  <bdi>{r.actorEmail}</bdi>
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
        {(after || page.next) && (
          <nav className={own.pager} aria-label={words.pages}>
            {after && (
              <a className={styles.link} href={base}>
                {words.newest}
              </a>
            )}
            {page.next && (
              <a className={styles.link} href={`${base}?after=${page.next}`}>
                {words.older}
              </a>
            )}
          </nav>
        )}
      </section>
    </>
  );
}
