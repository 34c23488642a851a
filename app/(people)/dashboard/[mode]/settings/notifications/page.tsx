import type { Metadata } from 'next';
import { NOTIFICATION_COPY } from '@/lib/surfaces/dashboard/copy/notifications';
import { readNoticeChoices, TEAM_NOTICES } from '@/lib/merchants/mail/preferences';
import { pageLocale } from '../../../../frame';
import { ActionForm } from '../../action-form';
import { memberOf, shellWords } from '../../member';
import styles from '../../ui.module.css';
import own from './notifications.module.css';

export const metadata: Metadata = { title: 'Notifications' };

/** The member's own money mail for this business (docs/mail.md): one box per kind of notice. */
export default async function NotificationsPage({ params }: { params: Promise<{ mode: string }> }) {
  const ctx = await memberOf(params);
  if (!ctx) return null;
  const words = NOTIFICATION_COPY[await pageLocale()];
  const shell = await shellWords();
  const { choices, chosen } = await readNoticeChoices(ctx.db, {
    userId: ctx.person.user.id,
    merchantId: ctx.merchant.id,
    role: ctx.role,
  });
  return (
    <>
      <p className={styles.lead}>{words.lead}</p>
      <section className={styles.section} aria-labelledby="notifications">
        <h2 className={styles.sectionTitle} id="notifications">
          {words.tab}
        </h2>
        <p className={styles.hint}>
          {words.sent_to} <bdi className={styles.mono}>{ctx.person.user.email}</bdi>
        </p>
        <ActionForm
          name="updateMailPreferences"
          mode={ctx.mode}
          words={shell}
          submit={words.save}
          success={words.saved}
        >
          <fieldset className={own.choices}>
            <legend className={styles.label}>{words.legend}</legend>
            {!chosen && <p className={styles.hint}>{words.defaults_note}</p>}
            {TEAM_NOTICES.map((notice) => (
              <div key={notice} className={own.choice}>
                <input
                  type="checkbox"
                  id={`notice-${notice}`}
                  name={notice}
                  defaultChecked={choices[notice]}
                  aria-describedby={`notice-${notice}-hint`}
                />
                <label htmlFor={`notice-${notice}`}>
                  {words[notice]}
                  <span id={`notice-${notice}-hint`} className={`${styles.hint} ${own.hint}`}>
                    {words[`${notice}_hint`]}
                  </span>
                </label>
              </div>
            ))}
          </fieldset>
        </ActionForm>
      </section>
    </>
  );
}
