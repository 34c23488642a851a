import type { Metadata } from 'next';
import { readApplication } from '@/lib/operator/go-live/read';
import { EDITABLE } from '@/lib/operator/go-live/application';
import { CURRENCY_CODES } from '@/lib/platform/money/currencies';
import { fill } from '@/lib/surfaces/dashboard/copy';
import { GO_LIVE_COPY, statusWords } from '@/lib/surfaces/dashboard/copy/go-live';
import { pageLocale } from '../../../frame';
import { memberOf, shellWords } from '../member';
import { when as whenIn } from '../../../ui/format';
import { ApplicationForm } from './application-form';
import { ActionForm } from '../action-form';
import { RemoveForm, SubmitForm, UploadForm } from './document-forms';
import styles from '../ui.module.css';

export const metadata: Metadata = { title: 'Go live' };

/**
 * The business's application to go live: where it stands (and the operator's words when they asked
 * for more or declined), then for owners, while it may still change, the fields, the documents and
 * sending it; and every decision so far. Once declined, an owner may start a new application from it
 * (its fields copied); the declined ones stay listed under "Earlier applications". Other roles see
 * where it stands only.
 */
export default async function GoLivePage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const locale = await pageLocale();
  const words = GO_LIVE_COPY[locale];
  const shell = await shellWords();
  const when = whenIn(locale);
  const application = await readApplication(ctx.db, ctx.merchant.id);
  const owner = ctx.role === 'owner';
  const editable = !application || EDITABLE.includes(application.status);
  const answered = application && ['rejected', 'more_info'].includes(application.status);
  return (
    <>
      <h1 className={styles.title}>{words.title}</h1>
      <p className={styles.lead}>{words.lead}</p>
      <section className={styles.section} aria-labelledby="golive-status">
        <h2 className={styles.sectionTitle} id="golive-status">
          {words.status}
        </h2>
        <p data-testid="golive-status">
          <span className={styles.badge}>{statusWords(words, application?.status ?? null)}</span>
        </p>
        {answered && application.decision_reason && (
          <div className={styles.attention} data-testid="golive-reason">
            <p className={styles.label}>{words.operator_said}</p>
            <p>{application.decision_reason}</p>
          </div>
        )}
        {application?.status === 'approved' && (
          <p>
            <a className={styles.link} href="/dashboard/live">
              {words.live_is_on}
            </a>
          </p>
        )}
        {!owner && <p className={styles.hint}>{words.owners_only}</p>}
      </section>
      {owner && editable && (
        <>
          <section className={styles.section} aria-labelledby="golive-details">
            <h2 className={styles.sectionTitle} id="golive-details">
              {words.business}
            </h2>
            <ApplicationForm
              mode={ctx.mode}
              words={words}
              shell={shell}
              values={application ?? {}}
              currencies={CURRENCY_CODES}
            />
          </section>
          <section className={styles.section} aria-labelledby="golive-documents">
            <h2 className={styles.sectionTitle} id="golive-documents">
              {words.documents}
            </h2>
            <DocumentList mode={ctx.mode} documents={application?.documents ?? []} removable />
            <UploadForm mode={ctx.mode} words={words} shell={shell} />
          </section>
          <section className={styles.section} aria-labelledby="golive-submit">
            <h2 className={styles.sectionTitle} id="golive-submit">
              {words.submit_title}
            </h2>
            <p className={styles.hint}>{words.submit_lead}</p>
            <SubmitForm mode={ctx.mode} words={words} shell={shell} />
          </section>
        </>
      )}
      {owner && !editable && application && application.documents.length > 0 && (
        <section className={styles.section} aria-labelledby="golive-documents">
          <h2 className={styles.sectionTitle} id="golive-documents">
            {words.documents}
          </h2>
          <DocumentList mode={ctx.mode} documents={application.documents} removable={false} />
        </section>
      )}
      {owner && application?.status === 'rejected' && (
        <section className={styles.section} aria-labelledby="golive-reapply">
          <h2 className={styles.sectionTitle} id="golive-reapply">
            {words.reapply_title}
          </h2>
          <p className={styles.hint}>{words.reapply_lead}</p>
          <ActionForm
            name="reapplyGoLive"
            mode={ctx.mode}
            words={shell}
            submit={words.reapply}
            success={words.reapplied}
          />
        </section>
      )}
      {application && application.decisions.length > 0 && (
        <section className={styles.section} aria-labelledby="golive-history">
          <h2 className={styles.sectionTitle} id="golive-history">
            {words.history}
          </h2>
          <ul className={styles.lines} data-testid="golive-history">
            {application.decisions.map((d) => (
              <li key={`${d.at}-${d.decision}`}>
                {when(d.at)}: {words[`decision_${d.decision}`]} ({d.by}){d.reason ? `: ${d.reason}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {application && application.earlier.length > 0 && (
        <section className={styles.section} aria-labelledby="golive-earlier">
          <h2 className={styles.sectionTitle} id="golive-earlier">
            {words.earlier}
          </h2>
          <ul className={styles.lines} data-testid="golive-earlier">
            {application.earlier.map((e) => (
              <li key={e.id}>
                <p className={styles.label}>
                  {fill(words.earlier_item, { date: when(e.created_at), status: statusWords(words, e.status) })}
                </p>
                <ul>
                  {e.decisions.map((d) => (
                    <li key={`${d.at}-${d.decision}`}>
                      {when(d.at)}: {words[`decision_${d.decision}`]} ({d.by}){d.reason ? `: ${d.reason}` : ''}
                    </li>
                  ))}
                </ul>
                {owner && e.documents.length > 0 && (
                  <DocumentList mode={ctx.mode} documents={e.documents} removable={false} />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );

  function DocumentList({
    mode,
    documents,
    removable,
  }: {
    mode: string;
    documents: { id: string; kind: string; file_name: string; size_bytes: number }[];
    removable: boolean;
  }) {
    if (documents.length === 0) return <p className={styles.empty}>{words.no_documents}</p>;
    return (
      <ul data-testid="golive-documents">
        {documents.map((d) => (
          <li key={d.id} className={styles.row}>
            <a className={styles.link} href={`/dashboard/${mode}/go-live/documents/${d.id}`} download>
              <bdi>{d.file_name}</bdi>
            </a>
            <span className={styles.hint}>
              {d.kind.toUpperCase()}, {Math.max(1, Math.round(d.size_bytes / 1024))} KB
            </span>
            {removable && <RemoveForm mode={mode} words={words} shell={shell} id={d.id} name={d.file_name} />}
          </li>
        ))}
      </ul>
    );
  }
}
